import type { Change, Rule } from '../types';

const fields = ['race', 'height', 'weight', 'bmi'] as const;

export const interviewProfileFieldsRemoved: Change = {
  id: 'interview-profile-fields-removed',
  month: '2021-07',
  title: 'Interview profiles lose `race`, `height`, `weight` and `bmi` in responses',
  spec: [
    { section: '2', text: 'In v2 responses profile has no race, height, weight or bmi.' },
    { section: '9.5', text: 'interviews lose profile.race, profile.height, profile.weight, profile.bmi' },
  ],
  codemod: { fix: 'manual', summary: 'reads of these profile fields, and sending them in a profile, are marked' },
  shim: { summary: 'put back as null in interview responses' },
  rules: fields.flatMap((field): Rule[] => [
    {
      kind: 'response-field-removed',
      resource: 'interview',
      path: ['profile', field],
      default: null,
      message: `v2 interview profiles have no \`${field}\`; this read is always undefined. Remove it or keep the value on your side.`,
    },
    {
      kind: 'request-field-removed',
      resource: 'interview',
      operations: ['create', 'update'],
      path: ['profile', field],
      codemod: 'manual',
      strip: false,
      message: `v2 interview profiles have no \`${field}\`; the spec does not say whether sending it is accepted. Stop sending it or confirm with the API owner.`,
    },
  ]),
};
