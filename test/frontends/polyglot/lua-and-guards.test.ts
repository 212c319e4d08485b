import { describe, expect, it } from 'vitest';
import { scanProject, sites, tempProjectDir } from './support';
import { writeTree } from '../../cli/helpers';

/**
 * A value read behind a guard (`local condition = result.triage_explanation and
 * result.triage_explanation.potential_condition`, JavaScript's `a && a.b`) holds the guard's last part (ties.ts):
 * what is read of it is read of that part. The same guard over a help desk's answer stays.
 */

const dir = tempProjectDir();

const client = (url: string, segment: string) =>
  [
    'local http = require "resty.http"',
    'local cjson = require "cjson.safe"',
    '',
    'local _M = {}',
    '',
    'function _M.summary(token)',
    `  local res = http.new():request_uri("${url}${segment}/" .. token .. "/", { method = "GET" })`,
    '  local result = cjson.decode(res.body)',
    '  local condition = result.triage_explanation and result.triage_explanation.potential_condition',
    '  return { urgency = condition and condition.triage }',
    'end',
    '',
    'return _M',
  ].join('\n');

describe('Lua guards', () => {
  it("the part a guard gives is what is read of it; the desk's stays", async () => {
    writeTree(dir(), {
      'symptom/client.lua': client('https://www.buoyhealth.com/api/', 'results'),
      'desk/client.lua': client('https://help.example.com/api/', 'tickets'),
    });
    const r = await scanProject(dir());
    expect(sites(r, 'symptom/client.lua').filter((s) => !s.endsWith('base-url'))).toEqual(['10 potential-condition-triage-removed']);
    expect(sites(r, 'desk/client.lua')).toEqual([]);
  });
});
