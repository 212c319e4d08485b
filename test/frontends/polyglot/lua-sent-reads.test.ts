import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, read, tmpDir, writeTree } from '../../cli/helpers';

/**
 * Lua specs that read back the body their stub captured (sent-reads.ts): a test's own list of calls
 * (`calls[1].body.extra`), a helper's `http:lastBody().extra` or `stub.last().body.extra`, or `local body = http:lastBody()` then `body.extra`,
 * in a test that calls the run's endpoint function. The same spec for a help desk's client stays unreported.
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
    `function _M.${fn}(token, text, note)`,
    '  local httpc = http.new()',
    `  return httpc:request_uri("${url}${segment}/", { method = "POST", body = cjson.encode({ text = text, extra = note, detail = note }) })`,
    'end',
    '',
    'return _M',
  ].join('\n');

const spec = (module: string, fn: string) =>
  [
    `local client = require("${module}")`,
    '',
    'describe("client", function()',
    '  it("sends the note", function()',
    '    local calls, http = {}, require("spec.fake_http")',
    `    client.${fn}("t", "headache", "since monday")`,
    '    assert.equal("since monday", calls[1].body.extra)',
    '    expect(http:lastBody().extra).to.equal("since monday")',
    '    local body = http:lastBody()',
    '    expect(body.extra).to.equal("since monday")',
    '    expect(body.text).to.equal("headache")',
    '    assert.are.equal("since monday", stub.last().body.extra)',
    '  end)',
    'end)',
  ].join('\n');

const modeClient = (url: string, fn: string, segment: string) =>
  [
    'local http = require("resty.http")',
    'local cjson = require("cjson")',
    '',
    'local _M = {}',
    '',
    `function _M.${fn}(token, mode)`,
    `  return http.new():request_uri("${url}${segment}/" .. token .. "/", { method = "PUT", body = cjson.encode({ mode = mode }) })`,
    'end',
    '',
    'return _M',
  ].join('\n');

const modeSpec = (module: string, fn: string) =>
  [
    `local client = require("${module}")`,
    '',
    'describe("client", function()',
    '  it("sends the mode", function()',
    '    local calls = {}',
    `    client.${fn}("t", "triage")`,
    '    assert.same({ mode = "triage" }, calls[1].body)',
    '  end)',
    'end)',
  ].join('\n');

describe('Lua sent bodies', () => {
  it("a table asserted the same as the captured body (assert.same) is the body sent; the desk's stays", async () => {
    writeTree(dir, {
      'checker/client.lua': modeClient('https://www.buoyhealth.com/api/', 'set_mode', 'interviews'),
      'spec/checker_spec.lua': modeSpec('checker.client', 'set_mode'),
      'desk/client.lua': modeClient('https://help.example.com/api/', 'set_queue_mode', 'tickets'),
      'spec/desk_spec.lua': modeSpec('desk.client', 'set_queue_mode'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'spec/checker_spec.lua')).toEqual(['6 mode-safe-triage-removed', '7 mode-safe-triage-removed']);
    expect(sites(r, 'spec/desk_spec.lua')).toEqual([]);
    expect(r.outcomes.find((o) => o.relPath === 'spec/desk_spec.lua')?.after ?? read(dir, 'spec/desk_spec.lua')).toBe(modeSpec('desk.client', 'set_queue_mode'));
  });

  it("a removed field read back from the captured body is a site; the desk's spec stays", async () => {
    writeTree(dir, {
      'checker/client.lua': client('https://www.buoyhealth.com/api/', 'add_complaint', 'complaints'),
      'spec/checker_spec.lua': spec('checker.client', 'add_complaint'),
      'desk/client.lua': client('https://help.example.com/api/', 'add_ticket', 'tickets'),
      'spec/desk_spec.lua': spec('desk.client', 'add_ticket'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'spec/checker_spec.lua')).toEqual(['10 complaint-extra-removed', '12 complaint-extra-removed', '7 complaint-extra-removed', '8 complaint-extra-removed']);
    expect(sites(r, 'spec/desk_spec.lua')).toEqual([]);
    expect(r.outcomes.find((o) => o.relPath === 'spec/desk_spec.lua')?.after ?? read(dir, 'spec/desk_spec.lua')).toBe(spec('desk.client', 'add_ticket'));
  });
});
