import { describe, expect, it } from 'vitest';
import { scanProject, sites, tempProjectDir } from './support';
import { read, writeTree } from '../../cli/helpers';

/**
 * A Lua spec's stub told what to answer (`http:respond(201, { detail = "home" })`, TestEZ and busted doubles), then
 * the client's endpoint called (canned-answers.ts): the answer is that endpoint's resource's. The same spec of a
 * help desk's client stays unreported and unchanged.
 */

const dir = tempProjectDir();

const client = (url: string, fn: string, segment: string) =>
  [
    'local HttpService = game:GetService("HttpService")',
    '',
    'local Client = {}',
    '',
    `function Client.${fn}(self, token, intent)`,
    `  local response = self._http:RequestAsync({ Url = "${url}${segment}/", Method = "POST", Body = HttpService:JSONEncode({ interview = token, intent = intent }) })`,
    '  return HttpService:JSONDecode(response.Body)',
    'end',
    '',
    'return Client',
  ].join('\n');

const spec = (module: string, fn: string) =>
  [
    'return function()',
    `  local Client = require(script.Parent.${module})`,
    '  it("keeps the answer", function()',
    '    local http = { respond = function() end }',
    '    http:respond(201, { token = "i-1", detail = "home", context = "kiosk" })',
    `    Client.${fn}({ _http = http }, "int-1", "self_care")`,
    '  end)',
    'end',
  ].join('\n');

describe('Lua canned answers', () => {
  it("the answer a stub is told to give before the client's endpoint is called is that resource's", async () => {
    writeTree(dir(), { 'Checker/Client.lua': client('https://www.buoyhealth.com/api/', 'createIntent', 'intents'), 'Checker/Client.spec.lua': spec('Client', 'createIntent') });
    const r = await scanProject(dir());
    expect(sites(r, 'Checker/Client.spec.lua')).toEqual(['5 intent-detail-context-removed', '5 intent-detail-context-removed']);
  });

  it("the desk's stays", async () => {
    writeTree(dir(), { 'Desk/Desk.lua': client('https://help.example.com/api/', 'createTicket', 'tickets'), 'Desk/Desk.spec.lua': spec('Desk', 'createTicket') });
    const r = await scanProject(dir());
    expect(sites(r, 'Desk/Desk.spec.lua')).toEqual([]);
    expect(r.outcomes.find((o) => o.relPath === 'Desk/Desk.spec.lua')?.after ?? read(dir(), 'Desk/Desk.spec.lua')).toBe(spec('Desk', 'createTicket'));
  });
});
