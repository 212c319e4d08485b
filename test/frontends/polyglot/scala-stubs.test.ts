import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, read, tmpDir, writeTree } from '../../cli/helpers';
import { AKKA_CIRCE_CLIENT } from './scala-sources';

/**
 * Scala stub servers' canned answers: JSON texts held by an object's constants as margin strings (`"""{…
 * |  "mode": …}""".stripMargin`), each the resource its constant's name says; a help desk's spec of the same shape
 * (its ticket's `mode: "complaint"`, `advice`, `extra`) stays unreported and byte-identical.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const after = (r: Awaited<ReturnType<typeof scanProject>>, file: string): string => r.outcomes.find((o) => o.relPath === file)?.after ?? read(dir, file);

describe('Scala stub servers', () => {
  it("an object's margin-string JSON constants are read as their names' resources; a desk spec's ticket JSON beside Akka's path(…) stays", async () => {
    const stubs = [
      'package care',
      '',
      'object StubServer {',
      '  val InterviewJson: String =',
      '    """{',
      '      |  "token": "iv-1",',
      '      |  "mode": "complaint",',
      '      |  "marketplace": "north",',
      '      |  "_links": { "complaints": "https://sandbox.buoyhealth.com/api/complaints/" }',
      '      |}""".stripMargin',
      '',
      '  val ResultJson: String =',
      '    """{',
      '      |  "token": "r-1",',
      '      |  "advice": "Rest"',
      '      |}""".stripMargin',
      '}',
    ].join('\n');
    // The client's own `val path = s"interviews/$t/"` in a method is that method's, not Akka's `path(…)` directive in the desk spec.
    const client = AKKA_CIRCE_CLIENT.replace('  def isComplaint', '  def touch(t: String) = {\n    val path = s"interviews/$t/"\n    Http().singleRequest(HttpRequest(uri = baseUrl + path))\n  }\n\n  def isComplaint');
    const desk = [
      'package desk',
      '',
      'import akka.http.scaladsl.server.Directives._',
      '',
      'class DeskSpec extends AnyWordSpec {',
      '  private val ticketJson =',
      '    """{ "id": "T-9", "mode": "complaint",',
      '      |  "advice": "Escalate", "extra": "ward 4" }""".stripMargin',
      '',
      '  private val route = pathPrefix("api" / "tickets") { path(Segment / "")(_ => get(complete(ticketJson))) }',
      '',
      '  "DeskClient" should {',
      '    "file a complaint" in { client.fileComplaint("Wait", "3h") shouldBe true }',
      '  }',
      '}',
    ].join('\n');
    writeTree(dir, { 'src/main/scala/care/SymptomClient.scala': client, 'src/test/scala/care/StubServer.scala': stubs, 'src/test/scala/desk/DeskSpec.scala': desk });
    const r = await scanProject(dir);
    expect(sites(r, 'src/test/scala/care/StubServer.scala')).toEqual(['15 result-advice-test-removed', '7 mode-complaint-renamed-input', '8 interview-marketplace-variant-removed', '9 base-url']);
    expect(sites(r, 'src/test/scala/desk/DeskSpec.scala')).toEqual([]);
    expect(after(r, 'src/test/scala/desk/DeskSpec.scala')).toBe(desk);
  });
});
