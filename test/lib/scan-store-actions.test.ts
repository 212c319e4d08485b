import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scan } from '../../lib';
import { cleanup, customConfig, tmpDir, writeTree } from '../cli/helpers';

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const complaintStore = `import { defineStore } from 'pinia';
import { createComplaint } from '../api/symptomChecker';
export const useInterviewStore = defineStore('interview', {
  state: () => ({ token: '', complaint: null }),
  actions: {
    async submitComplaint(text, extra) {
      this.complaint = await createComplaint({ interview: this.token, text, extra });
    },
  },
});
`;
const intentStore = `import { defineStore } from 'pinia';
import { createIntent } from '../api/symptomChecker';
export const useIntentStore = defineStore('intents', () => {
  async function addIntent(name, detail) {
    return createIntent({ name, detail });
  }
  return { addIntent };
});
`;
const deskStore = `import { defineStore } from 'pinia';
import { openTicket } from '../api/helpdesk';
export const useFeedbackStore = defineStore('feedback', {
  actions: {
    async send(subject, extra) {
      return openTicket({ subject, extra });
    },
  },
});
`;

describe('actions of a Pinia store of another file', () => {
  it("a value a component hands to a store action that sends it as a removed field is reported where it is passed (options and setup stores); a value for another API's store is not", async () => {
    writeTree(dir, {
      'src/api/symptomChecker.js': `import axios from 'axios';\nconst http = axios.create({ baseURL: 'https://old.example.test/api/' });\nexport const createComplaint = (body) => http.post('complaints/', body).then((r) => r.data);\nexport const createIntent = (body) => http.post('intents/', body).then((r) => r.data);\n`,
      'src/api/helpdesk.js': `import axios from 'axios';\nexport const openTicket = (body) => axios.post('https://help.example.com/api/tickets/', body);\n`,
      'src/stores/interview.js': complaintStore,
      'src/stores/intents.js': intentStore,
      'src/stores/feedback.js': deskStore,
      'src/components/ComplaintForm.vue': `<script setup>\nimport { ref } from 'vue';\nimport { useInterviewStore } from '../stores/interview';\nimport { useIntentStore } from '../stores/intents';\nimport { useFeedbackStore } from '../stores/feedback';\nconst store = useInterviewStore();\nconst intents = useIntentStore();\nconst feedback = useFeedbackStore();\nconst text = ref('');\nconst extra = ref('');\nasync function submit() {\n  await store.submitComplaint(text.value, extra.value || undefined);\n  await intents.addIntent('find care', 'urgent care near me');\n  await feedback.send(text.value, extra.value);\n}\n</script>\n\n<template>\n  <form @submit.prevent="submit"><textarea v-model="extra" /></form>\n  <small v-if="store.complaint">{{ store.complaint.extra }}</small>\n</template>\n`,
    });
    const result = await scan({ roots: ['.'], config: customConfig, cwd: dir, types: 'off' });
    const findings = (rel: string) => result.outcomes.find((o) => o.relPath === rel)?.findings.map((f) => [f.line, f.change]) ?? [];
    expect(findings('src/components/ComplaintForm.vue')).toEqual([
      [12, 'complaint-extra-removed'],
      [13, 'intent-detail-context-removed'],
      [19, 'complaint-extra-removed'],
      [20, 'complaint-extra-removed'],
    ]);
    expect(findings('src/stores/feedback.js')).toEqual([]);
  });
});

