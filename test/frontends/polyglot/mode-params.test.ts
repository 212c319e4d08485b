import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A mode passed by position to a parameter named `mode` of a function that calls an endpoint updating the
 * interview (a flow's `advance(token, "safe")`, called from a spec); the same call shape on a function that only
 * labels a mode or moves a helpdesk ticket stays unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('mode parameters of functions that update the interview', () => {
  it('Ruby: `flow.advance(token, "safe")` is a mode sent; `flow.caption(token, "safe")` and `flow.escalate(id, "safe")` are not', async () => {
    writeTree(dir, {
      'lib/api.rb': [
        'class Api',
        '  BASE = "https://www.buoyhealth.com/api/"',
        '',
        '  def change_mode(token, mode)',
        '    put(BASE + "interviews/#{token}/", mode: mode)',
        '  end',
        'end',
        '',
      ].join('\n'),
      'lib/flow.rb': [
        'class Flow',
        '  def advance(token, mode)',
        '    reply = @api.change_mode(token, mode)',
        '    reply.code',
        '  end',
        '',
        '  def caption(token, mode)',
        '    "#{token}: #{mode}"',
        '  end',
        '',
        '  def escalate(id, mode)',
        '    @desk.put("https://desk.example.org/api/tickets/#{id}", mode: mode)',
        '  end',
        'end',
        '',
      ].join('\n'),
      'spec/flow_spec.rb': [
        'RSpec.describe Flow do',
        '  it "advances" do',
        '    stub_request(:put, "https://www.buoyhealth.com/api/interviews/t-1/")',
        '    flow.advance(token, "safe")',
        '    flow.caption(token, "safe")',
        '    flow.escalate(ticket, "safe")',
        '  end',
        'end',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'spec/flow_spec.rb')).toEqual(['3 base-url', '4 mode-safe-triage-removed']);
  });
});
