import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * The v1 path written inline in tests that serve the API from a stub server: a request matcher given the v1 path and
 * one of the API's resources (`urlEqualTo("/api/interviews/anonymous/")`, MockServer's `withPath(…)`), and the v1
 * path joined to the stub server's address as the API's base setting (`Map.of("buoy-api/mp-rest/url",
 * server.baseUrl() + "/api/")`, Kotlin's `"symptom-checker.base-url" to server.url("/api/")`). Another API's stubs
 * and settings of the same shapes stay.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('the v1 path inline in stub-server tests', () => {
  it('Java: WireMock matchers and a Quarkus test resource; the helpdesk ones stay', async () => {
    writeTree(dir, {
      'src/test/java/sc/StubServer.java': [
        'class StubServer {',
        '    Map<String, String> start() {',
        '        return Map.of(',
        '                "buoy-api/mp-rest/url", server.baseUrl() + "/api/",',
        '                "helpdesk-api/mp-rest/url", server.baseUrl() + "/api/");',
        '    }',
        '',
        '    void verifies() {',
        '        wireMock.verify(postRequestedFor(urlEqualTo("/api/interviews/anonymous/")));',
        '        wireMock.verify(postRequestedFor(urlPathMatching("/api/complaints/.*")));',
        '        wireMock.verify(postRequestedFor(urlEqualTo("/api/tickets/")));',
        '        wireMock.verify(postRequestedFor(urlEqualTo("/helpdesk/api/interviews/")));',
        '    }',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'src/test/java/sc/StubServer.java').sort()).toEqual(['10 base-url', '4 base-url', '9 base-url']);
  });

  it('Kotlin: MockServer withPath and a settings map; a desk path and a desk base stay', async () => {
    writeTree(dir, {
      'src/test/kotlin/sc/ClientTest.kt': [
        'class ClientTest {',
        '    val props = mapOf("symptom-checker.base-url" to server.url("/api/").toString(), "desk.base-url" to server.url("/api/").toString())',
        '',
        '    fun stubs() {',
        '        mockServer.`when`(request().withMethod("PUT").withPath("/api/interviews/t-1/")).respond(response().withStatusCode(200))',
        '        mockServer.`when`(request().withMethod("PUT").withPath("/api/tickets/t-1/")).respond(response().withStatusCode(202))',
        '    }',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'src/test/kotlin/sc/ClientTest.kt')).toEqual(['2 base-url', '5 base-url']);
  });
});
