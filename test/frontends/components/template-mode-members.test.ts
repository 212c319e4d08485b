import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../catalogue';
import { defaultConfig } from '../../../config';
import { noProject } from '../../../codemods/engine/ties/project';
import { defaultFrontEnds } from '../../../lib/frontends';
import type { FrontEndOutput } from '../../../lib/types';

/**
 * A removed mode given in markup by a member of a mode-named map (`on:answered={() => interview.setMode(Modes.Safe)}`,
 * `v-if="store.mode === MODES.TRIAGE"`): templates are never rewritten, so it is a site for a person. A renamed
 * mode's member needs no edit (its constant is renamed where it is defined); another thing's map stays unreported.
 */

const registry = defaultFrontEnds();
function run(file: string, source: string): FrontEndOutput {
  return registry.forFile(file).analyze({ source, filePath: file, config: defaultConfig, changes: catalogue, markers: true, project: noProject });
}
const report = (r: FrontEndOutput) => r.findings.map((f) => `${f.line} ${f.change} ${f.fix}`);

describe('mode-named map members in markup', () => {
  it('reports a removed mode set or compared through the map (Svelte)', () => {
    const source = [
      '<script lang="ts">',
      "  import { interview } from './stores/interview';",
      "  import { Modes } from './api/types';",
      "  import QuestionCard from './QuestionCard.svelte';",
      '</script>',
      '',
      '<QuestionCard on:answered={() => interview.setMode(Modes.Safe)} />', // 7
      '{#if $interview.mode === Modes.Triage}<p>Triage</p>{/if}', // 8
      '<button on:click={() => interview.setMode(Modes.Complaint)}>Describe</button>',
      '',
    ].join('\n');
    expect(report(run('src/App.svelte', source))).toEqual(['7 mode-safe-triage-removed manual', '8 mode-safe-triage-removed manual']);
  });

  it('leaves another thing\'s map alone (Vue)', () => {
    const source = [
      '<template>',
      '  <button @click="ticket.setMode(TicketModes.SAFE)">Escalate</button>',
      '  <p v-if="theme.mode === Modes.TRIAGE">Triage theme</p>',
      '  <p v-if="store.mode === Modes.SAFE">Safe</p>',
      '</template>',
      '<script>',
      "import { Modes, TicketModes } from './desk';",
      'export default { data: () => ({ ticket: null, theme: null, interview: null }) };',
      '</script>',
      '',
    ].join('\n');
    expect(report(run('src/Desk.vue', source))).toEqual(['4 mode-safe-triage-removed manual']);
  });
});
