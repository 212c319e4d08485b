import { describe, expect, it } from 'vitest';
import { scanProject, sites, tempProjectDir } from './support';
import { read, writeTree } from '../../cli/helpers';

/**
 * A TestEZ (or chai) matcher chained on what it checks, `expect(http:lastBody().mode).to.equal("triage")`: a removed
 * mode asserted of the mode sent, read through a Lua method call (`http:lastBody()`, chains.ts), in a spec that talks
 * to the API. The desk's spec of the same shape stays unreported and unchanged.
 */

const dir = tempProjectDir();

const spec = (base: string, segment: string) =>
  [
    'return function()',
    `  local BASE = "${base}"`,
    '  it("escalates", function()',
    '    local http = require(script.Parent.HttpStub).new()',
    `    expect(http:lastRequest().Url).to.equal(BASE .. "${segment}/int-1/")`,
    '    expect(http:lastBody().mode).to.equal("triage")',
    '  end)',
    'end',
  ].join('\n');

describe('Lua expect chains', () => {
  it("a removed mode asserted of the mode sent is a site; the desk's stays", async () => {
    const desk = spec('https://help.example.com/api/', 'tickets');
    writeTree(dir(), { 'Checker/Client.spec.lua': spec('https://www.buoyhealth.com/api/', 'interviews'), 'Desk/Desk.spec.lua': desk });
    const r = await scanProject(dir());
    expect(sites(r, 'Checker/Client.spec.lua').filter((s) => !s.endsWith('base-url'))).toEqual(['6 mode-safe-triage-removed']);
    expect(sites(r, 'Desk/Desk.spec.lua')).toEqual([]);
    expect(r.outcomes.find((o) => o.relPath === 'Desk/Desk.spec.lua')?.after ?? read(dir(), 'Desk/Desk.spec.lua')).toBe(desk);
  });
});
