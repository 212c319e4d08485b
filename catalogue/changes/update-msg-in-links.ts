import type { Change } from '../types';

export const updateMsgInLinks: Change = {
  id: 'update-msg-in-links',
  month: '2020-07',
  title: 'Interview update responses carry the interview, with `msg` under `_links`',
  spec: [
    { section: '3', text: 'Every interview update response includes the interview representation.' },
    { section: '3', text: 'The developer-facing message is returned under the key msg inside _links.' },
    {
      section: '3',
      text: "When a request manually sets the mode to 'input' and nothing changes, the response carries the message as a key-value pair.",
    },
    {
      section: '9, Earlier changes (July 2020)',
      text: 'Interview update responses include the interview representation, with msg nested in _links.',
    },
  ],
  codemod: {
    fix: 'auto+manual',
    summary: 'a top-level `msg` read on an interview update response becomes `_links.msg`; other reads are marked',
  },
  shim: { summary: 'for pins before 2020-07, `_links.msg` is copied to a top-level `msg`' },
  rules: [
    {
      kind: 'response-field-moved',
      resource: 'interview',
      operations: ['update', 'mode-update'],
      from: ['msg'],
      to: ['_links', 'msg'],
      message: 'interview update responses carry the message under `_links.msg`, not at the top level.',
    },
  ],
};
