import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * Reactor's `StepVerifier.create(publisher).assertNext(c -> …)`: the lambda's parameter is what the verified publisher
 * emits, so a read of a removed field on it (`c.getExtra()` after `client.createComplaint(r)`) is a site. The same
 * test of a desk client's publisher stays unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('reads in a StepVerifier lambda', () => {
  it("Java: assertNext on a complaint the client created reads its removed extra; a desk ticket's extra stays", async () => {
    writeTree(dir, {
      'sc/Client.java': [
        'package sc;',
        '',
        'public class Client {',
        '    public Mono<Complaint> createComplaint(Complaint body) {',
        '        return web.post().uri("https://www.buoyhealth.com/api/complaints/").bodyValue(body).retrieve().bodyToMono(Complaint.class);',
        '    }',
        '}',
        '',
      ].join('\n'),
      'sc/ClientTest.java': [
        'package sc;',
        '',
        'class ClientTest {',
        '    @Test',
        '    void keepsExtra() {',
        '        StepVerifier.create(client.createComplaint(request))',
        '                .assertNext(c -> assertThat(c.getExtra()).isEqualTo("after a fall"))',
        '                .verifyComplete();',
        '    }',
        '',
        '    @Test',
        '    void ticketExtra() {',
        '        StepVerifier.create(desk.openTicket(ticket))',
        '                .assertNext(t -> assertThat(t.getExtra()).isEqualTo("after a fall"))',
        '                .verifyComplete();',
        '    }',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'sc/ClientTest.java')).toEqual(['7 complaint-extra-removed']);
  });
});
