import type { Change } from '../types';

export const complaintNextLinks: Change = {
  id: 'complaint-next-links',
  month: null,
  title: 'Read complaint: next links point to the outstanding question, not the complaint',
  spec: [
    {
      section: '4',
      text: 'Read complaint: while a question is outstanding, the next links in _links point to that question. Earlier behaviour returned a link to the complaint itself. The exact link shape: not shown.',
    },
    {
      section: '9, Earlier changes (Read complaint fix)',
      text: 'Next links of read complaint no longer point to the complaint itself while a question is outstanding.',
    },
  ],
  codemod: { fix: 'none', summary: 'a fix; code that followed the next link now reaches the question directly' },
  shim: { summary: 'none: the link shape is not shown, so the old behaviour cannot be rebuilt' },
  rules: [{ kind: 'informational', reason: 'the exact link shape is not shown in the spec' }],
};
