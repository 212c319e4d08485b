import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, read, tmpDir, writeTree } from '../../cli/helpers';

/**
 * Lua endpoint functions named by their module's table (`function _M.add_complaint(conf, token, text, extra)`):
 * their parameters are read, so an argument given by position where the parameter is named for a removed field is a
 * site (endpoint-args.ts); a caller's own parameter passed on under another name is left, and a help desk's client
 * of the same shape, on another host, stays unreported and unchanged.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const client = (url: string, fn: string, segment: string) =>
  [
    'local http = require("resty.http")',
    'local cjson = require("cjson")',
    '',
    'local _M = {}',
    '',
    `function _M.${fn}(token, interview_token, text, extra)`,
    '  local httpc = http.new()',
    `  return httpc:request_uri("${url}${segment}/", { method = "POST", body = cjson.encode({ interview = interview_token, text = text, extra = extra }) })`,
    'end',
    '',
    'return _M',
  ].join('\n');

const caller = (module: string, fn: string) =>
  [
    `local client = require("${module}")`,
    '',
    'local M = {}',
    '',
    'function M.run(token, note)',
    `  client.${fn}(token, "i1", "headache", "since monday")`,
    `  client.${fn}(token, "i1", "headache", ngx.var.http_x_extra)`,
    `  client.${fn}(token, "i1", "headache", note)`,
    'end',
    '',
    'return M',
  ].join('\n');

describe('Lua endpoint arguments', () => {
  it("an argument for an endpoint's parameter named for a removed field is a site, a pass-through isn't; the desk's stays", async () => {
    writeTree(dir, {
      'checker/client.lua': client('https://www.buoyhealth.com/api/', 'add_complaint', 'complaints'),
      'checker/handler.lua': caller('checker.client', 'add_complaint'),
      'desk/client.lua': client('https://help.example.com/api/', 'add_ticket', 'tickets'),
      'desk/handler.lua': caller('desk.client', 'add_ticket'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'checker/handler.lua')).toEqual(['6 complaint-extra-removed', '7 complaint-extra-removed']);
    expect(sites(r, 'checker/client.lua').filter((s) => !s.endsWith('base-url'))).toContain('6 complaint-extra-removed');
    expect(sites(r, 'desk/client.lua')).toEqual([]);
    expect(sites(r, 'desk/handler.lua')).toEqual([]);
    expect(r.outcomes.find((o) => o.relPath === 'desk/handler.lua')?.after ?? read(dir, 'desk/handler.lua')).toBe(caller('desk.client', 'add_ticket'));
  });
});