describe('inputs bound to a value a store action sends as a removed field', () => {
  it("a v-model of a ref whose value a component hands to such an action is reported; a ref handed to another API's store is not", async () => {
    writeTree(dir, {
      'src/api/symptomChecker.js': `import axios from 'axios';\nconst http = axios.create({ baseURL: 'https://old.example.test/api/' });\nexport const createComplaint = (body) => http.post('complaints/', body).then((r) => r.data);\n`,
      'src/api/helpdesk.js': `import axios from 'axios';\nexport const openTicket = (body) => axios.post('https://help.example.com/api/tickets/', body);\n`,
      'src/stores/interview.js': complaintStore,
      'src/stores/feedback.js': deskStore,
      'src/components/ComplaintForm.vue': `<script setup>\nimport { ref } from 'vue';\nimport { useInterviewStore } from '../stores/interview';\nimport { useFeedbackStore } from '../stores/feedback';\nconst store = useInterviewStore();\nconst feedback = useFeedbackStore();\nconst text = ref('');\nconst extra = ref('');\nconst note = ref('');\nasync function submit() {\n  await store.submitComplaint(text.value, extra.value || undefined);\n  await feedback.send(text.value, note.value);\n}\n</script>\n\n<template>\n  <form @submit.prevent="submit">\n    <input v-model="text" />\n    <textarea v-model="extra" rows="3" />\n    <textarea v-model="note" />\n  </form>\n  <small v-if="store.complaint">{{ store.complaint.extra }}</small>\n</template>\n`,
    });
    const result = await scan({ roots: ['.'], config: customConfig, cwd: dir, types: 'off' });
    const findings = (rel: string) => result.outcomes.find((o) => o.relPath === rel)?.findings.map((f) => [f.line, f.change]) ?? [];
    expect(findings('src/components/ComplaintForm.vue')).toEqual([
      [11, 'complaint-extra-removed'],
      [19, 'complaint-extra-removed'],
      [22, 'complaint-extra-removed'],
    ]);
  });
});

describe("a Redux reducer's initial state", () => {
  it("the slots a reducer fills from the API's answer under the same name are reported (spread state, Immer draft); a desk reducer's are not", async () => {
    writeTree(dir, {
      'src/types.js': `export const LOADED = 'interview/loaded';\nexport const TICKET_LOADED = 'ticket/loaded';\n`,
      'src/thunks.js': `import axios from 'axios';\nimport { LOADED, TICKET_LOADED } from './types';\nexport const loadInterview = (id) => async (dispatch) => {\n  const res = await axios.get(\`https://old.example.test/api/interviews/\${id}/\`);\n  dispatch({ type: LOADED, payload: res.data });\n};\nexport const loadTicket = (id) => async (dispatch) => {\n  const res = await axios.get(\`https://help.example.com/api/tickets/\${id}/\`);\n  dispatch({ type: TICKET_LOADED, payload: res.data });\n};\n`,
      'src/reducers/interview.js': `import * as T from '../types';\nconst initialState = {\n  token: null,\n  marketplace: null,\n  variant: null,\n  loading: false,\n};\n\nexport default function interview(state = initialState, action) {\n  switch (action.type) {\n    case T.LOADED:\n      return { ...state, loading: false, token: action.payload.token, marketplace: action.payload.marketplace };\n    default:\n      return state;\n  }\n}\n\nexport const draftInterview = (draft = { token: null, variant: 'a' }, action) => {\n  switch (action.type) {\n    case T.LOADED:\n      draft.variant = action.payload.variant;\n      return draft;\n    default:\n      return draft;\n  }\n};\n\nexport const selectVariant = (state) => state.interview.variant;\n`,
      'src/reducers/ticket.js': `import * as T from '../types';\nconst initialState = { id: null, marketplace: null, variant: null };\n\nexport default function ticket(state = initialState, action) {\n  switch (action.type) {\n    case T.TICKET_LOADED:\n      return { ...state, id: action.payload.id, marketplace: action.payload.marketplace, variant: action.payload.variant };\n    default:\n      return state;\n  }\n}\n\nexport const selectShop = (state) => state.ticket.marketplace;\n`,
    });
    const result = await scan({ roots: ['.'], config: customConfig, cwd: dir, types: 'off' });
    const findings = (rel: string) => result.outcomes.find((o) => o.relPath === rel)?.findings.map((f) => [f.line, f.change]) ?? [];
    expect(findings('src/reducers/interview.js')).toEqual([
      [4, 'interview-marketplace-variant-removed'],
      [12, 'interview-marketplace-variant-removed'],
      [18, 'interview-marketplace-variant-removed'],
      [21, 'interview-marketplace-variant-removed'],
      [28, 'interview-marketplace-variant-removed'],
    ]);
    expect(findings('src/reducers/ticket.js')).toEqual([]);
  });
});
