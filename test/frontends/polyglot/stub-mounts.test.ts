import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A test's stub server that serves the API under a path of its own, given as the API's base setting in another file
 * (`"buoy-api/mp-rest/url" to "${server.baseUrl()}/sc-mock/"`, Spring's `registry.add("symptom-checker.base-url", …)`):
 * its stubs under that path (`urlEqualTo("/sc-mock/interviews/anonymous/")`) are the API's resources, and their
 * bodies are read as such. Another service mounted the same way (`"helpdesk-api/mp-rest/url"` at `/desk/`) keeps
 * its stubs, though they answer under a path named like one of the API's.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('stub paths under the path a stub server serves the API at', () => {
  it('Kotlin: a Quarkus test resource mounts the API at /sc-mock/; the helpdesk mounted at /desk/ stays', async () => {
    writeTree(dir, {
      'src/test/kotlin/app/StubApis.kt': [
        'class StubApis : QuarkusTestResourceLifecycleManager {',
        '    override fun start(): Map<String, String> {',
        '        server.start()',
        '        server.stubFor(post(urlEqualTo("/oauth/token")).withRequestBody(matchingJsonPath("$.audience", equalTo("https://sandbox.buoyhealth.com/api/"))))',
        '        return mapOf(',
        '            "buoy-api/mp-rest/url" to "${server.baseUrl()}/sc-mock/",',
        '            "helpdesk-api/mp-rest/url" to "${server.baseUrl()}/desk/"',
        '        )',
        '    }',
        '}',
        '',
      ].join('\n'),
      'src/test/kotlin/app/FlowTest.kt': [
        'class FlowTest {',
        '    @Test',
        '    fun starts() {',
        '        server.stubFor(post(urlEqualTo("/sc-mock/interviews/anonymous/")).willReturn(json(201, """{"token":"iv-1","marketplace":"acme"}""")))',
        '    }',
        '',
        '    @Test',
        '    fun sendsNote() {',
        '        server.verify(postRequestedFor(urlEqualTo("/sc-mock/complaints/")).withRequestBody(equalToJson("""{"text":"a","extra":"b"}""")))',
        '    }',
        '',
        '    @Test',
        '    fun filesTicket() {',
        '        server.stubFor(post(urlEqualTo("/desk/complaints/")).willReturn(json(201, """{"id":"T-1","extra":"x"}""")))',
        '        server.verify(postRequestedFor(urlEqualTo("/desk/complaints/")).withRequestBody(equalToJson("""{"text":"a","extra":"b"}""")))',
        '    }',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'src/test/kotlin/app/FlowTest.kt')).toEqual(['4 interview-marketplace-variant-removed', '9 complaint-extra-removed']);
  });

  it('Java: a Spring test registers the API under /sc/ (a lambda); a desk registered under /sc-desk/ stays', async () => {
    writeTree(dir, {
      'src/test/java/app/Props.java': [
        'class Props {',
        '    @DynamicPropertySource',
        '    static void props(DynamicPropertyRegistry registry) {',
        '        registry.add("symptom-checker.base-url", () -> wireMock.baseUrl() + "/sc/");',
        '        registry.add("helpdesk.base-url", () -> wireMock.baseUrl() + "/sc-desk/");',
        '        registry.add("symptom-checker.audience", () -> "https://sandbox.buoyhealth.com/api/");',
        '    }',
        '}',
        '',
      ].join('\n'),
      'src/test/java/app/ClientTest.java': [
        'class ClientTest {',
        '    @Test',
        '    void answers() {',
        '        stubFor(get(urlEqualTo("/sc/interviews/iv-1/")).willReturn(okJson("{\\"token\\":\\"iv-1\\",\\"variant\\":\\"b\\"}")));',
        '    }',
        '',
        '    @Test',
        '    void desk() {',
        '        stubFor(get(urlEqualTo("/sc-desk/complaints/c-1/")).willReturn(okJson("{\\"id\\":\\"c-1\\",\\"extra\\":\\"b\\"}")));',
        '    }',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'src/test/java/app/ClientTest.java')).toEqual(['4 interview-marketplace-variant-removed']);
  });
});
