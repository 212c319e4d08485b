import { describe, expect, it } from 'vitest';
import { scanProject, sites, tempProjectDir } from './support';
import { read, writeTree } from '../../cli/helpers';

/**
 * A table of field names walked by its keys to read them from an answer (key-lists.ts): `for field, header in
 * pairs(PROFILE_HEADERS) do set_header(header, profile[field]) end`. A removed field among its keys is a site, on the
 * key. The same walk over a help desk's answer stays unreported and unchanged.
 */

const dir = tempProjectDir();

const handler = (url: string, segment: string) =>
  [
    'local http = require "resty.http"',
    'local cjson = require "cjson.safe"',
    '',
    'local PROFILE_HEADERS = {',
    '  age = "X-Patient-Age",',
    '  race = "X-Patient-Race",',
    '  bmi = "X-Patient-Bmi",',
    '}',
    '',
    'local _M = {}',
    '',
    'function _M.enrich(token)',
    `  local res = http.new():request_uri("${url}${segment}/" .. token .. "/", { method = "GET" })`,
    '  local answer = cjson.decode(res.body)',
    '  local profile = answer.profile or {}',
    '  for field, header in pairs(PROFILE_HEADERS) do',
    '    ngx.req.set_header(header, profile[field])',
    '  end',
    'end',
    '',
    'return _M',
  ].join('\n');

describe('Lua tables walked by their keys', () => {
  it("the removed fields among the keys walked over the interview's profile are sites; the desk's stay", async () => {
    const desk = handler('https://help.example.com/api/', 'tickets');
    writeTree(dir(), { 'symptom/handler.lua': handler('https://www.buoyhealth.com/api/', 'interviews'), 'desk/handler.lua': desk });
    const r = await scanProject(dir());
    expect(sites(r, 'symptom/handler.lua').filter((s) => !s.endsWith('base-url'))).toEqual(['6 interview-profile-fields-removed', '7 interview-profile-fields-removed']);
    expect(sites(r, 'desk/handler.lua')).toEqual([]);
    expect(r.outcomes.find((o) => o.relPath === 'desk/handler.lua')?.after ?? read(dir(), 'desk/handler.lua')).toBe(desk);
  });
});
