import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A Feign ErrorDecoder maps a status to an error when the failed call is one operation (`status == LOCATION_STATUS &&
 * methodKey.contains("createInterview")`): the operation named in the condition is one of the run's endpoints, so the
 * constant holding its old status is a site. A desk client's decoder of the same shape stays unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const tree = (host: string, path: string, op: string) => ({
  'src/main/java/acme/Client.java': [
    'package acme;',
    `@FeignClient(name = "api", url = "${host}")`,
    'public interface Client {',
    `    @PostMapping("${path}")`,
    `    Map<String, Object> ${op}(@RequestBody Map<String, Object> body);`,
    '}',
  ].join('\n'),
  'src/main/java/acme/Decoder.java': [
    'package acme;',
    'public class Decoder implements ErrorDecoder {',
    '    static final int UNPLACED_STATUS = 400;',
    '    public Exception decode(String methodKey, Response response) {',
    '        int status = response.status();',
    `        if (status == UNPLACED_STATUS && methodKey.contains("${op}")) {`,
    '            return new IllegalStateException("unplaced");',
    '        }',
    '        return new RuntimeException("failed");',
    '    }',
    '}',
  ].join('\n'),
});

describe('a Feign error decoder', () => {
  it('reports the constant of the old status of the operation named in its condition', async () => {
    writeTree(dir, tree('https://sandbox.buoyhealth.com/api', '/interviews/anonymous/', 'createInterview'));
    const r = await scanProject(dir);
    expect(sites(r, 'src/main/java/acme/Decoder.java')).toEqual(['3 location-error-422']);
  });

  it("leaves another service's decoder of the same shape", async () => {
    writeTree(dir, tree('https://desk.example.org/api', '/tickets/', 'createTicket'));
    const r = await scanProject(dir);
    expect(sites(r, 'src/main/java/acme/Decoder.java')).toEqual([]);
  });
});
