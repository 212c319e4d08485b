import type { Change } from '../types';

export const potentialConditionTriageRemoved: Change = {
  id: 'potential-condition-triage-removed',
  month: '2020-11',
  title: '`triage` removed from `triage_explanation.potential_condition`; use the top-level `triage`',
  spec: [
    { section: '2', text: 'triage: Top-level triage object. This is the only triage object to use.' },
    {
      section: '2',
      text: 'triage_explanation.potential_condition: Object for a potential condition. It has no triage attribute (removed).',
    },
    { section: '9, Earlier changes (November 2020)', text: 'triage removed from triage_explanation.potential_condition in results_read.' },
  ],
  codemod: {
    fix: 'auto+manual',
    summary: '`r.triage_explanation.potential_condition.triage` becomes `r.triage`; other reads are marked',
  },
  shim: { summary: 'for pins before 2020-11, copies the top-level triage into potential_condition.triage' },
  rules: [
    {
      kind: 'response-field-moved',
      resource: 'result',
      operations: ['read'],
      from: ['triage_explanation', 'potential_condition', 'triage'],
      to: ['triage'],
      message:
        'potential_condition has no `triage` since November 2020; read the top-level `triage` of the result instead.',
    },
  ],
};
