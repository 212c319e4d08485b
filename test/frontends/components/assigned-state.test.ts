import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../catalogue';
import { defaultConfig } from '../../../config';
import { noProject } from '../../../codemods/engine/ties/project';
import { defaultFrontEnds } from '../../../lib/frontends';
import type { FrontEndOutput } from '../../../lib/types';

/**
 * A component's state declared empty and filled later (Svelte's `let saved = null;` then `saved = await
 * createIntent(…)` in a handler): the template's reads of it are reads of what it is assigned. Beside it, the same
 * component filled from a helpdesk call, unreported.
 */

const registry = defaultFrontEnds();
function run(file: string, source: string): FrontEndOutput {
  return registry.forFile(file).analyze({ source, filePath: file, config: defaultConfig, changes: catalogue, markers: true, project: noProject });
}
const report = (r: FrontEndOutput) => r.findings.map((f) => `${f.line} ${f.change} ${f.fix}`);

const component = (call: string) =>
  [
    '<script>',
    `  import { ${call} } from '../api';`,
    '  let saved = null;',
    '  async function submit() {',
    `    saved = await ${call}(token, { name });`,
    '  }',
    '</script>',
    '',
    '{#if saved}',
    '  <p>{saved.name}{#if saved.detail} — {saved.detail}{/if}</p>',
    '{/if}',
    '',
  ].join('\n');

describe('state declared empty and assigned later', () => {
  it('Svelte: `let saved = null` given an intent is read as an intent in the template', () => {
    expect(report(run('src/IntentForm.svelte', component('createIntent')))).toEqual(['10 intent-detail-context-removed manual', '10 intent-detail-context-removed manual']);
  });
  it("Svelte: the same state given a helpdesk ticket stays unreported", () => {
    expect(report(run('src/TicketForm.svelte', component('openTicket')))).toEqual([]);
  });
});

const form = (base: string, complaints = 'complaints', intents = 'intents', addComplaint = 'addComplaint', addIntent = 'addIntent') =>
  [
    '<script>',
    '  let text = "";',
    '  let details = "";',
    '  let detail = "";',
    `  function ${addComplaint}(token, text, extra) {`,
    `    return fetch('${base}${complaints}/', { method: 'POST', body: JSON.stringify({ interview: token, text, extra }) });`,
    '  }',
    `  function ${addIntent}(token, intent) {`,
    `    return fetch('${base}${intents}/', { method: 'POST', body: JSON.stringify({ interview: token, detail: intent.detail }) });`,
    '  }',
    '  async function submit() {',
    `    await ${addComplaint}(token, text, details);`,
    `    await ${addIntent}(token, { detail });`,
    '  }',
    '</script>',
    '',
    '<input bind:value={text} />',
    '<textarea bind:value={details}></textarea>',
    '<input bind:value={detail} />',
    '',
  ].join('\n');

describe('Svelte inputs bound to state sent as a removed field', () => {
  it('`bind:value={detail}` sent as an intent\'s detail; `bind:value={details}` handed as `extra` asks for something named otherwise', () => {
    const sites = report(run('src/Form.svelte', form('https://sandbox.buoyhealth.com/api/'))).filter((s) => /^(18|19) /.test(s));
    expect(sites).toEqual(['19 intent-detail-context-removed manual']);
  });
  it('the same form posting to a helpdesk stays unreported', () => {
    expect(report(run('src/Form.svelte', form('https://desk.example.com/api/', 'tickets', 'notes', 'fileTicket', 'addNote')))).toEqual([]);
  });
});
