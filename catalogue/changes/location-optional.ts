import type { Change } from '../types';

export const locationOptional: Change = {
  id: 'location-optional',
  month: '2020-08',
  title: 'Interviews may be created without a location, or with location null',
  spec: [
    { section: '2', text: 'location: Optional on creation. May be left out or set to null.' },
    {
      section: '9, Earlier changes (August 2020)',
      text: 'Interview may be created without location or with location null.',
    },
  ],
  codemod: { fix: 'none', summary: 'a relaxation; existing code keeps working' },
  shim: { summary: 'none' },
  rules: [{ kind: 'informational', reason: 'a request that sent a location is still valid' }],
};
