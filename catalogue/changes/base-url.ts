import type { Change } from '../types';

export const baseUrl: Change = {
  id: 'base-url',
  month: '2021-07',
  title: 'v1 shared host + /api/ replaced by API-specific hosts + /symptom-checker/v2/',
  spec: [
    {
      section: '9.2',
      text: 'v1 base addresses were the shared host with the path /api/ for both environments. v2 uses API-specific hosts (section 4). Every client must update the base address on all requests and the audience on token requests.',
    },
    {
      section: '4',
      text: 'In v2, {base_url} for sandbox is the API-specific sandbox host followed by the path /symptom-checker/v2/; for production it is the API-specific production host followed by /symptom-checker/v2/.',
    },
  ],
  codemod: {
    fix: 'auto',
    summary: 'v1 base addresses in code, .env, JSON and YAML become the v2 ones of the same environment; a bare v1 host is marked',
  },
  shim: { summary: 'routes /api/<rest> to the v2 base; links and Location headers pointing at v2 are rewritten back through the proxy' },
  rules: [
    {
      kind: 'base-url',
      hostOnlyMessage:
        'this is a v1 host without its /api/ path; v2 uses an API-specific host and the path /symptom-checker/v2/. Build the URL from the v2 base address.',
      builtMessage:
        'this assembles a v1 address from parts (a v1 host and the /api/ path); v2 uses an API-specific host and the path /symptom-checker/v2/. Build the URL from the v2 base address.',
    },
  ],
};
