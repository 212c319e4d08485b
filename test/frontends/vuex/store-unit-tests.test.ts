import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../config';
import { migrateSource } from '../../../codemods/engine';

/**
 * Unit tests of Vuex modules that call the module's actions directly (`actions.create.call(actions, ctx, …)` of
 * `~/store/interview`, `interview.actions.create(ctx, …)` of the module's default export) after mocking the transport
 * (`$axios.$post.mockRejectedValue({ response: { status: 400 } })`, Nuxt's `$`-methods included): the double answers
 * the request of the action, named by the module's file. The same test of a tickets module says nothing.
 */

const findings = (source: string) =>
  migrateSource(source, { config: defaultConfig, filePath: 'test/store/interview.spec.js' }).findings.map((f) => `${f.line} ${f.change}`);

const nuxtTest = (module: string) =>
  [
    `import { actions } from '~/store/${module}'`, // 1
    "test('create flags a location error on 400', async () => {", // 2
    '  const $axios = { $post: jest.fn() }', // 3
    '  actions.$axios = $axios', // 4
    '  $axios.$post.mockRejectedValue({ response: { status: 400 } })', // 5
    "  await actions.create.call(actions, { commit: jest.fn() }, { age: 34 })", // 6
    '})', // 7
    '',
  ].join('\n');

const vueCliTest = (module: string) =>
  [
    `import ${module} from '@/store/modules/${module}'`, // 1
    "import http from '@/api/http'", // 2
    "it('asks for a location', async () => {", // 3
    '  http.post.mockRejectedValue({ response: { status: 400, data: {} } })', // 4
    `  await expect(${module}.actions.create({ commit: jest.fn() }, { age: 34 })).rejects.toBeTruthy()`, // 5
    '})', // 6
    '',
  ].join('\n');

describe('unit tests that call a Vuex module’s actions with a mocked transport', () => {
  it('Nuxt: `actions.create.call(…)` of ~/store/interview after `$axios.$post.mockRejectedValue(400)`', () => {
    expect(findings(nuxtTest('interview'))).toEqual(['5 location-error-422']);
  });
  it('Vue CLI: `interview.actions.create(…)` after `http.post.mockRejectedValue(400)`', () => {
    expect(findings(vueCliTest('interview'))).toEqual(['4 location-error-422']);
  });
  it('the same tests of a tickets module report nothing', () => {
    expect(findings(nuxtTest('tickets'))).toEqual([]);
    expect(findings(vueCliTest('tickets'))).toEqual([]);
  });
  it('a removed mode handed to a mode setter through `.call` (`actions.updateMode.call(actions, ctx, \'safe\')`); a status setter’s stays', () => {
    const source = (verb: string) => `import { actions } from '~/store/interview'\ntest('x', async () => {\n  await actions.${verb}.call(actions, {}, 'safe')\n})\n`;
    expect(findings(source('updateMode'))).toEqual(['3 mode-safe-triage-removed']);
    expect(findings(source('updateStatus'))).toEqual([]);
  });
});
