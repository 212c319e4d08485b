import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, read, tmpDir, writeTree } from '../../cli/helpers';
import { AKKA_CIRCE_CLIENT } from './scala-sources';

/**
 * Scala read by its grammar (languages/scala.ts): Akka HTTP with circe, Play WS with Play JSON, sttp with zio-json,
 * Scala 3 enums and scala-cli scripts. Beside each client, a helpdesk client of the same shape (its `mode = "complaint"`,
 * `advice`, `extra`, `202`, `/api/` on help.example.com) that stays byte-identical and unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

/** The file as the run would write it (unchanged when the scan leaves it). */
const after = (r: Awaited<ReturnType<typeof scanProject>>, file: string): string => r.outcomes.find((o) => o.relPath === file)?.after ?? read(dir, file);

describe('Scala clients', () => {
  it('Akka HTTP + circe: a sealed mode type with case objects, Json.obj and Map tuples, named arguments of HttpRequest, StatusCodes.Accepted after a mode update', async () => {
    const care = AKKA_CIRCE_CLIENT;
    const desk = [
      "package care.helpdesk",
      "",
      "import akka.actor.typed.ActorSystem",
      "import akka.http.scaladsl.Http",
      "import akka.http.scaladsl.model._",
      "import io.circe._",
      "import io.circe.parser._",
      "import io.circe.syntax._",
      "import scala.concurrent.{ExecutionContext, Future}",
      "",
      "sealed abstract class TicketMode(val wire: String)",
      "object TicketMode {",
      "  case object Complaint extends TicketMode(\"complaint\")",
      "  case object Safe extends TicketMode(\"safe\")",
      "  case object Full extends TicketMode(\"full\")",
      "}",
      "",
      "final case class TicketReply(advice: String, triageLevel: String)",
      "final case class IssueRequest(interview: String, text: String, extra: Option[String] = None)",
      "",
      "class HelpdeskClient(baseUrl: String = \"https://help.example.com/api/\")(implicit system: ActorSystem[_], ec: ExecutionContext) {",
      "  private val audience = \"https://help.example.com/api/\"",
      "",
      "  def updateMode(token: String, mode: TicketMode): Future[Boolean] = {",
      "    val body = Json.obj(\"mode\" -> Json.fromString(mode.wire), \"ticket_mode\" -> Json.fromBoolean(true))",
      "    val request = HttpRequest(method = HttpMethods.PUT, uri = s\"${baseUrl}tickets/$token/\", entity = HttpEntity(ContentTypes.`application/json`, body.noSpaces))",
      "    Http().singleRequest(request).map { response =>",
      "      response.status == StatusCodes.Accepted",
      "    }",
      "  }",
      "",
      "  def complain(token: String, text: String, note: String): Future[HttpResponse] = {",
      "    val payload = Map(\"interview\" -> token, \"text\" -> text, \"extra\" -> note).asJson",
      "    Http().singleRequest(HttpRequest(HttpMethods.POST, uri = s\"${baseUrl}issues/\", entity = HttpEntity(ContentTypes.`application/json`, payload.noSpaces)))",
      "  }",
      "",
      "  def result(token: String): Future[String] =",
      "    Http().singleRequest(HttpRequest(uri = s\"${baseUrl}replies/$token/\")).flatMap(r => r.entity.toStrict(scala.concurrent.duration.DurationInt(3).seconds)).map { e =>",
      "      val cursor = parse(e.data.utf8String).getOrElse(Json.Null).hcursor",
      "      cursor.downField(\"advice\").as[String].getOrElse(\"\")",
      "    }",
      "",
      "  def updateMessage(token: String, json: Json): String = json.hcursor.get[String](\"msg\").getOrElse(\"\")",
      "",
      "  def isComplaint(mode: String): Boolean = mode == \"complaint\"",
      "}",
    ].join('\n');
    writeTree(dir, { 'src/main/scala/care/SymptomClient.scala': care, 'src/main/scala/care/helpdesk/HelpdeskClient.scala': desk });
    const r = await scanProject(dir);
    expect(sites(r, 'src/main/scala/care/SymptomClient.scala')).toEqual([
      '13 mode-complaint-renamed-input',
      '14 mode-safe-triage-removed',
      '18 result-advice-test-removed',
      '19 complaint-extra-removed',
      '21 base-url',
      '22 token-audience',
      '25 interview-mode-flag-removed',
      '28 mode-update-status-200',
      '33 complaint-extra-removed',
      '45 mode-complaint-renamed-input',
    ].sort());
    expect(after(r, 'src/main/scala/care/SymptomClient.scala')).toContain('case object Complaint extends InterviewMode("input")');
    expect(after(r, 'src/main/scala/care/SymptomClient.scala')).toContain('mode == "input"');
    expect(sites(r, 'src/main/scala/care/helpdesk/HelpdeskClient.scala')).toEqual([]);
    expect(after(r, 'src/main/scala/care/helpdesk/HelpdeskClient.scala')).toBe(desk);
  });

  it('Play WS + Play JSON: Json.obj bodies, a mode parameter with a removed default, a lookup with \\ in a lambda; an injected service; `_.status == ACCEPTED` of play.api.http.Status._', async () => {
    const care = [
      "package services",
      "",
      "import javax.inject.Inject",
      "import play.api.libs.json._",
      "import play.api.libs.ws._",
      "import play.api.http.Status._",
      "import scala.concurrent.{ExecutionContext, Future}",
      "",
      "",
      "class SymptomService @Inject() (ws: WSClient)(implicit ec: ExecutionContext) {",
      "  val base = \"https://www.buoyhealth.com/api/\"",
      "",
      "  def setMode(token: String, mode: String = \"safe\"): Future[Boolean] =",
      "    ws.url(s\"${base}interviews/$token/\").put(Json.obj(\"mode\" -> mode)).map(_.status == ACCEPTED)",
      "",
      "  def toComplaint(token: String): Future[Int] =",
      "    ws.url(s\"${base}interviews/$token/\").put(Json.obj(\"mode\" -> \"complaint\")).map(_.status)",
      "",
      "  def complain(token: String, text: String): Future[JsValue] =",
      "    ws.url(base + \"complaints/\").post(Json.obj(\"interview\" -> token, \"text\" -> text, \"extra\" -> \"from-play\")).map(_.json)",
      "",
      "  def advice(token: String): Future[String] =",
      "    ws.url(s\"${base}results/$token/\").get().map(r => (r.json \\ \"advice\").as[String])",
      "}",
    ].join('\n');
    const desk = [
      "package services.helpdesk",
      "",
      "import javax.inject.Inject",
      "import play.api.libs.json._",
      "import play.api.libs.ws._",
      "import play.api.http.Status._",
      "import scala.concurrent.{ExecutionContext, Future}",
      "",
      "",
      "class HelpdeskService @Inject() (ws: WSClient)(implicit ec: ExecutionContext) {",
      "  val base = \"https://help.example.com/api/\"",
      "",
      "  def setMode(token: String, mode: String = \"safe\"): Future[Boolean] =",
      "    ws.url(s\"${base}tickets/$token/\").put(Json.obj(\"mode\" -> mode)).map(_.status == ACCEPTED)",
      "",
      "  def toComplaint(token: String): Future[Int] =",
      "    ws.url(s\"${base}tickets/$token/\").put(Json.obj(\"mode\" -> \"complaint\")).map(_.status)",
      "",
      "  def complain(token: String, text: String): Future[JsValue] =",
      "    ws.url(base + \"issues/\").post(Json.obj(\"interview\" -> token, \"text\" -> text, \"extra\" -> \"from-play\")).map(_.json)",
      "",
      "  def advice(token: String): Future[String] =",
      "    ws.url(s\"${base}replies/$token/\").get().map(r => (r.json \\ \"advice\").as[String])",
      "}",
    ].join('\n');
    writeTree(dir, { 'app/services/SymptomService.scala': care, 'app/services/helpdesk/HelpdeskService.scala': desk });
    const r = await scanProject(dir);
    expect(sites(r, 'app/services/SymptomService.scala')).toEqual(['11 base-url', '13 mode-safe-triage-removed', '14 mode-safe-triage-removed', '14 mode-update-status-200', '17 mode-complaint-renamed-input', '20 complaint-extra-removed', '23 result-advice-test-removed']);
    expect(sites(r, 'app/services/helpdesk/HelpdeskService.scala')).toEqual([]);
    expect(after(r, 'app/services/helpdesk/HelpdeskService.scala')).toBe(desk);
  });

  it('sttp + zio-json: uri"…" interpolation, a case class decoded from results with @jsonField, named arguments of a mode update, StatusCode.Accepted', async () => {
    const care = [
      "package triage",
      "",
      "import sttp.client3._",
      "import sttp.model.StatusCode",
      "import zio.json._",
      "",
      "final case class ModeUpdate(mode: String)",
      "object ModeUpdate { implicit val codec: JsonCodec[ModeUpdate] = DeriveJsonCodec.gen[ModeUpdate] }",
      "",
      "final case class Outcome(@jsonField(\"advice\") advice: String, triage: String)",
      "object Outcome { implicit val codec: JsonCodec[Outcome] = DeriveJsonCodec.gen[Outcome] }",
      "",
      "object Triage {",
      "  val Base = \"https://www.buoyhealth.com/api/\"",
      "  private val backend = HttpClientSyncBackend()",
      "",
      "  def start(): Boolean = {",
      "    val r = basicRequest.post(uri\"${Base}interviews/anonymous/\").body(Map(\"mode\" -> \"complaint\").toJson).send(backend)",
      "    r.code == StatusCode.Accepted",
      "  }",
      "",
      "  def switchTo(token: String): Boolean = {",
      "    val r = basicRequest.put(uri\"${Base}interviews/$token/\").body(ModeUpdate(mode = \"safe\").toJson).send(backend)",
      "    r.code == StatusCode.Accepted",
      "  }",
      "",
      "  def outcome(token: String): Option[Outcome] =",
      "    basicRequest.get(uri\"${Base}results/$token/\").response(asJson[Outcome]).send(backend).body.toOption",
      "",
      "  def advice(token: String): Option[String] = outcome(token).map(_.advice)",
      "}",
    ].join('\n');
    const desk = [
      "package desk",
      "",
      "import sttp.client3._",
      "import sttp.model.StatusCode",
      "import zio.json._",
      "",
      "final case class TicketModeUpdate(mode: String)",
      "object TicketModeUpdate { implicit val codec: JsonCodec[TicketModeUpdate] = DeriveJsonCodec.gen[TicketModeUpdate] }",
      "",
      "final case class DeskReply(@jsonField(\"advice\") advice: String, triage: String)",
      "object DeskReply { implicit val codec: JsonCodec[DeskReply] = DeriveJsonCodec.gen[DeskReply] }",
      "",
      "object Desk {",
      "  val Base = \"https://help.example.com/api/\"",
      "  private val backend = HttpClientSyncBackend()",
      "",
      "  def start(): Boolean = {",
      "    val r = basicRequest.post(uri\"${Base}tickets/new/\").body(Map(\"mode\" -> \"complaint\").toJson).send(backend)",
      "    r.code == StatusCode.Accepted",
      "  }",
      "",
      "  def switchTo(token: String): Boolean = {",
      "    val r = basicRequest.put(uri\"${Base}tickets/$token/\").body(TicketModeUpdate(mode = \"safe\").toJson).send(backend)",
      "    r.code == StatusCode.Accepted",
      "  }",
      "",
      "  def outcome(token: String): Option[DeskReply] =",
      "    basicRequest.get(uri\"${Base}replies/$token/\").response(asJson[DeskReply]).send(backend).body.toOption",
      "",
      "  def advice(token: String): Option[String] = outcome(token).map(_.advice)",
      "}",
    ].join('\n');
    writeTree(dir, { 'src/main/scala/triage/Triage.scala': care, 'src/main/scala/desk/Desk.scala': desk });
    const r = await scanProject(dir);
    expect(sites(r, 'src/main/scala/triage/Triage.scala')).toEqual(['10 result-advice-test-removed', '14 base-url', '18 mode-complaint-renamed-input', '19 mode-update-status-200', '23 mode-safe-triage-removed', '24 mode-update-status-200']);
    expect(after(r, 'src/main/scala/triage/Triage.scala')).toContain('Map("mode" -> "input")');
    expect(sites(r, 'src/main/scala/desk/Desk.scala')).toEqual([]);
    expect(after(r, 'src/main/scala/desk/Desk.scala')).toBe(desk);
  });

  it('Scala 3 enums in indentation syntax, and a scala-cli script whose top-level request sends JSON written in a string', async () => {
    const modes = [
      "package triage3",
      "",
      "enum InterviewMode(val wire: String):",
      "  case Complaint extends InterviewMode(\"complaint\")",
      "  case Safe extends InterviewMode(\"safe\")",
      "  case Full extends InterviewMode(\"full\")",
      "",
      "enum FeedbackMode(val wire: String):",
      "  case Complaint extends FeedbackMode(\"complaint\")",
      "  case Praise extends FeedbackMode(\"praise\")",
      "",
      "object Api:",
      "  val base = \"https://www.buoyhealth.com/api/\"",
      "  def modePath(token: String): String = s\"${base}interviews/$token/\"",
    ].join('\n');
    const script = [
      "//> using dep com.softwaremill.sttp.client3::core:3.9.0",
      "import sttp.client3._",
      "",
      "val backend = HttpClientSyncBackend()",
      "val base = \"https://www.buoyhealth.com/api/\"",
      "val token = args(0)",
      "val r = basicRequest.put(uri\"${base}interviews/$token/\").body(\"\"\"{\"mode\": \"complaint\"}\"\"\").send(backend)",
      "if (r.code.code == 202) println(\"moved\")",
    ].join('\n');
    const desk = script.replace('www.buoyhealth.com', 'help.example.com').replace('interviews/', 'tickets/');
    writeTree(dir, { 'src/Modes.scala': modes, 'scripts/migrate.sc': script, 'scripts/desk.sc': desk });
    const r = await scanProject(dir);
    expect(sites(r, 'src/Modes.scala')).toEqual(['13 base-url', '4 mode-complaint-renamed-input', '5 mode-safe-triage-removed']);
    // The feedback mode type's `"complaint"` is another thing's.
    expect(after(r, 'src/Modes.scala')).toContain('case Complaint extends FeedbackMode("complaint")');
    expect(after(r, 'src/Modes.scala')).toContain('case Complaint extends InterviewMode("input")');
    // The JSON text sent in the top-level request makes it a mode update: its 202 is the old status.
    expect(sites(r, 'scripts/migrate.sc')).toEqual(['5 base-url', '7 mode-complaint-renamed-input', '8 mode-update-status-200']);
    expect(sites(r, 'scripts/desk.sc')).toEqual([]);
    expect(after(r, 'scripts/desk.sc')).toBe(desk);
  });

  it("Scala 2 Enumeration values: the API's mode object's Value(\"complaint\") is rewritten, a ticket mode object's is not", async () => {
    const source = [
      "package legacy",
      "object InterviewMode extends Enumeration {",
      "  val Complaint = Value(\"complaint\")",
      "  val Safe = Value(\"safe\")",
      "}",
      "object TicketMode extends Enumeration {",
      "  val Complaint = Value(\"complaint\")",
      "}",
      "object Api {",
      "  val base = \"https://www.buoyhealth.com/api/\"",
      "  def set(ws: WSClient, t: String, m: InterviewMode.Value) = ws.url(s\"${base}interviews/$t/\").put(Json.obj(\"mode\" -> m.toString))",
      "}",
    ].join('\n');
    writeTree(dir, { 'src/Modes.scala': source });
    const r = await scanProject(dir);
    expect(sites(r, 'src/Modes.scala')).toEqual(['10 base-url', '3 mode-complaint-renamed-input', '4 mode-safe-triage-removed']);
    expect(after(r, 'src/Modes.scala')).toContain('  val Complaint = Value("input")\n  // TODO(sc-migrate/mode-safe-triage-removed)');
    expect(after(r, 'src/Modes.scala')).toContain('object TicketMode extends Enumeration {\n  val Complaint = Value("complaint")');
  });

  it("a companion's list of the mode type's case objects (`List(Complaint, Safe, Triage)`): each removed mode; the ticket modes' list stays", async () => {
    const modes = (type: string, base: string) => [
      'package care',
      '',
      `sealed abstract class ${type}(val value: String)`,
      '',
      `object ${type} {`,
      `  case object Complaint extends ${type}("complaint")`,
      `  case object Safe extends ${type}("safe")`,
      `  case object Triage extends ${type}("triage")`,
      '',
      `  val values: List[${type}] = List(Complaint, Safe, Triage)`,
      `  val base = "${base}"`,
      '}',
      '',
    ].join('\n');
    writeTree(dir, {
      'src/main/scala/care/InterviewMode.scala': modes('InterviewMode', 'https://www.buoyhealth.com/api/'),
      'src/main/scala/care/TicketMode.scala': modes('TicketMode', 'https://help.example.com/api/'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'src/main/scala/care/InterviewMode.scala')).toEqual(['10 mode-safe-triage-removed', '10 mode-safe-triage-removed', '11 base-url', '6 mode-complaint-renamed-input', '7 mode-safe-triage-removed', '8 mode-safe-triage-removed']);
    expect(sites(r, 'src/main/scala/care/TicketMode.scala')).toEqual([]);
  });
});
