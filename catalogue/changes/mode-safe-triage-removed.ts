import type { Change } from '../types';

export const modeSafeTriageRemoved: Change = {
  id: 'mode-safe-triage-removed',
  month: '2020-07',
  title: "Legacy interview modes 'safe' and 'triage' dropped",
  spec: [
    { section: '3', text: "The legacy mode names 'safe' and 'triage' are not supported." },
    { section: '9, Earlier changes (July 2020)', text: "Legacy mode names 'safe' and 'triage' dropped." },
  ],
  codemod: { fix: 'manual', summary: 'uses as an interview mode are marked (the spec names no replacement)' },
  shim: { summary: 'a legacy request setting one of these modes gets a 400 that says so' },
  rules: [
    {
      kind: 'value-removed',
      resource: 'interview',
      field: 'mode',
      values: ['safe', 'triage'],
      message:
        "the interview modes 'safe' and 'triage' were removed in July 2020 and the spec names no replacement; rework this flow.",
    },
  ],
};
