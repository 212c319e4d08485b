import type { Change } from '../types';

export const modeComplaintRenamedInput: Change = {
  id: 'mode-complaint-renamed-input',
  month: '2020-07',
  title: "Interview mode 'complaint' renamed 'input'",
  spec: [
    {
      section: '3',
      text: "Interview mode 'input' exists. It is the mode formerly named 'complaint' and is the mode in which an interview starts.",
    },
    { section: '9, Earlier changes (July 2020)', text: "Mode 'complaint' renamed 'input'." },
  ],
  codemod: {
    fix: 'auto',
    summary: 'renamed where the string is an interview mode: mode properties and arguments, comparisons with `.mode`, mode union types; a `mode` property of an object nothing ties to the interview is marked for a person instead',
  },
  shim: { summary: "requests: 'complaint' becomes 'input'; for pins before 2020-07, responses: 'input' becomes 'complaint'" },
  rules: [{ kind: 'value-renamed', resource: 'interview', field: 'mode', from: 'complaint', to: 'input' }],
};
