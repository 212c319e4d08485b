import type { Change } from '../types';

export const locationError422: Change = {
  id: 'location-error-422',
  month: '2020-08',
  title: 'Location failure on interview creation returns 422 instead of 400',
  spec: [
    {
      section: '7',
      text: "Interview creation where the location cannot be approximated from the request's IP address: 422 (earlier 400)",
    },
    {
      section: '9, Earlier changes (August 2020)',
      text: 'Failure to approximate a location from the IP address returns 422 instead of 400.',
    },
  ],
  codemod: { fix: 'manual', summary: 'a 400 check on an interview creation response is marked' },
  shim: { summary: 'for pins before 2020-08, 422 from interview creation goes back to 400' },
  rules: [
    {
      kind: 'status-changed',
      resource: 'interview',
      operation: 'create',
      from: 400,
      to: 422,
      condition: "the location cannot be approximated from the request's IP address",
      // Error body shapes and other error statuses are "not shown": every 422 of interview creation is
      // taken to be this failure (an assumption listed in the README).
      applies: () => true,
      codeNames: ['location', 'locate', 'located', 'geo', 'geolocation', 'region', 'place'],
      codemod: 'manual',
      message:
        "a location that cannot be approximated from the IP address now fails with 422, not 400; handle 422 here (400 may still mean other errors).",
    },
  ],
};
