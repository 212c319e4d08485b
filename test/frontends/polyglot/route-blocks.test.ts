import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * Named arguments of one of the API's endpoints called inside a route block of the app (context.ts, containerTie):
 * the block's call names the app's own path (`post ':token/intents' do`, Ktor's `post("/interviews/{token}/intents")
 * { … }`), not the body the endpoint sends, so `detail:` is the intent's removed field. A helpdesk's `detail:` and a
 * read's keyword in the same block stay unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('endpoint keywords inside route blocks', () => {
  it('Grape: `post \':token/intents\' do … checker.create_intent(…, detail: …)`; the desk’s `detail:` and a read stay', async () => {
    writeTree(dir, {
      'lib/checker.rb': [
        'class Checker',
        '  BASE = "https://www.buoyhealth.com/api/"',
        '',
        '  def create_intent(token, intent, detail: nil, context: nil)',
        '    post_json("#{BASE}intents/", { interview: token, intent: intent, detail: detail, context: context })',
        '  end',
        '',
        '  def intent(token, detail: false)',
        '    get_json("#{BASE}intents/#{token}/")',
        '  end',
        'end',
        '',
      ].join('\n'),
      'lib/desk.rb': ['class Desk', '  BASE = "https://help.example.com/api/"', '', '  def open_ticket(subject, detail: nil)', '    post_json("#{BASE}tickets/", { subject: subject, detail: detail })', '  end', 'end', ''].join('\n'),
      'api/interviews.rb': [
        'class InterviewsAPI < Grape::API',
        '  resource :interviews do',
        '    post ":token/intents" do',
        '      intent = Checker.new.create_intent(params[:token], params[:intent],',
        '                                         detail: params[:detail], context: "api")',
        '      Desk.new.open_ticket("intent", detail: params[:detail])',
        '      Checker.new.intent(intent.token, detail: true)',
        '    end',
        '  end',
        'end',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'api/interviews.rb')).toEqual(['5 intent-detail-context-removed', '5 intent-detail-context-removed']);
  });

  it('Sinatra-style block on a path of another resource: `post "/interviews/:token/complaints" do … create_intent(…, detail: …)`', async () => {
    writeTree(dir, {
      'lib/checker.rb': ['class Checker', '  BASE = "https://www.buoyhealth.com/api/"', '', '  def create_intent(token, intent, detail: nil)', '    call(:post, "#{BASE}intents/", { interview: token, intent: intent, detail: detail })', '  end', 'end', ''].join('\n'),
      'routes/complaints.rb': ['post "/interviews/:token/complaints" do', '  checker.create_intent(params[:token], params[:intent], detail: params[:intent_detail])', '  erb :complaint', 'end', ''].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'routes/complaints.rb')).toEqual(['2 intent-detail-context-removed']);
  });

  it('Ktor: `post("/interviews/{token}/intents") { client.createIntent(…, detail = …) }`; the desk’s stays', async () => {
    writeTree(dir, {
      'src/main/kotlin/app/Checker.kt': [
        'package app',
        '',
        'class Checker(private val http: HttpClient) {',
        '    private val base = "https://www.buoyhealth.com/api/"',
        '',
        '    suspend fun createIntent(token: String, intent: String, detail: String? = null): Intent =',
        '        http.post("${base}intents/") { setBody(mapOf("interview" to token, "intent" to intent, "detail" to detail)) }.body()',
        '}',
        '',
      ].join('\n'),
      'src/main/kotlin/app/Desk.kt': ['package app', '', 'class Desk(private val http: HttpClient) {', '    suspend fun openTicket(subject: String, detail: String? = null) =', '        http.post("https://help.example.com/api/tickets/") { setBody(mapOf("subject" to subject, "detail" to detail)) }', '}', ''].join('\n'),
      'src/main/kotlin/app/Routes.kt': [
        'package app',
        '',
        'fun Route.intents(checker: Checker, desk: Desk) {',
        '    post("/interviews/{token}/intents") {',
        '        val p = call.receiveParameters()',
        '        checker.createIntent(call.parameters["token"]!!, p["intent"]!!, detail = p["detail"])',
        '        desk.openTicket("intent", detail = p["detail"])',
        '    }',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    // The named argument, and the request parameter's name it is read by on the same line.
    expect([...new Set(sites(r, 'src/main/kotlin/app/Routes.kt'))]).toEqual(['6 intent-detail-context-removed']);
  });
});
