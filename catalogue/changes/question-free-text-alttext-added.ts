import type { Change } from '../types';

export const questionFreeTextAlttextAdded: Change = {
  id: 'question-free-text-alttext-added',
  month: '2020-11',
  title: 'Questions gain `media_alttext`; options gain `free_text` and `media_alttext`',
  spec: [
    {
      section: '9, Earlier changes (November 2020)',
      text: 'free_text added to objects in options[] of questions_list and questions_read. media_alttext added to the top level and to options[] objects of those responses.',
    },
  ],
  codemod: { fix: 'none', summary: 'additive; nothing to migrate' },
  shim: { summary: 'for pins before 2020-11, the added fields are removed from question responses' },
  rules: [
    { kind: 'response-field-added', resource: 'question', path: ['media_alttext'] },
    { kind: 'response-field-added', resource: 'question', path: ['options', '*', 'free_text'] },
    { kind: 'response-field-added', resource: 'question', path: ['options', '*', 'media_alttext'] },
  ],
};
