import type { Change } from '../types';

export const complaintExtraRemoved: Change = {
  id: 'complaint-extra-removed',
  month: '2021-07',
  title: 'Complaints lose `extra` in requests and responses',
  spec: [
    {
      section: '2',
      text: 'In v2 the extra field is absent from requests and from responses. A client must omit it on create and update.',
    },
    { section: '9.4', text: 'extra removed from complaints' },
    { section: '9.5', text: 'complaints lose extra' },
  ],
  codemod: { fix: 'auto+manual', summary: 'deleted from complaint create/update bodies; reads are marked' },
  shim: { summary: 'stripped from legacy requests; put back as null in responses' },
  rules: [
    {
      kind: 'request-field-removed',
      resource: 'complaint',
      operations: ['create', 'update'],
      path: ['extra'],
      codemod: 'auto',
      strip: true,
      message: 'complaints no longer take `extra` in v2; stop setting it on create and update.',
    },
    {
      kind: 'response-field-removed',
      resource: 'complaint',
      path: ['extra'],
      default: null,
      message: 'v2 complaints have no `extra`; this read is always undefined. Remove it or take the value from elsewhere.',
    },
  ],
};
