import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scan } from '../../lib';
import { cleanup, customConfig, tmpDir, writeTree } from '../cli/helpers';

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const api = `export async function createInterview(profile) {
  const res = await fetch('https://old.example.test/api/interviews/', { method: 'POST', body: JSON.stringify({ profile }) });
  return res.json();
}
`;
const desk = `export async function openTicket(subject) {
  const res = await fetch('https://help.example.com/api/tickets/', { method: 'POST', body: JSON.stringify({ subject }) });
  return res.json();
}
`;
// Svelte stores derived from the interview, and from a helpdesk ticket (another API: the same field names).
const stores = `import { writable, derived } from 'svelte/store';
import { createInterview } from './api';
import { openTicket } from './desk';
export const interview = writable(null);
export const ticket = writable(null);
export const profile = derived(interview, ($interview) => ($interview ? $interview.profile : null));
export const bodyStats = derived(profile, ($profile) => {
  if (!$profile) return null;
  return { height: $profile.height, bmi: $profile.bmi };
});
export const partner = derived(interview, ($i) => ($i ? { marketplace: $i.marketplace, variant: $i.variant } : null));
export const deskInfo = derived(ticket, ($t) => ($t ? { bmi: $t.bmi, marketplace: $t.marketplace } : null));
export async function start(p) { interview.set(await createInterview(p)); }
export async function contact(s) { ticket.set(await openTicket(s)); }
`;

describe('stores a module exports, read in another', () => {
  it('a Svelte component reads `$bodyStats.bmi` of an imported derived store, a test `get(stores.bodyStats)` and `get(partner)`; a store derived from another API stays unreported', async () => {
    writeTree(dir, {
      'src/api.js': api,
      'src/desk.js': desk,
      'src/stores.js': stores,
      'src/Summary.svelte': `<script>\n  import { bodyStats, partner, deskInfo } from './stores';\n</script>\n\n{#if $bodyStats && $bodyStats.bmi}\n  <p>BMI {$bodyStats.bmi}</p>\n{/if}\n<p>{$partner.marketplace}</p>\n<p>{$deskInfo.bmi} {$deskInfo.marketplace}</p>\n`,
      'tests/stores.test.js': `import { get } from 'svelte/store';\nimport * as stores from '../src/stores';\nimport { partner, deskInfo } from '../src/stores';\n\ntest('stats', () => {\n  expect(get(stores.bodyStats).bmi).toBe(22);\n  expect(get(partner).variant).toBe('B');\n  expect(get(deskInfo)).toEqual({ bmi: 22, marketplace: 'x' });\n  expect(get(stores.deskInfo).marketplace).toBe('x');\n});\n`,
    });
    const result = await scan({ roots: ['.'], config: customConfig, cwd: dir, types: 'off' });
    const findings = (rel: string) => result.outcomes.find((o) => o.relPath === rel)?.findings.filter((f) => f.change !== 'base-url').map((f) => [f.line, f.change]) ?? [];
    expect(findings('src/Summary.svelte')).toEqual([
      [5, 'interview-profile-fields-removed'],
      [6, 'interview-profile-fields-removed'],
      [8, 'interview-marketplace-variant-removed'],
    ]);
    expect(findings('tests/stores.test.js')).toEqual([
      [6, 'interview-profile-fields-removed'],
      [7, 'interview-marketplace-variant-removed'],
    ]);
    expect(findings('src/stores.js').filter(([line]) => (line as number) >= 12)).toEqual([]);
  });

  it('a nanostores `computed` store read through `useStore` in a React component (two imports from the API module: read all the same)', async () => {
    writeTree(dir, {
      'src/api.js': api,
      'src/stores.js': `import { atom, computed } from 'nanostores';\nimport { createInterview } from './api';\nexport const $interview = atom(null);\nexport const $stats = computed($interview, (interview) => (interview ? interview.profile : null));\nexport async function start(p) { $interview.set(await createInterview(p)); }\n`,
      'src/Stats.jsx': `import { useStore } from '@nanostores/react';\nimport { $stats } from './stores';\nexport function Stats() {\n  const stats = useStore($stats);\n  return <p>{stats.bmi}</p>;\n}\n`,
    });
    const result = await scan({ roots: ['.'], config: customConfig, cwd: dir, types: 'off' });
    const findings = (rel: string) => result.outcomes.find((o) => o.relPath === rel)?.findings.map((f) => [f.line, f.change]) ?? [];
    expect(findings('src/Stats.jsx')).toEqual([[5, 'interview-profile-fields-removed']]);
  });
});
