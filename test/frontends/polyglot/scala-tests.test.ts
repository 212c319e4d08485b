import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogue } from '../../../catalogue';
import { defaultConfig } from '../../../config';
import { noProject } from '../../../codemods/engine/ties/project';
import { scanProject, sites } from './support';
import { cleanup, read, tmpDir, writeTree } from '../../cli/helpers';
import { AKKA_CIRCE_CLIENT } from './scala-sources';

/**
 * Scala tests (a ScalaTest spec with a WireMock server beside the client it tests, a desk's spec of the same shape), and
 * Scala without its grammar: the token pass of lexical.ts, for a missing grammar package or a file the grammar cannot read.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

/** The file as the run would write it (unchanged when the scan leaves it). */
const after = (r: Awaited<ReturnType<typeof scanProject>>, file: string): string => r.outcomes.find((o) => o.relPath === file)?.after ?? read(dir, file);

describe('Scala tests', () => {
  it('a ScalaTest spec with a WireMock server: v1 stub paths and a 202 stubbed for a mode update of the client; the desk spec stays', async () => {
    const care = AKKA_CIRCE_CLIENT;
    const spec = [
      "package care",
      "",
      "import com.github.tomakehurst.wiremock.WireMockServer",
      "import com.github.tomakehurst.wiremock.client.WireMock._",
      "import org.scalatest.flatspec.AnyFlatSpec",
      "import org.scalatest.matchers.should.Matchers",
      "",
      "class SymptomClientSpec extends AnyFlatSpec with Matchers {",
      "  val server = new WireMockServer(8089)",
      "",
      "  \"updateMode\" should \"send the complaint mode\" in {",
      "    server.stubFor(put(urlEqualTo(\"/api/interviews/t1/\"))",
      "      .willReturn(aResponse().withStatus(202).withBody(\"\"\"{\"msg\": \"Mode updated\"}\"\"\")))",
      "    val client = new SymptomClient(\"http://localhost:8089/api/\")",
      "    client.updateMode(\"t1\", \"complaint\") shouldBe true",
      "    server.verify(putRequestedFor(urlEqualTo(\"/api/interviews/t1/\")).withRequestBody(equalToJson(\"\"\"{\"mode\": \"complaint\"}\"\"\")))",
      "  }",
      "",
      "  \"result\" should \"read the advice\" in {",
      "    server.stubFor(get(urlEqualTo(\"/api/results/t1/\")).willReturn(okJson(\"\"\"{\"advice\": \"rest\", \"triage\": \"self\"}\"\"\")))",
      "    new SymptomClient(\"http://localhost:8089/api/\").advice(\"t1\") shouldBe \"rest\"",
      "  }",
      "}",
    ].join('\n');
    const deskSpec = [
      "package desk",
      "",
      "import com.github.tomakehurst.wiremock.WireMockServer",
      "import com.github.tomakehurst.wiremock.client.WireMock._",
      "import org.scalatest.flatspec.AnyFlatSpec",
      "import org.scalatest.matchers.should.Matchers",
      "",
      "class DeskClientSpec extends AnyFlatSpec with Matchers {",
      "  val server = new WireMockServer(8090)",
      "",
      "  \"moveTicket\" should \"send the complaint mode\" in {",
      "    server.stubFor(put(urlEqualTo(\"/api/tickets/t1/\"))",
      "      .willReturn(aResponse().withStatus(202).withBody(\"\"\"{\"msg\": \"Ticket moved\"}\"\"\")))",
      "    val client = new DeskClient(\"https://help.example.com/api/\")",
      "    client.moveTicket(\"t1\", \"complaint\") shouldBe true",
      "    server.verify(putRequestedFor(urlEqualTo(\"/api/tickets/t1/\")).withRequestBody(equalToJson(\"\"\"{\"mode\": \"complaint\"}\"\"\")))",
      "  }",
      "",
      "  \"reply\" should \"read the advice\" in {",
      "    server.stubFor(get(urlEqualTo(\"/api/replies/t1/\")).willReturn(okJson(\"\"\"{\"advice\": \"rest\", \"extra\": \"x\"}\"\"\")))",
      "    new DeskClient(\"https://help.example.com/api/\").advice(\"t1\") shouldBe \"rest\"",
      "  }",
      "}",
    ].join('\n');
    writeTree(dir, { 'src/main/scala/care/SymptomClient.scala': care, 'src/test/scala/SymptomClientSpec.scala': spec, 'src/test/scala/DeskClientSpec.scala': deskSpec });
    const r = await scanProject(dir);
    // Each `"…" should "…" in { … }` block is a scope of its own (languages/scala.ts testBlocks): its stub's JSON texts are
    // the update's (`{"msg": …}` on line 13, `{"mode": "complaint"}` on line 16) and the result's (`advice`, line 20), not
    // the whole class's, which uses both resources (a merge once lost lines 13 and 16 so).
    expect(sites(r, 'src/test/scala/SymptomClientSpec.scala')).toEqual(['12 base-url', '13 mode-update-status-200', '13 update-msg-in-links', '15 mode-complaint-renamed-input', '16 base-url', '16 mode-complaint-renamed-input', '20 base-url', '20 result-advice-test-removed']);
    expect(sites(r, 'src/test/scala/DeskClientSpec.scala')).toEqual([]);
    expect(after(r, 'src/test/scala/DeskClientSpec.scala')).toBe(deskSpec);
  });

  it("a FunSuite's test(\"…\") { … } blocks are scopes of their own: each stub's JSON text is its test's resource; the desk suite stays", async () => {
    const suite = (pkg: string, base: string, update: string, read: string, body: string) =>
      [
        `package ${pkg}`,
        '',
        'import com.github.tomakehurst.wiremock.client.WireMock._',
        '',
        'class ClientSuite extends munit.FunSuite {',
        `  test("update") {`,
        `    stubFor(put(urlEqualTo("/api/${update}/t1/")).willReturn(okJson("""{"msg": "moved"}""")))`,
        `    assert(new Client("${base}").move("t1"))`,
        '  }',
        `  test("read") {`,
        `    stubFor(get(urlEqualTo("/api/${read}/t1/")).willReturn(okJson("""${body}""")))`,
        `    assertEquals(new Client("${base}").read("t1"), "rest")`,
        '  }',
        '}',
      ].join('\n');
    const care = suite('care', 'http://localhost:8089/api/', 'interviews', 'results', '{"advice": "rest", "triage": "self"}');
    const desk = suite('desk', 'https://help.example.com/api/', 'tickets', 'replies', '{"advice": "rest", "extra": "x"}');
    writeTree(dir, { 'src/main/scala/care/SymptomClient.scala': AKKA_CIRCE_CLIENT, 'src/test/scala/care/ClientSuite.scala': care, 'src/test/scala/desk/ClientSuite.scala': desk });
    const r = await scanProject(dir);
    expect(sites(r, 'src/test/scala/care/ClientSuite.scala')).toEqual(['11 base-url', '11 result-advice-test-removed', '7 base-url', '7 update-msg-in-links']);
    expect(sites(r, 'src/test/scala/desk/ClientSuite.scala')).toEqual([]);
    expect(after(r, 'src/test/scala/desk/ClientSuite.scala')).toBe(desk);
  });

  it("ScalaTest's futureValue hands on the answer of the endpoint's future; a desk's ticket read so stays", async () => {
    const client = (pkg: string, model: string, fn: string, url: string) =>
      [
        `package ${pkg}`,
        '',
        `final case class ${model}(token: String, marketplace: Option[String])`,
        '',
        `class Client(base: String = "${url}")(implicit system: ActorSystem[_], ec: ExecutionContext) {`,
        `  def ${fn}(age: Int): Future[${model}] =`,
        `    Http().singleRequest(HttpRequest(HttpMethods.POST, uri = s"\${base}${pkg === 'care' ? 'interviews/anonymous' : 'tickets'}/")).flatMap(r => Unmarshal(r).to[${model}])`,
        '}',
      ].join('\n');
    const spec = (pkg: string, fn: string) =>
      [
        `package ${pkg}`,
        '',
        'class ClientSpec extends AnyWordSpec with Matchers with ScalaFutures {',
        '  private def clientFor() = new Client()',
        '',
        '  "the client" should {',
        '    "open one" in {',
        `      val opened = clientFor().${fn}(34).futureValue`,
        '      opened.marketplace shouldBe Some("north")',
        '    }',
        '  }',
        '}',
      ].join('\n');
    const deskSpec = spec('desk', 'openTicket');
    writeTree(dir, {
      'src/main/scala/care/Client.scala': client('care', 'Interview', 'createInterview', 'https://www.buoyhealth.com/api/'),
      'src/test/scala/care/ClientSpec.scala': spec('care', 'createInterview'),
      'src/main/scala/desk/Client.scala': client('desk', 'Ticket', 'openTicket', 'https://help.example.com/api/'),
      'src/test/scala/desk/ClientSpec.scala': deskSpec,
    });
    const r = await scanProject(dir);
    expect(sites(r, 'src/test/scala/care/ClientSpec.scala')).toEqual(['9 interview-marketplace-variant-removed']);
    expect(sites(r, 'src/test/scala/desk/ClientSpec.scala')).toEqual([]);
    expect(after(r, 'src/test/scala/desk/ClientSpec.scala')).toBe(deskSpec);
  });
});

