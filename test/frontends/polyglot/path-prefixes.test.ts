import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A constant holding the v1 path alone (`API = "/api/"`), joined to this API's resource paths in a stub
 * (`urlEqualTo(API + "interviews/anonymous/")`) or to a stub server's address as the base of the API's settings
 * (`SymptomCheckerSettings { base_url: … API_PREFIX … }`), is the v1 half of a base: a site for a person. A desk's
 * `/api/` constant, joined to its own paths or given to its own settings, stays.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('constants holding the v1 path alone', () => {
  it('Java: a WireMock test joins API = "/api/" to the resource paths; a desk test joins its own', async () => {
    const test = (cls: string, path: string) =>
      [
        'package sc;',
        '',
        `class ${cls} {`,
        '    private static final String API = "/api/";',
        '',
        '    @Test',
        '    void creates() {',
        `        wireMock.stubFor(post(urlEqualTo(API + "${path}")).willReturn(okJson("{}")));`,
        '    }',
        '}',
        '',
      ].join('\n');
    writeTree(dir, {
      'sc/ClientTest.java': test('ClientTest', 'interviews/anonymous/'),
      'sc/DeskTest.java': test('DeskTest', 'tickets/'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'sc/ClientTest.java')).toEqual(['4 base-url']);
    expect(sites(r, 'sc/DeskTest.java')).toEqual([]);
  });

  it("Rust: a test helper gives the API's settings a base of the mock server and API_PREFIX; a desk's settings stay", async () => {
    writeTree(dir, {
      'tests/common/mod.rs': [
        'pub const API_PREFIX: &str = "/api/";',
        '',
        'pub fn settings(server: &MockServer) -> SymptomCheckerSettings {',
        '    SymptomCheckerSettings { base_url: Some(format!("{}{}", server.uri(), API_PREFIX)), audience: None }',
        '}',
        '',
      ].join('\n'),
      'tests/desk/mod.rs': [
        'pub const API_PREFIX: &str = "/api/";',
        '',
        'pub fn settings(server: &MockServer) -> DeskSettings {',
        '    DeskSettings { base_url: Some(format!("{}{}", server.uri(), API_PREFIX)) }',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'tests/common/mod.rs')).toEqual(['1 base-url']);
    expect(sites(r, 'tests/desk/mod.rs')).toEqual([]);
  });
});
