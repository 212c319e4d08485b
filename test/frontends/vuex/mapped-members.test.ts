import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../config';
import { scanProject, sites } from '../polyglot/support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * Vue 2 components that map a Vuex module's state and getters (`...mapState('results', ['result'])`,
 * `...mapGetters('results', ['advice'])`) read what the module holds: a getter whose value is a removed field is a
 * site where it is mapped and where the template uses it (`v-if="advice"`, an item of it in `v-for`); a getter that
 * copies a tied value's fields (`{ bmi: state.profile.bmi }`), handed on by a computed property, is that value. A
 * helpdesk module with the same members, mapped the same way, stays unreported. The components import only `vuex`.
 */

const BASE = defaultConfig.environments.sandbox!.v1.baseUrl;

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const module = (base: string, seg: string) =>
  [
    'import axios from \'axios\'', // 1
    'export default {', // 2
    '  namespaced: true,', // 3
    '  state: () => ({ result: null, profile: {} }),', // 4
    '  getters: {', // 5
    '    advice: state => (state.result ? state.result.advice : null),', // 6
    '    tests: state => (state.result && state.result.test) || [],', // 7
    '    metrics: state => ({ bmi: state.profile.bmi, race: state.profile.race }),', // 8
    '    level: state => state.result && state.result.level', // 9
    '  },', // 10
    '  mutations: {', // 11
    '    SET_RESULT (state, result) { state.result = result },', // 12
    '    SET_PROFILE (state, result) { state.profile = result.profile || {} }', // 13
    '  },', // 14
    '  actions: {', // 15
    '    async fetch ({ commit }, token) {', // 16
    `      const { data } = await axios.get(\`${base}${seg}\${token}/\`)`, // 17
    "      commit('SET_RESULT', data)", // 18
    "      commit('SET_PROFILE', data)", // 19
    '    }', // 20
    '  }', // 21
    '}', // 22
    '',
  ].join('\n');

const component = (ns: string) =>
  [
    '<template>', // 1
    '  <section>', // 2
    '    <p v-if="advice">{{ advice }}</p>', // 3
    '    <li v-for="t in tests" :key="t.name">{{ t.name }}</li>', // 4
    '    <dd>{{ bodyMetrics.bmi }}</dd>', // 5
    '    <h1>{{ level }}</h1>', // 6
    '  </section>', // 7
    '</template>', // 8
    '<script>', // 9
    "import { mapGetters } from 'vuex'", // 10
    'export default {', // 11
    '  computed: {', // 12
    `    ...mapGetters('${ns}', ['advice', 'level']),`, // 13
    `    ...mapGetters('${ns}', { tests: 'tests', metrics: 'metrics' }),`, // 14
    '    bodyMetrics () { return this.metrics }', // 15
    '  }', // 16
    '}', // 17
    '</script>', // 18
    '',
  ].join('\n');

describe('components that map a Vuex module tied to the API', () => {
  it('the mapped removed fields, their uses in the template and the fields of a copied part are reported', async () => {
    writeTree(dir, {
      'src/store/modules/results.js': module(BASE, 'results/'),
      'src/views/Result.vue': component('results'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'src/views/Result.vue')).toEqual([
      '13 result-advice-test-removed',
      '14 result-advice-test-removed',
      '3 result-advice-test-removed',
      '3 result-advice-test-removed',
      // The list in `v-for`, and its item in `:key` and in the text.
      '4 result-advice-test-removed',
      '4 result-advice-test-removed',
      '4 result-advice-test-removed',
      '4 result-advice-test-removed',
      '5 interview-profile-fields-removed',
    ]);
  });

  it('the same module on a helpdesk’s tickets, mapped the same way, reports nothing', async () => {
    writeTree(dir, {
      'src/store/modules/tickets.js': module('https://help.example.com/api/', 'tickets/'),
      'src/views/Ticket.vue': component('tickets'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'src/store/modules/tickets.js')).toEqual([]);
    expect(sites(r, 'src/views/Ticket.vue')).toEqual([]);
  });

  it('the other ways a component reads a module: mapState’s readers, `this.$store.state.<module>.<field>`, `this.$store.getters[\'<module>/<getter>\']`', async () => {
    const page = (ns: string) =>
      [
        '<template>', // 1
        '  <p v-if="tips">{{ tips }} {{ offer.name }} {{ tried }}</p>', // 2
        '</template>', // 3
        '<script>', // 4
        "import { mapState } from 'vuex'", // 5
        'export default {', // 6
        '  computed: {', // 7
        `    ...mapState({ tried: state => state.${ns}.tests }),`, // 8
        `    tips () { return this.$store.getters['${ns}/advice'] },`, // 9
        `    offer () { return this.$store.state.${ns}.result }`, // 10
        '  }', // 11
        '}', // 12
        '</script>', // 13
        '',
      ].join('\n');
    writeTree(dir, {
      'src/store/modules/results.js': module(BASE, 'results/'),
      'src/store/modules/tickets.js': module('https://help.example.com/api/', 'tickets/'),
      'src/views/Result.vue': page('results'),
      'src/views/Ticket.vue': page('tickets'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'src/views/Result.vue')).toEqual(['2 result-advice-test-removed', '2 result-advice-test-removed', '2 result-advice-test-removed', '8 result-advice-test-removed', '9 result-advice-test-removed']);
    expect(sites(r, 'src/views/Ticket.vue')).toEqual([]);
  });
});
