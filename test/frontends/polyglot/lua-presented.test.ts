import { describe, expect, it } from 'vitest';
import { scanProject, sites, tempProjectDir } from './support';
import { read, writeTree } from '../../cli/helpers';

/**
 * A spec's sample given to a presenter of the run whose parameter is named for one of the API's resources
 * (`require("app.handlers.result").present({ advice = … })` on `function _M.present(result)` of a module that
 * talks to the API): the sample is that resource's answer (presented.ts). A help desk's presenter of the same
 * shape, in a module that talks to the desk, keeps its sample unreported and unchanged.
 */

const dir = tempProjectDir();

const handler = (clientModule: string, fn: string, param: string, getter: string) =>
  [
    `local client = require "${clientModule}"`,
    '',
    'local _M = {}',
    '',
    `local function ${fn}(${param})`,
    `  return { token = ${param}.token, advice = ${param}.advice, extra = ${param}.extra }`,
    'end',
    '',
    `_M.${fn} = ${fn}`,
    '',
    'function _M.read(token)',
    `  return ${fn}(client.${getter}(token))`,
    'end',
    '',
    'return _M',
  ].join('\n');

const client = (url: string, getter: string, segment: string) =>
  [
    'local http = require "resty.http"',
    'local cjson = require "cjson.safe"',
    '',
    'local _M = {}',
    '',
    `function _M.${getter}(token)`,
    `  local res = http.new():request_uri("${url}${segment}/" .. token .. "/", { method = "GET" })`,
    '  return cjson.decode(res.body)',
    'end',
    '',
    'return _M',
  ].join('\n');

const spec = (module: string) =>
  [
    'describe("presenter", function()',
    '  it("keeps the advice", function()',
    `    local out = require("${module}").present({`,
    '      token = "r1",',
    '      advice = "Rest.",',
    '      test = { "CBC" },',
    '      extra = "dry",',
    '    })',
    '    assert.equals("Rest.", out.advice)',
    '  end)',
    'end)',
  ].join('\n');

describe('Lua samples given to a presenter', () => {
  it("the sample given to the result's presenter is a result's answer", async () => {
    writeTree(dir(), {
      'symptom/client.lua': client('https://www.buoyhealth.com/api/', 'get_result', 'results'),
      'symptom/handlers/result.lua': handler('symptom.client', 'present', 'result', 'get_result'),
      'spec/result_spec.lua': spec('symptom.handlers.result'),
    });
    const r = await scanProject(dir());
    expect(sites(r, 'spec/result_spec.lua')).toEqual(['5 result-advice-test-removed', '6 result-advice-test-removed']);
  });

  it("the sample given to a desk's presenter of its complaints stays", async () => {
    writeTree(dir(), {
      'symptom/client.lua': client('https://www.buoyhealth.com/api/', 'get_result', 'results'),
      'symptom/handlers/result.lua': handler('symptom.client', 'present', 'result', 'get_result'),
      'desk/client.lua': client('https://help.example.com/api/', 'get_ticket', 'tickets'),
      'desk/handlers/reply.lua': handler('desk.client', 'present', 'complaint', 'get_ticket'),
      'spec/reply_spec.lua': spec('desk.handlers.reply'),
    });
    const r = await scanProject(dir());
    expect(sites(r, 'spec/reply_spec.lua')).toEqual([]);
    expect(r.outcomes.find((o) => o.relPath === 'spec/reply_spec.lua')?.after ?? read(dir(), 'spec/reply_spec.lua')).toBe(spec('desk.handlers.reply'));
  });
});
