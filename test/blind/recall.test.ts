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
