import type { Change } from '../types';

export const interviewMarketplaceVariantRemoved: Change = {
  id: 'interview-marketplace-variant-removed',
  month: '2021-07',
  title: 'Interviews lose `marketplace` and `variant` in responses',
  spec: [
    { section: '2', text: 'marketplace: Absent from v2 responses. variant: Absent from v2 responses.' },
    { section: '9.5', text: 'interviews lose ... marketplace and variant' },
  ],
  codemod: { fix: 'manual', summary: 'reads are marked' },
  shim: { summary: 'put back as null in interview responses' },
  rules: (['marketplace', 'variant'] as const).map((field) => ({
    kind: 'response-field-removed' as const,
    resource: 'interview' as const,
    path: [field],
    default: null,
    message: `v2 interviews have no \`${field}\`; this read is always undefined. Remove it.`,
  })),
};
