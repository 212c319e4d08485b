import type { Change } from '../types';

export const resultAdviceTestRemoved: Change = {
  id: 'result-advice-test-removed',
  month: '2021-07',
  title: 'Results lose `advice` and `test`',
  spec: [
    { section: '2', text: 'advice: Absent from v2 responses. test: Absent from v2 responses.' },
    { section: '9.5', text: 'results lose advice and test' },
  ],
  codemod: { fix: 'manual', summary: 'reads are marked' },
  shim: { summary: 'put back as null in result responses' },
  rules: (['advice', 'test'] as const).map((field) => ({
    kind: 'response-field-removed' as const,
    resource: 'result' as const,
    path: [field],
    default: null,
    message: `v2 results have no \`${field}\`; this read is always undefined. Use the top-level triage object and the triage explanation instead.`,
  })),
};
