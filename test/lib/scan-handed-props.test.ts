import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scan } from '../../lib';
import { cleanup, customConfig, tmpDir, writeTree } from '../cli/helpers';

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const run = async () => {
  const result = await scan({ roots: ['.'], config: customConfig, cwd: dir, types: 'off' });
  return {
    findings: (rel: string) => result.outcomes.find((o) => o.relPath === rel)?.findings.map((f) => [f.line, f.change, f.fix]) ?? [],
    output: (rel: string) => String(result.outcomes.find((o) => o.relPath === rel)?.after ?? ''),
  };
};

const DESK = "<script lang=\"ts\">\n\texport let marketplace: string | null = null;\n\texport let item;\n</script>\n\n{#if marketplace}\n\t<p>Care options from {marketplace}</p>\n{/if}\n<p>{item.marketplace}</p>\n";

describe('props a Svelte or Vue template hands to components of other files', () => {
  it("Svelte: `export let` props hold what every render hands them; a prop that is a removed field is reported where declared and read; a ticket's, or a prop given both, is not", async () => {
    writeTree(dir, {
      "src/lib/client.ts": "import axios from 'axios';\nexport const getInterview = (id: string) => axios.get(`https://old.example.test/api/interviews/${id}/`);\nexport const getResult = (id: string) => axios.get(`https://old.example.test/api/results/${id}/`);\nexport const getTicket = (id: string) => axios.get(`https://desk.example.com/api/tickets/${id}/`);\n",
      "src/lib/components/Desk.svelte": DESK,
      "src/lib/components/Mixed.svelte": "<script>\n\texport let item;\n</script>\n\n<p>{item.marketplace}</p>\n",
      "src/lib/components/Partner.svelte": "<script lang=\"ts\">\n\texport let marketplace: string | null = null;\n\texport let item;\n</script>\n\n{#if marketplace}\n\t<p>Care options from {marketplace}</p>\n{/if}\n<p>{item.marketplace}</p>\n",
      // Svelte 5 runes.
      'src/lib/components/Runes.svelte': '<script>\n\tlet { marketplace } = $props();\n</script>\n\n<p>{marketplace}</p>\n',
      "src/routes/Page.svelte": "<script lang=\"ts\">\n\timport { onMount } from 'svelte';\n\timport { getInterview, getTicket } from '$lib/client';\n\timport Partner from '$lib/components/Partner.svelte';\n\timport Desk from '$lib/components/Desk.svelte';\n\timport Mixed from '$lib/components/Mixed.svelte';\n\timport Runes from '$lib/components/Runes.svelte';\n\tlet interview = null;\n\tlet ticket = null;\n\tonMount(async () => {\n\t\tinterview = (await getInterview('1')).data;\n\t\tticket = (await getTicket('1')).data;\n\t});\n</script>\n\n<Partner marketplace={interview.marketplace} item={interview} />\n<Desk marketplace={ticket.marketplace} item={ticket} />\n<Mixed item={interview} />\n<Mixed item={ticket} />\n<Runes marketplace={interview.marketplace} />\n",
    });
    const { findings, output } = await run();
    const gone = 'interview-marketplace-variant-removed';
    expect(findings('src/lib/components/Partner.svelte')).toEqual([
      [2, gone, 'manual'],
      [6, gone, 'manual'],
      [7, gone, 'manual'],
      [9, gone, 'manual'],
    ]);
    // Markers go above the template's elements, never into the script.
    expect(output('src/lib/components/Partner.svelte')).toMatch(/<script lang="ts">\n\texport let marketplace/);
    expect(output('src/lib/components/Partner.svelte')).toMatch(/<!--[^\n]*-->\n\t<p>Care options/);
    expect(findings('src/lib/components/Runes.svelte')).toEqual([
      [2, gone, 'manual'],
      [5, gone, 'manual'],
    ]);
    expect(findings('src/lib/components/Desk.svelte')).toEqual([]);
    expect(findings('src/lib/components/Mixed.svelte')).toEqual([]);
    expect(output('src/lib/components/Desk.svelte')).toBe(DESK);
  });

  it('Vue: typed, listed and object `defineProps` hold what every render hands them (kebab-case tags and props too); a ticket\'s, or a prop given both, is not', async () => {
    writeTree(dir, {
      "src/api.ts": "import axios from 'axios';\nexport const getResult = (id: string) => axios.get(`https://old.example.test/api/results/${id}/`);\nexport const getTicket = (id: string) => axios.get(`https://desk.example.com/api/tickets/${id}/`);\n",
      "src/App.vue": "<script setup lang=\"ts\">\nimport { getResult, getTicket } from '@/api'\nimport ResultCard from '@/components/ResultCard.vue'\nimport TicketCard from './components/TicketCard.vue'\nimport AnyCard from '@/components/AnyCard.vue'\n\n// Top-level await: `<script setup>` is async.\nconst outcome = (await getResult('1')).data\nconst ticket = (await getTicket('1')).data\n</script>\n\n<template>\n  <ResultCard :entry=\"outcome\" :care-advice=\"outcome.advice\" />\n  <ticket-card :entry=\"ticket\" :care-advice=\"ticket.advice\" />\n  <AnyCard :entry=\"outcome\" />\n  <AnyCard :entry=\"ticket\" />\n</template>\n",
      "src/components/ResultCard.vue": "<script setup lang=\"ts\">\nconst props = defineProps<{ entry: { id: string }; careAdvice?: string }>()\n</script>\n\n<template>\n  <p>{{ entry.advice }}</p>\n  <p v-if=\"careAdvice\">{{ careAdvice }}</p>\n</template>\n",
      "src/components/TicketCard.vue": "<script setup>\ndefineProps(['entry', 'careAdvice'])\n</script>\n\n<template>\n  <p>{{ entry.advice }}</p>\n  <p v-if=\"careAdvice\">{{ careAdvice }}</p>\n</template>\n",
      "src/components/AnyCard.vue": "<script setup>\ndefineProps({ entry: Object })\n</script>\n\n<template>\n  <p>{{ entry.advice }}</p>\n</template>\n",
    });
    const { findings } = await run();
    const gone = 'result-advice-test-removed';
    expect(findings('src/components/ResultCard.vue')).toEqual([
      [2, gone, 'manual'],
      [6, gone, 'manual'],
      [7, gone, 'manual'],
      [7, gone, 'manual'],
    ]);
    expect(findings('src/App.vue')).toEqual([[13, gone, 'manual']]);
    expect(findings('src/components/TicketCard.vue')).toEqual([]);
    expect(findings('src/components/AnyCard.vue')).toEqual([]);
  });
});
