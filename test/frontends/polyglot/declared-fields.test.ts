import { describe, expect, it } from 'vitest';
import { scanProject, sites, tempProjectDir } from './support';
import { writeTree } from '../../cli/helpers';

/**
 * Fields declared or passed on rather than read directly: a model attribute built by a helper of the module
 * (`race = _opt()`), a view model's field filled with a removed answer field (`Advice = result.Advice` on
 * `[ObservableProperty] private string? advice;`), an endpoint wrapper's parameter that carries a removed request
 * field into the body (Go's `extra map[string]any`), a malli schema named for a nested model (`(def Profile [:map [:race …]])`).
 * Beside each, the helpdesk's of the same shape, unreported.
 */

const dir = tempProjectDir();

const PY_CLIENT = [
  'import json',
  'import treq',
  'from app import models',
  '',
  'BASE = "https://www.buoyhealth.com/api/"',
  '',
  'async def get_result(token):',
  '    response = await treq.get(BASE + "results/%s/" % token)',
  '    return models.Result.from_json(await response.json())',
].join('\n');

describe('Python: attributes declared through a helper of the module', () => {
  it("`advice = _opt()` on `def _opt(): return attr.ib(default=None)` is the API model's field", async () => {
    writeTree(dir(), {
      'app/client.py': PY_CLIENT,
      'app/models.py': [
        'import attr',
        '',
        '',
        'def _opt(default=None):',
        '    """An optional attribute."""',
        '    return attr.ib(default=default)',
        '',
        '',
        '@attr.s(frozen=True)',
        'class Result(object):',
        '    token = attr.ib()',
        '    advice = _opt()',
        '    test = _opt()',
        '',
        '    @classmethod',
        '    def from_json(cls, data):',
        '        return cls(token=data["token"])',
      ].join('\n'),
    });
    const r = await scanProject(dir());
    expect(sites(r, 'app/models.py')).toEqual(['12 result-advice-test-removed', '13 result-advice-test-removed']);
  });

  it("the helpdesk's model declared through the same helper is not reported", async () => {
    writeTree(dir(), {
      'app/client.py': PY_CLIENT,
      'app/desk.py': [
        'import attr',
        'import treq',
        '',
        'DESK = "https://desk.example.com/api/"',
        '',
        '',
        'def _opt(default=None):',
        '    return attr.ib(default=default)',
        '',
        '',
        '@attr.s',
        'class Ticket(object):',
        '    id = attr.ib()',
        '    advice = _opt()',
        '    extra = _opt()',
        '',
        '',
        'async def open_ticket(text):',
        '    response = await treq.post(DESK + "tickets/", json={"text": text})',
        '    data = await response.json()',
        '    return Ticket(id=data["id"], advice=data.get("advice"), extra=data.get("extra"))',
      ].join('\n'),
    });
    const r = await scanProject(dir());
    expect(sites(r, 'app/desk.py')).toEqual([]);
  });
});

