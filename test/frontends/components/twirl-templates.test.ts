import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from '../polyglot/support';
import { cleanup, read, tmpDir, writeTree } from '../../cli/helpers';

/**
 * Play's Twirl templates (`.scala.html`) read as Scala with the run's Scala files: the template's parameters by their
 * types (`@(r: Result)`), its expressions, `@if`/`@for` blocks and calls with template blocks at their true lines.
 * Reported only, the file left as it is; a helpdesk template of the same shape stays unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const MODELS = [
  'package symptoms.models',
  '',
  'import play.api.libs.json._',
  '',
  'sealed trait Mode { def wire: String }',
  'object Mode {',
  '  case object Complaint extends Mode { val wire = "complaint" }',
  '  case object Safe extends Mode { val wire = "safe" }',
  '  case object Triage extends Mode { val wire = "triage" }',
  '  case object Question extends Mode { val wire = "question" }',
  '}',
  '',
  'case class Profile(age: Int, sex: String, bmi: Option[Double] = None)',
  'case class Interview(token: String, mode: Mode, profile: Profile, marketplace: Option[String])',
  'case class Result(token: String, advice: Option[String], test: Seq[String])',
  '',
  'object Result { implicit val reads: Reads[Result] = Json.reads[Result] }',
].join('\n');

const CLIENT = [
  'package symptoms',
  '',
  'import play.api.libs.json._',
  'import symptoms.models._',
  '',
  'class SymptomClient(ws: WSClient) {',
  '  def readInterview(token: String): Future[Interview] =',
  '    ws.url(s"https://www.buoyhealth.com/api/interviews/$token/").get().map(_.json.as[Interview])',
  '  def readResult(token: String): Future[Result] =',
  '    ws.url(s"https://www.buoyhealth.com/api/results/$token/").get().map(_.json.as[Result])',
  '}',
].join('\n');

const DESK = [
  'package helpdesk',
  '',
  'case class Ticket(subject: String, advice: Option[String], test: Seq[String], mode: String)',
  '',
  'class DeskClient(ws: WSClient) {',
  '  def read(id: String): Future[Ticket] = ws.url(s"https://help.example.com/api/tickets/$id/").get().map(_.json.as[Ticket])',
  '}',
].join('\n');

describe('Twirl templates read as Scala', () => {
  it('reads of removed fields and removed modes, by the parameters\' types; a ticket template unreported', async () => {
    const result = [
      '@import symptoms.models.Result',
      '@(r: Result)(implicit request: RequestHeader)',
      '@main("Result") {',
      '  <h1>Your result</h1>',
      '  @r.advice.map { a => <p class="advice">@a</p> }',
      '  @if(r.test.nonEmpty) {',
      '    <ul>@for(t <- r.test) {<li>@t</li>}</ul>',
      '  } else {',
      '    <p>No tests, email help@example.com</p>',
      '  }',
      '}',
    ].join('\n');
    const interview = [
      '@* The interview page *@',
      '@import symptoms.models.{Interview, Mode}',
      '@(i: Interview, msg: Option[String])',
      '@main("Interview") {',
      '  <p>Age @i.profile.age, BMI @i.profile.bmi.getOrElse(0.0)</p>',
      '  @i.marketplace.map { m => <p class="partner">@m</p> }',
      '  <p class="mode">@i.mode.wire</p>',
      '  <nav>',
      '    @for(m <- Seq(Mode.Safe, Mode.Triage, Mode.Question)) {',
      '      <a href="/switch/@m.wire">@m.wire</a>',
      '    }',
      '  </nav>',
      '}',
    ].join('\n');
    const ticket = [
      '@import helpdesk.Ticket',
      '@(t: Ticket)',
      '@main("Ticket") {',
      '  @t.advice.map { a => <p class="advice">@a</p> }',
      '  @if(t.test.nonEmpty) {',
      '    <ul>@for(x <- t.test) {<li>@x</li>}</ul>',
      '  }',
      '  @if(t.mode == "triage") { <p>Triage</p> }',
      '}',
    ].join('\n');
    writeTree(dir, {
      'app/symptoms/models/Models.scala': MODELS,
      'app/symptoms/SymptomClient.scala': CLIENT,
      'app/helpdesk/DeskClient.scala': DESK,
      'app/views/symptoms/result.scala.html': result,
      'app/views/symptoms/interview.scala.html': interview,
      'app/views/helpdesk/ticket.scala.html': ticket,
    });
    const r = await scanProject(dir);
    expect(sites(r, 'app/views/symptoms/result.scala.html')).toEqual(['5 result-advice-test-removed', '6 result-advice-test-removed', '7 result-advice-test-removed']);
    expect(sites(r, 'app/views/symptoms/interview.scala.html')).toEqual([
      '5 interview-profile-fields-removed',
      '6 interview-marketplace-variant-removed',
      '9 mode-safe-triage-removed',
      '9 mode-safe-triage-removed',
    ]);
    const views = r.outcomes.filter((o) => o.relPath.startsWith('app/views/'));
    expect(views.flatMap((o) => o.findings).every((f) => f.fix === 'manual')).toBe(true);
    expect(views.every((o) => o.after === undefined || o.after === read(dir, o.relPath))).toBe(true);
    expect(sites(r, 'app/views/helpdesk/ticket.scala.html')).toEqual([]);
  });
});
