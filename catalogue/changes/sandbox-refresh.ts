import type { Change } from '../types';

export const sandboxRefresh: Change = {
  id: 'sandbox-refresh',
  month: null,
  title: 'Sandbox medical content refreshed toward production',
  spec: [
    {
      section: '1',
      text: 'The sandbox medical content (question logic, complaint interpretations, images) is refreshed to resemble production content more closely.',
    },
    { section: '9, Earlier changes (Sandbox refresh)', text: 'Medical databases in sandbox refreshed toward production content.' },
  ],
  codemod: { fix: 'none', summary: 'content, not code: tests that pin sandbox question ids or texts may need new expectations' },
  shim: { summary: 'none' },
  rules: [{ kind: 'informational', reason: 'a content change; no request or response shape changed' }],
};
