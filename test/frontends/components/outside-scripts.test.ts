import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scan } from '../../../lib';
import { defaultConfig } from '../../../config';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A component's parts that the JS engine does not read (a Razor `@code` block in C#, Blade's PHP, a template
 * attribute) can hold a v1 address: the text pass reports it, for a person, so `check` cannot pass over it; another
 * API's `/api/` in the same places stays unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const sites = (r: Awaited<ReturnType<typeof scan>>, file: string) =>
  (r.outcomes.find((o) => o.relPath === file)?.findings ?? []).map((f) => `${f.line} ${f.change} ${f.fix}`);

describe('v1 addresses outside the scripts of a component', () => {
  it('Razor @code, Blade PHP and a Vue template attribute are reported, never rewritten; a desk address is not', async () => {
    const razor = [
      '@page "/check"',
      '@code {',
      '    private readonly HttpClient http = new() { BaseAddress = new Uri("https://www.buoyhealth.com/api/") };',
      '    private readonly HttpClient desk = new() { BaseAddress = new Uri("https://desk.example.com/api/") };',
      '}',
    ].join('\n');
    const blade = ['@php', "  $base = 'https://sandbox.buoyhealth.com/api/';", "  $desk = 'https://desk.example.com/api/';", '@endphp', '<p>{{ $base }}</p>'].join('\n');
    const vue = [
      '<template>',
      '  <a href="https://www.buoyhealth.com/api/results/">result</a>',
      '  <a href="https://desk.example.com/api/tickets/">ticket</a>',
      '</template>',
      '<script setup lang="ts">',
      'const n = 1;',
      '</script>',
    ].join('\n');
    writeTree(dir, { 'Pages/Check.razor': razor, 'views/check.blade.php': blade, 'src/Links.vue': vue });
    const r = await scan({ roots: ['.'], config: defaultConfig, cwd: dir, types: 'off' });
    expect(sites(r, 'Pages/Check.razor')).toEqual(['3 base-url manual']);
    expect(sites(r, 'views/check.blade.php')).toEqual(['2 base-url manual']);
    expect(sites(r, 'src/Links.vue')).toEqual(['2 base-url manual']);
    for (const o of r.outcomes) expect(o.after, o.relPath).toBe(o.before);
  });
});
