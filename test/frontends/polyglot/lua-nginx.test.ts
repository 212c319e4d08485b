import { describe, expect, it } from 'vitest';
import { prepareNginxLua } from '../../../codemods/frontends/polyglot/languages/lua-nginx';
import { scanProject, sites, tempProjectDir } from './support';
import { read, writeTree } from '../../cli/helpers';

/**
 * Lua inside an nginx configuration a busted spec holds in a long string (Kong's `http_mock` fixtures, an OpenResty
 * test server): languages/lua-nginx.ts writes it as the code it holds, offsets kept, so the answers its
 * `content_by_lua_block`s give are read as the API's answers under the location that serves them, and the
 * locations' v1 paths are stub matchers (and the plain base setting given the v1 path, not a help desk's setting). A help desk's mock server of the same shape stays unreported and unchanged.
 */

const dir = tempProjectDir();

const spec = (base: string, interview: string, result: string) =>
  [
    'local helpers = require "spec.helpers"',
    '',
    `local MOCK_BASE = "http://127.0.0.1:" .. 16566 .. "${base}"`,
    `local DESK_BASE = "http://127.0.0.1:" .. 16567 .. "${base}"`,
    'local fixtures = {',
    '  http_mock = {',
    '    mock = string.format([[',
    '      server {',
    '        listen %d;',
    `        location = ${base}${interview}/i-1/ {`,
    '          access_by_lua_block { ngx.req.read_body() }',
    '          content_by_lua_block {',
    '            ngx.say(require("cjson").encode({',
    '              token = "i-1",',
    '              mode = "complaint",',
    '              extra = "dry cough",',
    '              marketplace = "acme",',
    '            }))',
    '          }',
    '        }',
    `        location ~ ^${base}${result}/ {`,
    '          content_by_lua_block {',
    '            ngx.say(require("cjson").encode({ token = "r-1", advice = "rest", test = { "cbc" } }))',
    '          }',
    '        }',
    '      }',
    '    ]], 16566),',
    '  },',
    '}',
    '',
    'describe("gateway", function()',
    '  lazy_setup(function()',
    '    helpers.start_kong({ plugins = "bundled" }, nil, nil, fixtures)',
    '    bp.plugins:insert { name = "enricher", config = { base_url = MOCK_BASE, helpdesk_url = DESK_BASE } }',
    '  end)',
    'end)',
  ].join('\n');

describe('Lua in an nginx configuration of a spec', () => {
  it('is written as code at its own offsets; a string without Lua blocks is left to the grammar', () => {
    const source = spec('/api/', 'interviews', 'results');
    const prepared = prepareNginxLua(source)!;
    expect(prepared.length).toBe(source.length);
    expect(prepared.split('\n').length).toBe(source.split('\n').length);
    expect(prepared).toContain('location("/api/interviews/i-1/"');
    expect(prepared).toContain('ngx.say(require("cjson").encode({ token = "r-1"');
    expect(prepared).not.toContain('listen');
    expect(prepareNginxLua('local conf = [[ server { listen 80; } ]]')).toBeNull();
    // A block left open: the string stays as it is.
    expect(prepareNginxLua('local conf = [[ server { content_by_lua_block { ngx.say("x") ]]')).toBeNull();
  });

  it("the answers its locations give, their v1 paths and the stub's base are sites", async () => {
    writeTree(dir(), { 'spec/gateway_spec.lua': spec('/api/', 'interviews', 'results') });
    const r = await scanProject(dir());
    expect(sites(r, 'spec/gateway_spec.lua')).toEqual([
      '10 base-url',
      '15 mode-complaint-renamed-input',
      '17 interview-marketplace-variant-removed',
      '21 base-url',
      '23 result-advice-test-removed',
      '23 result-advice-test-removed',
      '3 base-url',
    ]);
  });

  it("a help desk's mock server of the same shape stays unreported and unchanged", async () => {
    const desk = spec('/api/', 'tickets', 'replies');
    writeTree(dir(), { 'spec/desk_spec.lua': desk });
    const r = await scanProject(dir());
    expect(sites(r, 'spec/desk_spec.lua')).toEqual([]);
    expect(r.outcomes.find((o) => o.relPath === 'spec/desk_spec.lua')?.after ?? read(dir(), 'spec/desk_spec.lua')).toBe(desk);
  });
});
