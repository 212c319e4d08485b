import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../config';
import { scanProject, sites } from '../polyglot/support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * Vue 2 apps with Vuex modules, the way Vue CLI scaffolds them: an axios instance on the API's base, an endpoints
 * module whose default export builds the paths (`export default { complaints: () => 'complaints/' }`), mutation
 * types imported as a namespace (`[types.SET_INTERVIEW] (state, data)`), and state copied from the answer with a
 * fallback (`data.marketplace || null`) or as a flag (`!!data.interview_mode` into `interviewMode`). The same module
 * for a helpdesk's tickets stays unreported.
 */

const BASE = defaultConfig.environments.sandbox!.v1.baseUrl;

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const http = (name: string, base: string) => `import axios from 'axios'\nexport default axios.create({ baseURL: ${base} })\n`;

const interviewModule = (client: string, endpoints: string, types: string) =>
  [
    `import http from '${client}'`, // 1
    `import endpoints from '${endpoints}'`, // 2
    `import * as types from '${types}'`, // 3
    'const initialState = () => ({', // 4
    '  token: null,', // 5
    '  interviewMode: false,', // 6
    '  marketplace: null', // 7
    '})', // 8
    'export default {', // 9
    '  namespaced: true,', // 10
    '  state: initialState,', // 11
    '  getters: {', // 12
    "    offer: state => state.marketplace && state.marketplace.name", // 13
    '  },', // 14
    '  mutations: {', // 15
    '    [types.SET_INTERVIEW] (state, data) {', // 16
    '      state.token = data.token', // 17
    '      state.interviewMode = !!data.interview_mode', // 18
    '      state.marketplace = data.marketplace || null', // 19
    '    }', // 20
    '  },', // 21
    '  actions: {', // 22
    '    async create ({ commit }, { age }) {', // 23
    '      const payload = { profile: { age }, interview_mode: true }', // 24
    '      const { data } = await http.post(endpoints.create(), payload)', // 25
    '      commit(types.SET_INTERVIEW, data)', // 26
    '    },', // 27
    '    async addComplaint ({ state }, { text, extra }) {', // 28
    '      await http.post(endpoints.complaints(), { interview: state.token, text, extra: extra || \'\' })', // 29
    '    }', // 30
    '  }', // 31
    '}', // 32
    '',
  ].join('\n');

describe('Vuex modules over an axios instance and a default-exported endpoints map', () => {
  it('the request bodies, the mutation’s payload and the state copied from it are the interview’s', async () => {
    writeTree(dir, {
      'src/api/http.js': http('http', `'${BASE}'`),
      'src/api/endpoints.js': "export default {\n  create: () => 'interviews/anonymous/',\n  complaints: () => 'complaints/'\n}\n",
      'src/store/mutation-types.js': "export const SET_INTERVIEW = 'SET_INTERVIEW'\n",
      'src/store/modules/interview.js': interviewModule('@/api/http', '@/api/endpoints', '../mutation-types'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'src/store/modules/interview.js')).toEqual([
      '13 interview-marketplace-variant-removed',
      '13 interview-marketplace-variant-removed',
      '18 interview-mode-flag-removed',
      '19 interview-marketplace-variant-removed',
      '24 interview-mode-flag-removed',
      // The action's parameter that carries `extra` into the body (a wrapper's parameter, README).
      '28 complaint-extra-removed',
      '29 complaint-extra-removed',
      '6 interview-mode-flag-removed',
      '7 interview-marketplace-variant-removed',
    ]);
  });

  it('the same module over a helpdesk’s client and endpoints (`tickets/`) reports nothing', async () => {
    writeTree(dir, {
      'src/api/desk.js': http('desk', "'https://help.example.com/api/'"),
      'src/api/desk-endpoints.js': "export default {\n  create: () => 'tickets/',\n  complaints: () => 'tickets/complaints/'\n}\n",
      'src/store/mutation-types.js': "export const SET_INTERVIEW = 'SET_INTERVIEW'\n",
      'src/store/modules/desk.js': interviewModule('@/api/desk', '@/api/desk-endpoints', '../mutation-types').replace(/interview_mode/g, 'priority_flag'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'src/store/modules/desk.js')).toEqual([]);
  });

  it('a Nuxt store module (`export const state = () => ({…})` beside `export const mutations`): the initial state of fields copied from the answer; a desk module’s stays', async () => {
    const nuxtModule = (base: string, seg: string) =>
      [
        'export const state = () => ({', // 1
        '  token: null,', // 2
        '  marketplace: null,', // 3
        '  variant: null', // 4
        '})', // 5
        'export const mutations = {', // 6
        '  SET (state, data) {', // 7
        '    state.token = data.token', // 8
        '    state.marketplace = data.marketplace', // 9
        '    state.variant = data.variant', // 10
        '  }', // 11
        '}', // 12
        'export const actions = {', // 13
        '  async create ({ commit }) {', // 14
        `    const data = await this.$axios.$post('${base}${seg}', {})`, // 15
        "    commit('SET', data)", // 16
        '  }', // 17
        '}', // 18
        '',
      ].join('\n');
    writeTree(dir, {
      'store/interview.js': nuxtModule(BASE, 'interviews/anonymous/'),
      'store/desk.js': nuxtModule('https://help.example.com/api/', 'tickets/'),
    });
    const r = await scanProject(dir);
    const flagged = sites(r, 'store/interview.js').filter((s) => !s.endsWith('base-url'));
    expect(flagged).toEqual(['10 interview-marketplace-variant-removed', '3 interview-marketplace-variant-removed', '4 interview-marketplace-variant-removed', '9 interview-marketplace-variant-removed']);
    expect(sites(r, 'store/desk.js')).toEqual([]);
  });
});
