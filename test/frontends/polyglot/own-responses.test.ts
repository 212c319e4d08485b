import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A service's own answer to its client, built from a response type and returned after it called the API
 * (`return Response.status(Status.BAD_REQUEST)…build()` when creating the interview failed): not a check of the
 * API's status, so not a site. A check of the API's status in the same function, and a test's stub of the API's
 * answer, still are.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const client = [
  'package sc;',
  '',
  'public class CheckerClient {',
  '    public Interview startInterview(int age) {',
  '        HttpResponse<String> r = http.send(post("https://www.buoyhealth.com/api/interviews/anonymous/", age));',
  '        if (r.statusCode() == 400) throw new LocationUnavailable();',
  '        return parse(r.body());',
  '    }',
  '}',
  '',
].join('\n');

describe('a service answering its own client', () => {
  it('JAX-RS and Spring: the returned response built with a status is the app\'s own answer', async () => {
    writeTree(dir, {
      'src/sc/CheckerClient.java': client,
      'src/web/StartResource.java': [
        'package web;',
        '',
        'public class StartResource {',
        '    public Response start(StartRequest req) {',
        '        try {',
        '            return Response.ok(checker.startInterview(req.age)).build();',
        '        } catch (LocationUnavailable e) {',
        '            return Response.status(Response.Status.BAD_REQUEST).entity(Map.of("error", "location")).build();',
        '        }',
        '    }',
        '',
        '    public ResponseEntity<Object> startSpring(StartRequest req) {',
        '        try {',
        '            return ResponseEntity.ok(checker.startInterview(req.age));',
        '        } catch (LocationUnavailable e) {',
        '            return ResponseEntity.status(HttpStatus.BAD_REQUEST).build();',
        '        }',
        '    }',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'src/sc/CheckerClient.java')).toContain('6 location-error-422');
    expect(sites(r, 'src/web/StartResource.java')).toEqual([]);
  });

  it('a mocked client answer with that status in a test is still the API\'s answer', async () => {
    writeTree(dir, {
      'src/sc/CheckerClient.java': client,
      'test/sc/CheckerClientTest.java': [
        'package sc;',
        '',
        'class CheckerClientTest {',
        '    @Test void locationFails() {',
        '        server.stubFor(post("/api/interviews/anonymous/").willReturn(aResponse().withStatus(400)));',
        '        assertThrows(LocationUnavailable.class, () -> client.startInterview(34));',
        '    }',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'test/sc/CheckerClientTest.java')).toContain('5 location-error-422');
  });

  it("REST Assured: the status a test checks on the app's own route is the app's answer; the stub's 400 of the API's interview, and a check chained to the API's path, are the API's", async () => {
    writeTree(dir, {
      'src/sc/CheckerClient.java': client,
      'test/sc/StartTest.kt': [
        'class StartTest {',
        '    @Test',
        '    fun `location failure asks for a zip code`() {',
        '        wireMock.stubFor(post(urlEqualTo("/api/interviews/anonymous/")).willReturn(aResponse().withStatus(400)))',
        '        given().post("/triage/start").then().statusCode(400)',
        '        given().post("/api/interviews/anonymous/").then().statusCode(400)',
        '    }',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'test/sc/StartTest.kt').filter((s) => s.endsWith('location-error-422'))).toEqual(['4 location-error-422', '6 location-error-422']);
  });
});
