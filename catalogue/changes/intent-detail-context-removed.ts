import type { Change } from '../types';

const message = (field: string) =>
  `v2 intents have no \`${field}\`; this read is always undefined. Remove it or take the value from elsewhere.`;

export const intentDetailContextRemoved: Change = {
  id: 'intent-detail-context-removed',
  month: '2021-07',
  title: 'Intents lose `detail` and `context` in requests and responses',
  spec: [
    {
      section: '2',
      text: 'In v2 the fields detail and context are absent from requests and from responses. A client must omit them on create and update.',
    },
    { section: '9.4', text: 'detail and context removed from intents' },
    { section: '9.5', text: 'intents lose detail and context' },
  ],
  codemod: { fix: 'auto+manual', summary: 'deleted from intent create/update bodies; reads are marked' },
  shim: { summary: 'stripped from legacy requests; put back as null in responses' },
  rules: (['detail', 'context'] as const).flatMap((field) => [
    {
      kind: 'request-field-removed' as const,
      resource: 'intent' as const,
      operations: ['create' as const, 'update' as const],
      path: [field],
      codemod: 'auto' as const,
      strip: true,
      message: `intents no longer take \`${field}\` in v2; stop setting it on create and update.`,
    },
    {
      kind: 'response-field-removed' as const,
      resource: 'intent' as const,
      path: [field],
      default: null,
      message: message(field),
    },
  ]),
};
