import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scan } from '../../lib';
import { cleanup, customConfig, tmpDir, writeTree } from '../cli/helpers';

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const api = `export async function createInterview(profile: object): Promise<any> {
  const res = await fetch('https://old.example.test/api/interviews/', { method: 'POST', body: JSON.stringify({ profile }) });
  return res.json();
}
`;
const desk = `export async function openTicket(subject: string): Promise<any> {
  const res = await fetch('https://help.example.com/api/tickets/', { method: 'POST', body: JSON.stringify({ subject }) });
  return res.json();
}
`;

// A zustand store that copies the interview's fields into its state, its initial state in a const it spreads.
const store = (from: string, helper: string) => `import create from 'zustand';
import { ${helper} } from '${from}';

type State = {
  token: string | null;
  summary: { race?: string | null; bmi?: number | null } | null;
  experiment: { marketplace: string | null; variant: string | null };
  start: (p: object) => Promise<void>;
};

const initialState = {
  token: null,
  summary: null,
  experiment: { marketplace: null, variant: null },
};

export const useStore = create<State>((set) => ({
  ...initialState,
  start: async (p) => {
    const data = await ${helper}(p);
    set({
      token: data.token,
      summary: { race: data.profile.race, bmi: data.profile.bmi },
      experiment: { marketplace: data.marketplace ?? null, variant: data.variant ?? null },
    });
  },
}));
`;

describe('a zustand store whose set calls copy fields of the answer', () => {
  it('reports the members of its state type and of its initial state under those names, and reads of a member a component selects; the same store of a helpdesk stays unreported', async () => {
    writeTree(dir, {
      'src/api.ts': api,
      'src/desk.ts': desk,
      'src/interviewStore.ts': store('./api', 'createInterview'),
      // The helpdesk's answer has a `profile` of its own kind, read by name elsewhere: only its marketplace is copied here.
      'src/Start.tsx': `import { useStore } from './interviewStore';\nimport { useStore as useTicketStore } from './ticketStore';\nexport function Start() {\n  const experiment = useStore((s) => s.experiment);\n  const desk = useTicketStore((s) => s.experiment);\n  return <p>{experiment.variant}</p>;\n}\nexport const Desk = () => <p>{useTicketStore((s) => s.experiment).variant}</p>;\n`,
      'src/ticketStore.ts': store('./desk', 'openTicket').replace('summary: { race: data.profile.race, bmi: data.profile.bmi },', ''),
    });
    const result = await scan({ roots: ['.'], config: customConfig, cwd: dir, types: 'off' });
    const findings = (rel: string) => result.outcomes.find((o) => o.relPath === rel)?.findings.filter((f) => f.change !== 'base-url').map((f) => [f.line, f.change]) ?? [];
    // A component selects a member of each store: the interview's experiment holds its fields, the ticket's does not.
    expect(findings('src/Start.tsx')).toEqual([[6, 'interview-marketplace-variant-removed']]);
    const members = findings('src/interviewStore.ts').filter(([line]) => (line as number) < 20);
    expect(members).toEqual([
      [6, 'interview-profile-fields-removed'],
      [6, 'interview-profile-fields-removed'],
      [7, 'interview-marketplace-variant-removed'],
      [7, 'interview-marketplace-variant-removed'],
      [14, 'interview-marketplace-variant-removed'],
      [14, 'interview-marketplace-variant-removed'],
    ]);
    expect(findings('src/ticketStore.ts')).toEqual([]);
  });
});
