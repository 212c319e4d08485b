import { describe, expect, it } from 'vitest';
import { scanProject, sites, tempProjectDir } from './support';
import { read, writeTree } from '../../cli/helpers';

/**
 * Lua endpoint functions declared on a module's table (`function _M.add_complaint(conf, token, text, extra)`,
 * `function Client:create_intent(token, intent, detail, context)`): the arguments callers give by position to a
 * parameter named as a removed request field are sites (endpoint-args.ts). A function of the same name on a table
 * the caller requires from another module (a help desk's `desk.add_complaint(…)`) is that module's: unreported.
 */

const dir = tempProjectDir();

const client = [
  'local http = require "resty.http"',
  'local cjson = require "cjson.safe"',
  '',
  'local _M = {}',
  '',
  'local function request(method, path, payload)',
  '  local httpc = http.new()',
  '  local res = httpc:request_uri("https://sandbox.buoyhealth.com/api/" .. path, { method = method, body = cjson.encode(payload) })',
  '  return res.status, cjson.decode(res.body)',
  'end',
  '',
  'function _M.add_complaint(token, text, extra)',
  '  return request("POST", "complaints/", { interview = token, text = text, extra = extra })',
  'end',
  '',
  'function _M:add_intent(token, intent, detail, context)',
  '  return request("POST", "intents/", { interview = token, intent = intent, detail = detail, context = context })',
  'end',
  '',
  'return _M',
].join('\n');

const caller = (module: string, table: string) =>
  [
    `local ${table} = require "${module}"`,
    '',
    'local M = {}',
    '',
    'function M.submit(token, text, note, why, ctx)',
    `  ${table}.add_complaint(token, text, note)`,
    `  ${table}:add_intent(token, "care", why, ctx)`,
    'end',
    '',
    'return M',
  ].join('\n');

describe('Lua endpoint arguments', () => {
  it("arguments a caller passes by position to a removed field's parameter of the client's table are sites", async () => {
    writeTree(dir(), { 'symptom/client.lua': client, 'symptom/flow.lua': caller('symptom.client', 'client') });
    const r = await scanProject(dir());
    // The parameters where they are declared, and what callers pass to them: the note, then the detail and context.
    expect(sites(r, 'symptom/client.lua').filter((s) => /^1[26] /.test(s))).toEqual(['12 complaint-extra-removed', '16 intent-detail-context-removed', '16 intent-detail-context-removed']);
    expect(sites(r, 'symptom/flow.lua')).toEqual(['6 complaint-extra-removed', '7 intent-detail-context-removed', '7 intent-detail-context-removed']);
  });

  it("the same calls on a table required from another module (a help desk's) stay unreported and unchanged", async () => {
    writeTree(dir(), { 'symptom/client.lua': client, 'support/flow.lua': caller('support.desk', 'desk') });
    const r = await scanProject(dir());
    expect(sites(r, 'support/flow.lua')).toEqual([]);
    expect(r.outcomes.find((o) => o.relPath === 'support/flow.lua')?.after ?? read(dir(), 'support/flow.lua')).toBe(caller('support.desk', 'desk'));
  });
});
