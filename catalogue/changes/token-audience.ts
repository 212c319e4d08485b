import type { Change } from '../types';

export const tokenAudience: Change = {
  id: 'token-audience',
  month: '2021-07',
  title: 'Token requests ask for the v2 audience (the API-specific host)',
  spec: [
    {
      section: '5',
      text: 'audience: string, required. In v2 it is the address of the API-specific host of the target environment (sandbox or production). The v1 audience, based on the old shared host and path /api/, is not valid for v2.',
    },
    { section: '9.2', text: 'Every client must update the base address on all requests and the audience on token requests.' },
  ],
  codemod: {
    fix: 'auto+manual',
    summary: 'known v1 audiences in token requests become the v2 audience; an audience computed at run time is marked',
  },
  shim: { summary: 'POST /oauth/token: the v1 audience is replaced by the v2 one; any other audience gets a 400' },
  rules: [
    {
      kind: 'token-audience',
      dynamicMessage:
        'the token request audience is computed at run time; make sure it is the v2 audience (the API-specific host of the environment), not the v1 /api/ address.',
      sharedBaseMessage:
        'the audience here is the API base address (in v1 one value served as both); in v2 they differ: give the audience its own value, the API-specific host of the environment, not the base address.',
      unknownAudienceMessage:
        'the token request asks for an audience this proxy does not know; it maps only the configured v1 audience to the v2 audience',
    },
  ],
};
