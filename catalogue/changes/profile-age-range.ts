import type { Change } from '../types';

export const profileAgeRange: Change = {
  id: 'profile-age-range',
  month: '2020-09',
  title: 'Profiles accepted only with age 2 to 120',
  spec: [
    { section: '2', text: 'Only profiles whose age is in the range 2 to 120 years (inclusive) are accepted.' },
    { section: '9, Earlier changes (September 2020)', text: 'Profiles accepted only with age 2 to 120 years.' },
  ],
  codemod: { fix: 'manual', summary: 'a profile literal with an age outside 2–120 is marked' },
  shim: { summary: 'none: such profiles are refused upstream and the refusal is passed on' },
  rules: [
    {
      kind: 'range-constraint',
      resource: 'interview',
      path: ['profile', 'age'],
      min: 2,
      max: 120,
      message: 'profiles are accepted only with an age from 2 to 120 years; this age is outside that range.',
    },
  ],
};
