import type { Change } from '../types';

export const answerExtraOptional: Change = {
  id: 'answer-extra-optional',
  month: '2021-07',
  title: 'Answer `extra` optional for S and M questions, still required for D',
  spec: [
    {
      section: '2',
      text: 'For S and M questions it may be omitted or an empty string; both are accepted. For D questions it holds the duration in hours as a string of digits. For options with free_text true it may hold the user\'s text.',
    },
    { section: '9.4', text: 'extra optional for S and M answers and still required for D answers' },
  ],
  codemod: { fix: 'none', summary: 'answers keep `extra` (D answers still need it); never stripped' },
  shim: { summary: 'none: v1 answers are valid v2 answers' },
  rules: [{ kind: 'field-relaxed', resource: 'question', operation: 'answer', path: ['extra'] }],
};