describe('Go: an endpoint wrapper whose parameter carries a removed request field', () => {
  it('`extra map[string]interface{}` of `CreateComplaint` is a site beside the body entry it fills', async () => {
    writeTree(dir(), {
      'sc/client.go': [
        'package sc',
        '',
        'import "context"',
        '',
        'const base = "https://www.buoyhealth.com/api/"',
        '',
        'func (c *Client) CreateComplaint(ctx context.Context, token, text string, extra map[string]interface{}) (*Complaint, error) {',
        '\tbody := map[string]interface{}{"interview": token, "text": text, "extra": extra}',
        '\tvar out Complaint',
        '\terr := c.do(ctx, "POST", base+"complaints/", body, &out)',
        '\treturn &out, err',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir());
    expect(sites(r, 'sc/client.go')).toEqual(['5 base-url', '7 complaint-extra-removed', '8 complaint-extra-removed']);
  });

  it("the helpdesk's wrapper with the same parameter is not reported", async () => {
    writeTree(dir(), {
      'desk/client.go': [
        'package desk',
        '',
        'import "context"',
        '',
        'const base = "https://desk.example.com/api/"',
        '',
        'func (c *Client) CreateTicket(ctx context.Context, token, text string, extra map[string]interface{}) (*Ticket, error) {',
        '\tbody := map[string]interface{}{"ticket": token, "text": text, "extra": extra}',
        '\tvar out Ticket',
        '\terr := c.do(ctx, "POST", base+"tickets/", body, &out)',
        '\treturn &out, err',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir());
    expect(sites(r, 'desk/client.go')).toEqual([]);
  });

  it('Scala: `extra: Option[String]` of `createComplaint` is a site beside the model it fills; the helpdesk\'s is not', async () => {
    writeTree(dir(), {
      'app/symptoms/Client.scala': [
        'package symptoms',
        '',
        'import play.api.libs.json._',
        '',
        'case class Complaint(interview: String, text: String, extra: Option[String])',
        'object Complaint { implicit val format: OFormat[Complaint] = Json.format[Complaint] }',
        '',
        'class Client(ws: WSClient) {',
        '  def createComplaint(interview: String, text: String, extra: Option[String]): Future[Complaint] =',
        '    ws.url("https://www.buoyhealth.com/api/complaints/").post(Json.toJson(Complaint(interview, text, extra))).map(_.json.as[Complaint])',
        '}',
      ].join('\n'),
      'app/helpdesk/Desk.scala': [
        'package helpdesk',
        '',
        'import play.api.libs.json._',
        '',
        'case class Ticket(subject: String, text: String, extra: Option[String])',
        'object Ticket { implicit val format: OFormat[Ticket] = Json.format[Ticket] }',
        '',
        'class Desk(ws: WSClient) {',
        '  def createTicket(subject: String, text: String, extra: Option[String]): Future[Ticket] =',
        '    ws.url("https://desk.example.com/api/tickets/").post(Json.toJson(Ticket(subject, text, extra))).map(_.json.as[Ticket])',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir());
    expect(sites(r, 'app/symptoms/Client.scala').filter((s) => !s.endsWith('base-url'))).toEqual(['10 complaint-extra-removed', '5 complaint-extra-removed', '9 complaint-extra-removed']);
    expect(sites(r, 'app/helpdesk/Desk.scala')).toEqual([]);
  });
});

const CS_CLIENT = [
  'namespace App.Services;',
  '',
  'public class Result',
  '{',
  '    public string Token { get; set; } = "";',
  '    public string? Advice { get; set; }',
  '    public TriageExplanation? TriageExplanation { get; set; }',
  '}',
  '',
  'public class TriageExplanation { public PotentialCondition? PotentialCondition { get; set; } }',
  'public class PotentialCondition { public string? Name { get; set; } public Triage? Triage { get; set; } }',
  'public class Triage { public string? Label { get; set; } }',
  '',
  'public class SymptomCheckerClient',
  '{',
  '    private readonly RestClient _rest = new("https://www.buoyhealth.com/api/");',
  '',
  '    public async Task<Result> GetResultAsync(string token)',
  '    {',
  '        return await _rest.GetAsync<Result>(new RestRequest($"results/{token}/"));',
  '    }',
  '}',
].join('\n');

describe("C#: a view model's members filled with a removed answer field", () => {
  // A member named for the part a moved field left (`ConditionTriage` from `potential_condition.triage`) is reported too
  // (presented-props.ts); other carriers of a moved field stay, as carried-fields.ts has it.
  it('`Advice = result.Advice` reports `[ObservableProperty] private string? advice;`; so does a member named for the moved triage', async () => {
    writeTree(dir(), {
      'App/Services/SymptomCheckerClient.cs': CS_CLIENT,
      'App/ViewModels/ResultViewModel.cs': [
        'namespace App.ViewModels;',
        '',
        'public partial class ResultViewModel : ObservableObject',
        '{',
        '    private readonly SymptomCheckerClient _client;',
        '',
        '    [ObservableProperty] private string? conditionName;',
        '    [ObservableProperty] private string? conditionTriage;',
        '    [ObservableProperty] private string? advice;',
        '',
        '    [RelayCommand]',
        '    private async Task LoadAsync(string token)',
        '    {',
        '        var result = await _client.GetResultAsync(token);',
        '        ConditionName = result.TriageExplanation?.PotentialCondition?.Name;',
        '        ConditionTriage = result.TriageExplanation?.PotentialCondition?.Triage?.Label;',
        '        Advice = result.Advice;',
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir());
    expect(sites(r, 'App/ViewModels/ResultViewModel.cs')).toEqual([
      '16 potential-condition-triage-removed',
      '17 result-advice-test-removed',
      '8 potential-condition-triage-removed',
      '9 result-advice-test-removed',
    ]);
  });

  it("a view model filled from the helpdesk's ticket is not reported", async () => {
    writeTree(dir(), {
      'App/Services/SymptomCheckerClient.cs': CS_CLIENT,
      'App/ViewModels/TicketViewModel.cs': [
        'namespace App.ViewModels;',
        '',
        'public partial class TicketViewModel : ObservableObject',
        '{',
        '    private readonly HelpdeskClient _desk;',
        '',
        '    [ObservableProperty] private string? advice;',
        '',
        '    private async Task LoadAsync(string id)',
        '    {',
        '        var ticket = await _desk.GetTicketAsync(id);',
        '        Advice = ticket.Advice;',
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir());
    expect(sites(r, 'App/ViewModels/TicketViewModel.cs')).toEqual([]);
  });
});

const CS_ENDPOINTS = [
  'namespace App.Config;',
  '',
  'public static class ApiEndpoints',
  '{',
  '    public const string BaseUrl = "https://www.buoyhealth.com/api/";',
  '    public const string Interview = "interviews/{token}/";',
  '    public const string Complaints = "complaints/";',
  '}',
].join('\n');

describe('C#: a wrapper that fills a request model whose member is named as a path constant', () => {
  it('`new ComplaintRequest { Interview = token, Extra = extra }` after `ApiEndpoints.Complaints`: the wrapper is the complaint endpoint, its `extra` parameter a site', async () => {
    writeTree(dir(), {
      'App/Config/ApiEndpoints.cs': CS_ENDPOINTS,
      'App/Services/SymptomCheckerClient.cs': [
        'namespace App.Services;',
        '',
        'public class SymptomCheckerClient',
        '{',
        '    private readonly RestClient _client = new(ApiEndpoints.BaseUrl);',
        '',
        '    public async Task<Complaint> CreateComplaintAsync(string interviewToken, string text, string? extra = null)',
        '    {',
        '        var request = new RestRequest(ApiEndpoints.Complaints, Method.Post);',
        '        request.AddJsonBody(new ComplaintRequest',
        '        {',
        '            Interview = interviewToken,',
        '            Text = text,',
        '            Extra = extra,',
        '        });',
        '        return (await _client.ExecuteAsync<Complaint>(request)).Data!;',
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir());
    expect(sites(r, 'App/Services/SymptomCheckerClient.cs')).toEqual(['14 complaint-extra-removed', '7 complaint-extra-removed']);
  });

  it("the helpdesk's wrapper that fills the same members is not reported", async () => {
    writeTree(dir(), {
      'App/Config/ApiEndpoints.cs': CS_ENDPOINTS,
      'App/Services/HelpdeskClient.cs': [
        'namespace App.Services;',
        '',
        'public class HelpdeskClient',
        '{',
        '    private readonly RestClient _client = new("https://desk.example.com/api/");',
        '',
        '    public async Task<Ticket> CreateTicketAsync(string interviewToken, string text, string? extra = null)',
        '    {',
        '        var request = new RestRequest("tickets/", Method.Post);',
        '        request.AddJsonBody(new TicketRequest { Interview = interviewToken, Text = text, Extra = extra });',
        '        return (await _client.ExecuteAsync<Ticket>(request)).Data!;',
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir());
    expect(sites(r, 'App/Services/HelpdeskClient.cs')).toEqual([]);
  });
});

describe('Clojure: malli schemas named for a nested model', () => {
  const client = [
    '(ns app.buoy.client (:require [clj-http.client :as http] [malli.core :as m] [app.buoy.schema :as schema]))',
    '(defn interview [base token]',
    '  (m/coerce schema/Interview (:body (http/get (str base "/interviews/" token "/") {:as :json}))))',
  ].join('\n');

  it('`(def Profile [:map [:race {:optional true} …]])` and `(def PotentialCondition …)`: their keys under their place in the resource', async () => {
    writeTree(dir(), {
      'src/app/buoy/client.clj': client,
      'src/app/buoy/schema.clj': [
        '(ns app.buoy.schema (:require [malli.core :as m]))',
        '',
        '(def Interview [:map [:token string?]])',
        '(def Profile',
        '  [:map',
        '   [:age int?]',
        '   [:race {:optional true} [:maybe string?]]])',
        '',
        '(def PotentialCondition',
        '  [:map [:name string?] [:triage {:optional true} [:maybe string?]]])',
      ].join('\n'),
    });
    const r = await scanProject(dir());
    expect(sites(r, 'src/app/buoy/schema.clj')).toEqual(['10 potential-condition-triage-removed', '7 interview-profile-fields-removed']);
  });

  it("the helpdesk's schema file of the same names is not reported", async () => {
    writeTree(dir(), {
      'src/app/buoy/client.clj': client,
      'src/app/desk/schema.clj': [
        '(ns app.desk.schema (:require [clj-http.client :as http] [malli.core :as m]))',
        '',
        '(def Profile',
        '  [:map',
        '   [:age int?]',
        '   [:race {:optional true} [:maybe string?]]])',
        '',
        '(defn open-ticket! [base profile]',
        '  (http/post (str base "/tickets/") {:form-params profile}))',
      ].join('\n'),
    });
    const r = await scanProject(dir());
    expect(sites(r, 'src/app/desk/schema.clj')).toEqual([]);
  });
});

describe("Clojure: a request body inside a call of the client's own sibling namespace", () => {
  const schema = '(ns app.buoy.schema (:require [malli.core :as m]))\n(def Complaint [:map [:token string?]])\n(defn validate! [s v] (m/coerce s v))';

  it('`(schema/validate! schema/Complaint (request … "complaints/" {:form-params {:extra (or extra "")}}))` reports `:extra`', async () => {
    writeTree(dir(), {
      'src/app/buoy/schema.clj': schema,
      'src/app/buoy/client.clj': [
        '(ns app.buoy.client (:require [clj-http.client :as http] [app.buoy.schema :as schema]))',
        '(defn- request [config method path opts]',
        '  (http/request (merge {:method method :url (str (:base-url config) path)} opts)))',
        '(defn create-complaint [config token text extra]',
        '  (schema/validate! schema/Complaint',
        '    (:body (request config :post "complaints/"',
        '             {:form-params {:interview token :text text :extra (or extra "")}}))))',
      ].join('\n'),
    });
    const r = await scanProject(dir());
    expect(sites(r, 'src/app/buoy/client.clj')).toEqual(['7 complaint-extra-removed']);
  });

  it("the helpdesk's sibling namespace stays another thing's", async () => {
    writeTree(dir(), {
      'src/app/buoy/schema.clj': schema,
      'src/app/desk/tickets.clj': '(ns app.desk.tickets)\n(defn file! [c body] body)',
      'src/app/desk/client.clj': [
        '(ns app.desk.client (:require [clj-http.client :as http] [app.desk.tickets :as tickets]))',
        '(defn create-complaint [config token text extra]',
        '  (tickets/file! config {:interview token :text text :extra (or extra "")}))',
      ].join('\n'),
    });
    const r = await scanProject(dir());
    expect(sites(r, 'src/app/desk/client.clj')).toEqual([]);
  });
});

describe('Python: an endpoint handed with its arguments to a runner', () => {
  const client = [
    'import treq',
    'from twisted.internet import defer',
    'from app import constants as C',
    '',
    'class Buoy:',
    '    @defer.inlineCallbacks',
    '    def add_complaint(self, token, text, extra=None):',
    '        body = {"interview": token, "text": text, "extra": extra}',
    '        status, payload = yield self._request("POST", C.COMPLAINTS_PATH, body)',
    '        defer.returnValue(payload)',
  ].join('\n');
  const constants = 'BASE = "https://www.buoyhealth.com/api/"\nCOMPLAINTS_PATH = "complaints/"\n';

  // The view of the same name calls the client's method through the runner: one endpoint, not two meanings of the name.
  it('`call(request.buoy.add_complaint, token, text, body.get("extra"))`: the argument in the `extra` position is a site', async () => {
    writeTree(dir(), {
      'app/constants.py': constants,
      'app/client.py': client,
      'app/views.py': [
        'from twisted.internet import reactor',
        'from twisted.internet.threads import blockingCallFromThread',
        '',
        'def call(fn, *args, **kw):',
        '    return blockingCallFromThread(reactor, fn, *args, **kw)',
        '',
        '@view_config(route_name="complaints", request_method="POST", renderer="json")',
        'def add_complaint(request):',
        '    body = request.json_body',
        '    return call(request.buoy.add_complaint, request.matchdict["token"], body["text"], body.get("extra", ""))',
      ].join('\n'),
    });
    const r = await scanProject(dir());
    expect(sites(r, 'app/views.py')).toEqual(['10 complaint-extra-removed']);
  });

  it("the helpdesk's method handed the same way is not reported", async () => {
    writeTree(dir(), {
      'app/constants.py': constants,
      'app/client.py': client,
      'app/desk.py': [
        'import treq',
        '',
        'class Desk:',
        '    def open_ticket(self, token, text, extra=None):',
        '        return treq.post("https://desk.example.com/api/tickets/", json={"text": text, "extra": extra})',
        '',
        'def add_ticket(request):',
        '    body = request.json_body',
        '    return call(request.desk.open_ticket, request.matchdict["token"], body["text"], body.get("extra", ""))',
      ].join('\n'),
    });
    const r = await scanProject(dir());
    expect(sites(r, 'app/desk.py')).toEqual([]);
  });
});
