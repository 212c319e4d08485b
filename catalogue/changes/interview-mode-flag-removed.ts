import type { Change } from '../types';

export const interviewModeFlagRemoved: Change = {
  id: 'interview-mode-flag-removed',
  month: '2020-07',
  title: 'The legacy `interview_mode` flag is gone',
  spec: [
    { section: '2', text: 'The legacy interview_mode flag no longer exists.' },
    { section: '9, Earlier changes (July 2020)', text: 'interview_mode flag dropped.' },
  ],
  codemod: { fix: 'auto+manual', summary: 'deleted from interview request bodies; reads are marked' },
  shim: { summary: 'stripped from legacy requests; put back as null in interview responses for pins before 2020-07' },
  rules: [
    {
      kind: 'request-field-removed',
      resource: 'interview',
      operations: ['create', 'update', 'mode-update'],
      path: ['interview_mode'],
      codemod: 'auto',
      strip: true,
      message: 'the `interview_mode` flag no longer exists; set the interview `mode` instead.',
    },
    {
      kind: 'response-field-removed',
      resource: 'interview',
      path: ['interview_mode'],
      default: null,
      message: 'the `interview_mode` flag no longer exists; this read is always undefined. Read the interview `mode`.',
    },
  ],
};
