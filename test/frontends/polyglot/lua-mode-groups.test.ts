import { describe, expect, it } from 'vitest';
import { scanProject, sites, tempProjectDir } from './support';
import { writeTree } from '../../cli/helpers';

/**
 * A group of mode constants reached through the module that holds it (`constants.MODES.COMPLAINT` after `local
 * constants = require "app.constants"`): a use of the group's member, as `MODES.COMPLAINT` is (mode-members.ts). A
 * help desk's group of the same shape (`constants.TICKET_MODES.COMPLAINT`) stays.
 */

const dir = tempProjectDir();

const constants = (group: string) => ['local _M = {}', '', `_M.${group} = {`, '  COMPLAINT = "complaint",', '  TRIAGE = "triage",', '}', '', 'return _M'].join('\n');

const client = (url: string, segment: string, module: string, group: string) =>
  [
    'local http = require "resty.http"',
    'local cjson = require "cjson.safe"',
    `local constants = require "${module}"`,
    '',
    'local _M = {}',
    '',
    'function _M.set_mode(token, mode)',
    '  local httpc = http.new()',
    `  return httpc:request_uri("${url}${segment}/" .. token .. "/", { method = "PUT", body = cjson.encode({ mode = mode }) })`,
    'end',
    '',
    'function _M.start(conf, token)',
    `  if conf.start_mode ~= constants.${group}.COMPLAINT then`,
    '    _M.set_mode(token, conf.start_mode)',
    '  end',
    'end',
    '',
    'return _M',
  ].join('\n');

describe('Lua mode groups through their module', () => {
  it("the API's group member compared through its module is a site; the desk's stays", async () => {
    writeTree(dir(), {
      'checker/constants.lua': constants('MODES'),
      'checker/client.lua': client('https://www.buoyhealth.com/api/', 'interviews', 'checker.constants', 'MODES'),
      'desk/constants.lua': constants('TICKET_MODES'),
      'desk/client.lua': client('https://help.example.com/api/', 'tickets', 'desk.constants', 'TICKET_MODES'),
    });
    const r = await scanProject(dir());
    expect(sites(r, 'checker/client.lua').filter((s) => !s.endsWith('base-url'))).toEqual(['13 mode-complaint-renamed-input']);
    expect(sites(r, 'desk/client.lua')).toEqual([]);
    expect(sites(r, 'desk/constants.lua')).toEqual([]);
  });
});
