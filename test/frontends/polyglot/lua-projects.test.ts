import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, read, tmpDir, writeTree } from '../../cli/helpers';

/**
 * Lua projects (languages/lua.ts): a class written as a table with colon methods (middleclass's `class("Result")`,
 * a Roblox module's `Result.__index = Result`) declares the fields its methods assign to `self`; a help desk's
 * class of the same shape, fed by another host, stays unreported and unchanged.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const model = (name: string, extra: string) =>
  [
    'local class = require("middleclass")',
    '',
    `local ${name} = class("${name}")`,
    '',
    `function ${name}:initialize(data)`,
    '  data = data or {}',
    '  self.token = data.token',
    '  self.advice = data.advice',
    '  self.mode = data.mode',
    `  ${extra}`,
    'end',
    '',
    `return ${name}`,
  ].join('\n');

const client = (name: string, url: string, segment: string) =>
  [
    'local http = require("socket.http")',
    'local json = require("dkjson")',
    `local ${name} = require("models.${name.toLowerCase()}")`,
    '',
    'local M = {}',
    '',
    'function M.fetch(token)',
    `  local body, code = http.request("${url}${segment}/" .. token .. "/")`,
    '  if code == 200 then',
    `    return ${name}:new(json.decode(body))`,
    '  end',
    'end',
    '',
    'return M',
  ].join('\n');

describe('Lua classes', () => {
  it("the result's advice assigned to self is a site; the desk reply's stays", async () => {
    writeTree(dir, {
      'models/result.lua': model('Result', 'self.explanation = data.triage_explanation'),
      'api/checker.lua': client('Result', 'https://www.buoyhealth.com/api/', 'results'),
      'models/reply.lua': model('Reply', 'self.queue = data.queue'),
      'api/desk.lua': client('Reply', 'https://help.example.com/api/', 'replies'),
    });
    const r = await scanProject(dir);
    // The field assigned and the key read from the answer.
    expect(sites(r, 'models/result.lua')).toEqual(['8 result-advice-test-removed', '8 result-advice-test-removed']);
    expect(sites(r, 'models/reply.lua')).toEqual([]);
    expect(sites(r, 'api/desk.lua')).toEqual([]);
    expect(r.outcomes.find((o) => o.relPath === 'models/reply.lua')?.after ?? read(dir, 'models/reply.lua')).toBe(model('Reply', 'self.queue = data.queue'));
  });

  it("a table's status constant compared with a bare `status` in the mode update is a site; the desk's queued constant stays", async () => {
    const constants = (table: string, name: string) => [`local M = {}`, '', `M.${table} = {`, '  OK = 200,', `  ${name} = 202,`, '}', '', 'return M'].join('\n');
    const client = (url: string, fn: string, segment: string, table: string, name: string) =>
      [
        'local http = require("resty.http")',
        'local cjson = require("cjson")',
        `local constants = require("${table.toLowerCase()}")`,
        `local ${table} = constants.${table}`,
        '',
        'local M = {}',
        '',
        `function M.${fn}(token, mode)`,
        '  local httpc = http.new()',
        `  local res = httpc:request_uri("${url}${segment}/" .. token .. "/", { method = "PUT", body = cjson.encode({ mode = mode }) })`,
        '  local status = res.status',
        `  if status == ${table}.${name} then`,
        '    return true',
        '  end',
        'end',
        '',
        'return M',
      ].join('\n');
    writeTree(dir, {
      'checker/status.lua': constants('STATUS', 'MODE_PENDING'),
      'checker/client.lua': client('https://www.buoyhealth.com/api/', 'set_mode', 'interviews', 'STATUS', 'MODE_PENDING'),
      'desk/queue.lua': constants('QUEUE', 'TICKET_QUEUED'),
      'desk/client.lua': client('https://help.example.com/api/', 'set_mode', 'tickets', 'QUEUE', 'TICKET_QUEUED'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'checker/client.lua').filter((s) => !s.endsWith('base-url'))).toEqual(['12 mode-update-status-200']);
    expect(sites(r, 'checker/status.lua')).toEqual(['5 mode-update-status-200']);
    expect(sites(r, 'desk/queue.lua')).toEqual([]);
    expect(sites(r, 'desk/client.lua')).toEqual([]);
  });

  it("a removed mode's constant of a group with capitalised names, used through its module (Constants.InterviewModes.Triage), is a site; the desk's stays", async () => {
    const constants = (group: string) => ['local Constants = {}', '', `Constants.${group} = {`, '\tComplaint = "complaint",', '\tTriage = "triage",', '}', '', 'return Constants'].join('\n');
    const service = (url: string, segment: string, group: string) =>
      [
        'local HttpService = game:GetService("HttpService")',
        'local Constants = require(script.Parent.Constants)',
        '',
        'local Service = {}',
        '',
        'function Service.escalate(token)',
        `\tlocal body = HttpService:JSONEncode({ mode = Constants.${group}.Triage })`,
        `\treturn HttpService:RequestAsync({ Url = "${url}${segment}/" .. token .. "/", Method = "PUT", Body = body })`,
        'end',
        '',
        'return Service',
      ].join('\n');
    writeTree(dir, {
      'checker/Constants.lua': constants('InterviewModes'),
      'checker/Service.lua': service('https://www.buoyhealth.com/api/', 'interviews', 'InterviewModes'),
      'desk/Constants.lua': constants('QueueModes'),
      'desk/Service.lua': service('https://help.example.com/api/', 'tickets', 'QueueModes'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'checker/Service.lua').filter((s) => !s.endsWith('base-url'))).toEqual(['7 mode-safe-triage-removed']);
    expect(sites(r, 'checker/Constants.lua')).toEqual(['4 mode-complaint-renamed-input', '5 mode-safe-triage-removed']);
    expect(sites(r, 'desk/Constants.lua')).toEqual([]);
    expect(sites(r, 'desk/Service.lua')).toEqual([]);
  });
});
