import type { Change } from '../types';

export const questionPreselectedRemoved: Change = {
  id: 'question-preselected-removed',
  month: '2021-07',
  title: 'Questions lose pre-selected options and the `preselected` field',
  spec: [
    {
      section: '2',
      text: 'Options whose pre-selected value was non-null are left out of v2 responses, so a client need not filter them. preselected: Absent from all v2 responses.',
    },
    { section: '9.5', text: 'questions lose pre-selected options and the preselected field' },
  ],
  codemod: {
    fix: 'auto+manual',
    summary: 'a filter that only drops preselected options is removed; other reads are marked',
  },
  shim: { summary: 'put back as null on questions and their options (the dropped options cannot be restored)' },
  rules: [
    // The spec names the option's attribute only in words ("pre-selected value"): clients spell it either way,
    // hyphen kept as a word break too (`pre_selected`, `preSelected`).
    { kind: 'obsolete-filter', resource: 'question', list: 'options', field: 'preselected', spellings: ['preselected_value', 'pre_selected'] },
    {
      kind: 'response-field-removed',
      resource: 'question',
      path: ['preselected'],
      default: null,
      message: 'v2 questions have no `preselected`; this read is always undefined. Remove it.',
    },
    {
      kind: 'response-field-removed',
      resource: 'question',
      path: ['options', '*', 'preselected'],
      spellings: ['preselected_value', 'pre_selected'],
      default: null,
      message:
        'v2 options have no `preselected` and pre-selected options are no longer sent; this read is always undefined. Remove it.',
    },
  ],
};
