import * as fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { blindSets, scoreSet, SCORES, type Recorded } from '../../bench/recall';

// Client apps written blind (fixtures/blind/README.md): every set keeps at least the sites it was recorded to find
// (`npm run recall -- --write`), makes no more wrong findings, nor findings on the other API's lines, than recorded
// (the goal there is none), and never fails a file. A change that loses a site somewhere fails here, whichever set it is in.
const recorded: Record<string, Recorded> = fs.existsSync(SCORES) ? JSON.parse(fs.readFileSync(SCORES, 'utf8')) : {};
const sets = [...blindSets()];

describe('blind client apps', () => {
  it('every set has a recorded score, and every score a set', () => {
    expect(sets.length).toBeGreaterThan(0);
    expect(Object.keys(recorded).sort()).toEqual(sets.map(([name]) => name).sort());
  });

  it.each(sets)('%s', async (name, dir) => {
    const r = await scoreSet(dir, name);
    const floor = recorded[name]!;
    expect(r.failed).toEqual([]);
    expect(r.onNegatives).toBeLessThanOrEqual(floor.onNegatives);
    expect(r.sites).toBe(floor.sites);
    expect(r.found, `misses: ${r.misses.map((m) => `${m.file}:${m.line} ${m.change}`).join(', ')}`).toBeGreaterThanOrEqual(floor.found);
    expect(r.findings - r.right).toBeLessThanOrEqual(floor.findings - floor.right);
  }, 120_000);
});

describe('recall CLI: which sets a named folder stands for', () => {
  it('a set folder is itself, a batch folder is the sets in it, anything else is an error', async () => {
    const { namedSets } = await import('../../bench/recall');
    const [name, dir] = sets[0]!;
    const batch = dir.slice(0, dir.lastIndexOf('/'));
    expect([...namedSets([dir]).keys()]).toEqual([name]);
    const inBatch = [...namedSets([batch]).keys()];
    expect(inBatch).toContain(name);
    expect(inBatch.every((n) => n.startsWith(name.split('/')[0] + '/'))).toBe(true);
    expect(() => namedSets([`${batch}/no-such-set`])).toThrow(/neither a blind set/);
  });
});
