import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../config';
import { scanProject, sites } from '../polyglot/support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A Vuex action whose payload carries a removed request field on its own (`addComplaint ({ state }, { text, extra })`
 * sending `{ interview, text, extra }`): what a component dispatches under that key
 * (`this.$store.dispatch('interview/addComplaint', { text: this.text, extra: this.extra })`) is the field's value, and
 * the input bound to the data field it comes from (`<input v-model="extra">`) asks for it. The same action of a
 * helpdesk module stays unreported.
 */

const BASE = defaultConfig.environments.sandbox!.v1.baseUrl;

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const module = (url: string) =>
  [
    "import axios from 'axios'", // 1
    'export default {', // 2
    '  namespaced: true,', // 3
    '  state: () => ({ token: null }),', // 4
    '  mutations: {},', // 5
    '  actions: {', // 6
    '    async addComplaint ({ state }, { text, extra }) {', // 7
    `      await axios.post('${url}', { interview: state.token, text, extra: extra || '' })`, // 8
    '    }', // 9
    '  }', // 10
    '}', // 11
    '',
  ].join('\n');

const component = (ns: string) =>
  [
    '<template>', // 1
    '  <form @submit.prevent="add">', // 2
    '    <input v-model="text">', // 3
    '    <input v-model="extra">', // 4
    '  </form>', // 5
    '</template>', // 6
    '<script>', // 7
    'export default {', // 8
    '  data () {', // 9
    "    return { text: '', extra: '' }", // 10
    '  },', // 11
    '  methods: {', // 12
    '    add () {', // 13
    `      return this.$store.dispatch('${ns}/addComplaint', {`, // 14
    '        text: this.text,', // 15
    '        extra: this.extra', // 16
    '      })', // 17
    '    }', // 18
    '  }', // 19
    '}', // 20
    '</script>', // 21
    '',
  ].join('\n');

describe('payloads dispatched to a Vuex action that sends them', () => {
  it('the dispatched key and the input bound to its data field are sites of the removed field', async () => {
    writeTree(dir, {
      'src/store/modules/interview.js': module(`${BASE}complaints/`),
      'src/views/Complaints.vue': component('interview'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'src/store/modules/interview.js').filter((s) => !s.endsWith('base-url'))).toEqual(['7 complaint-extra-removed', '8 complaint-extra-removed']);
    expect(sites(r, 'src/views/Complaints.vue')).toEqual(['16 complaint-extra-removed', '4 complaint-extra-removed']);
  });

  it('the same action of a helpdesk module, dispatched the same way, reports nothing', async () => {
    writeTree(dir, {
      'src/store/modules/desk.js': module('https://help.example.com/api/complaints/'),
      'src/views/Desk.vue': component('desk'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'src/store/modules/desk.js')).toEqual([]);
    expect(sites(r, 'src/views/Desk.vue')).toEqual([]);
  });
});