describe('Scala without its grammar', () => {
  const source = ['object Checker {', '  val base = "https://www.buoyhealth.com/api/"', '  def start(ws: WSClient, token: String) = ws.url(s"${base}interviews/$token/").put(Json.obj("mode" -> "complaint"))', '}'].join('\n');

  it('a file the grammar cannot read keeps the token pass (reports, addresses rewritten), never a parse failure', async () => {
    const broken = source.replace('(ws: WSClient, token: String)', '(ws: WSClient, token: String = {{') + '\n  def g( = ]]\n';
    writeTree(dir, { 'src/Checker.scala': broken });
    const r = await scanProject(dir);
    expect(sites(r, 'src/Checker.scala')).toEqual(['2 base-url', '2 base-url', '3 mode-complaint-renamed-input']);
    expect(after(r, 'src/Checker.scala')).toContain('https://api.buoyhealth.com/symptom-checker/v2/');
    expect(after(r, 'src/Checker.scala')).toContain('"mode" -> "complaint"');
    expect(r.outcomes.find((o) => o.relPath === 'src/Checker.scala')!.findings.map((f) => f.message).join('\n')).toMatch(/line 3 is scala syntax its grammar does not read/);
  });

  it('a missing grammar package: the lexical pass of languages without a parser, not the plain-text one', async () => {
    vi.resetModules();
    process.env.SC_MIGRATE_HIDE_GRAMMARS = 'scala';
    try {
      const { polyglotFrontEnds: fresh } = await import('../../../codemods/frontends/polyglot');
      const scala = fresh().find((f) => f.id === 'scala')!;
      const r = scala.analyze({ source, filePath: '/tmp/Checker.scala', config: defaultConfig, changes: catalogue, markers: true, project: noProject });
      // The file-level finding at the first v1 address, the address itself, and the mode found by its text.
      expect(r.findings.map((f) => `${f.line} ${f.change}`).sort()).toEqual(['2 base-url', '2 base-url', '3 mode-complaint-renamed-input']);
      expect(r.findings.find((f) => f.change === 'mode-complaint-renamed-input')!.message).toMatch(/found by its text/);
      expect(r.findings.map((f) => f.message).join('\n')).toMatch(/scala not parsed: grammar @ast-grep\/lang-scala is not available/);
      expect(r.output).toContain('symptom-checker/v2/');
      expect(r.output).toContain('"mode" -> "complaint"');
    } finally {
      delete process.env.SC_MIGRATE_HIDE_GRAMMARS;
    }
  });
});
