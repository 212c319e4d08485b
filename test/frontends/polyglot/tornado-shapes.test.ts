import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * Python shapes of a Tornado service: response models written with attrs (`advice = attr.ib(default=None)`, with or
 * without a base class, `@attr.s` or `@attrs.define`), and a test's canned answers kept as module constants whose
 * `_links` point at the API's own paths, and a fake server of the API whose route table sends the API's paths to
 * handler classes of the test. Beside each, the helpdesk's model, sample or route of the same shape, unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const CLIENT = [
  'import json',
  'from tornado.httpclient import AsyncHTTPClient',
  'from app import models',
  '',
  'BASE = "https://www.buoyhealth.com/api/"',
  '',
  'async def get_result(token):',
  '    response = await AsyncHTTPClient().fetch(BASE + "results/%s/" % token)',
  '    return models.Result.from_dict(json.loads(response.body))',
  '',
  'async def create_complaint(interview, text):',
  '    body = {"interview": interview, "text": text}',
  '    response = await AsyncHTTPClient().fetch(BASE + "complaints/", method="POST", body=json.dumps(body))',
  '    return models.Complaint.from_dict(json.loads(response.body))',
].join('\n');

describe('attrs models', () => {
  it("an attrs attribute of the API's model is a field: removed ones are sites, with or without a base class", async () => {
    writeTree(dir, {
      'app/client.py': CLIENT,
      'app/models.py': [
        'import attr',
        'import attrs',
        '',
        '',
        '@attr.s(frozen=True)',
        'class Result(object):',
        '    token = attr.ib()',
        '    advice = attr.ib(default=None)',
        '',
        '    @classmethod',
        '    def from_dict(cls, data):',
        '        return cls(token=data["token"], advice=data.get("advice"))',
        '',
        '',
        '@attrs.define',
        'class Complaint:',
        '    token = attrs.field()',
        '    extra = attrs.field(default=None)',
        '',
        '    @classmethod',
        '    def from_dict(cls, data):',
        '        return cls(token=data["token"], extra=data.get("extra"))',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    // The field and the key its `from_dict` reads (the keyword and the read on one line count once).
    expect([...new Set(sites(r, 'app/models.py'))]).toEqual(['12 result-advice-test-removed', '18 complaint-extra-removed', '22 complaint-extra-removed', '8 result-advice-test-removed']);
  });

  it("the helpdesk's attrs model of the same shape is not reported", async () => {
    writeTree(dir, {
      'app/client.py': CLIENT,
      'app/helpdesk.py': [
        'import json',
        'import attr',
        'from tornado.httpclient import AsyncHTTPClient',
        '',
        'DESK = "https://desk.example.com/api/"',
        '',
        '',
        '@attr.s',
        'class Ticket(object):',
        '    id = attr.ib()',
        '    advice = attr.ib(default=None)',
        '    extra = attr.ib(factory=dict)',
        '',
        '',
        'async def open_ticket(text):',
        '    response = await AsyncHTTPClient().fetch(DESK + "tickets/", method="POST", body=json.dumps({"text": text}))',
        '    data = json.loads(response.body)',
        '    return Ticket(id=data["id"], advice=data.get("advice"), extra=data.get("extra"))',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'app/helpdesk.py')).toEqual([]);
  });
});

describe('canned answers that link to the API', () => {
  it("a module constant named after a resource stays that resource's sample when its `_links` name the API's paths", async () => {
    writeTree(dir, {
      'app/client.py': CLIENT,
      'tests/fake_upstream.py': [
        'COMPLAINT = {',
        '    "token": "cmp-1",',
        '    "extra": {"onset": "today"},',
        '    "_links": {"next": "/questions/q-1/"},',
        '}',
        '',
        'RESULT = {',
        '    "token": "res-1",',
        '    "advice": "Drink water.",',
        '    "_links": {"self": "/results/res-1/"},',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'tests/fake_upstream.py')).toEqual(['3 complaint-extra-removed', '9 result-advice-test-removed']);
  });

  it("the items of a list under a key of a named sample are that key's: `potential_condition: [{…, triage}]`", async () => {
    writeTree(dir, {
      'app/client.py': CLIENT,
      'tests/fake_upstream.py': [
        'RESULT = {',
        '    "token": "res-1",',
        '    "triage": {"level": "self_care"},',
        '    "triage_explanation": {',
        '        "potential_condition": [',
        '            {"name": "Migraine", "triage": "primary_care"},',
        '        ],',
        '    },',
        '    "_links": {"self": "/results/res-1/"},',
        '}',
        '',
        'TICKETS = {',
        '    "results": [',
        '        {"id": 7, "triage": "urgent", "advice": "See the FAQ", "extra": {}},',
        '    ],',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'tests/fake_upstream.py')).toEqual(['6 potential-condition-triage-removed']);
  });

  it("a helpdesk sample that links to the helpdesk's address is not the API's", async () => {
    writeTree(dir, {
      'app/client.py': CLIENT,
      'tests/fake_desk.py': [
        'TICKET = {',
        '    "id": 7,',
        '    "advice": "See the FAQ",',
        '    "extra": {},',
        '    "_links": {"self": "https://desk.example.com/api/tickets/7/"},',
        '}',
        '',
        'COMPLAINT = {',
        '    "id": 8,',
        '    "extra": {"channel": "mail"},',
        '    "_links": {"self": "https://desk.example.com/api/complaints/8/"},',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'tests/fake_desk.py')).toEqual([]);
  });
});

describe('a fake server of the API in a test', () => {
  const FAKE = (routes: string[]) => [
    'from tornado.web import Application, RequestHandler',
    '',
    '',
    'class InterviewCreate(RequestHandler):',
    '    def post(self):',
    '        self.set_status(400)',
    '        self.finish({"detail": "location"})',
    '',
    '',
    'class InterviewUpdate(RequestHandler):',
    '    def put(self, token):',
    '        if token == "t-2":',
    '            self.set_status(202)',
    '            return',
    '        self.write({"msg": "mode set", "_links": {}})',
    '',
    '',
    'def make_fake():',
    '    return Application([',
    ...routes,
    '    ])',
  ];

  it("a handler class that the resource's paths route to answers that operation: its statuses and the body it writes", async () => {
    writeTree(dir, {
      'app/client.py': CLIENT,
      'tests/fake_upstream.py': FAKE(['        (r"/interviews/anonymous/", InterviewCreate),', '        (r"/interviews/([^/]+)/", InterviewUpdate),']).join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'tests/fake_upstream.py')).toEqual(['13 mode-update-status-200', '15 update-msg-in-links', '6 location-error-422']);
  });

  it("the same handlers routed by the helpdesk's paths, or by several resources' paths, answer nothing of the API", async () => {
    writeTree(dir, {
      'app/client.py': CLIENT,
      'tests/fake_upstream.py': FAKE(['        (r"/helpdesk/tickets/", InterviewCreate),', '        (r"/complaints/([^/]+)/", InterviewUpdate),', '        (r"/results/([^/]+)/", InterviewUpdate),']).join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'tests/fake_upstream.py')).toEqual([]);
  });
});

describe('a model given the moved key where it is built', () => {
  const client = (built: string) => [
    'import json',
    'from tornado.httpclient import AsyncHTTPClient',
    'from app import models',
    '',
    'BASE = "https://www.buoyhealth.com/api/"',
    '',
    'async def set_mode(token, mode):',
    '    response = await AsyncHTTPClient().fetch(BASE + "interviews/%s/" % token, method="PUT", body=json.dumps({"mode": mode}))',
    '    if response.code == 200:',
    '        return models.ModeUpdate(accepted_only=True)',
    '    data = json.loads(response.body)',
    `    return models.ModeUpdate(accepted_only=False, ${built})`,
  ];
  const MODELS = ['import attr', '', '', '@attr.s', 'class ModeUpdate(object):', '    accepted_only = attr.ib()', '    msg = attr.ib(default=None)'];
  const HANDLER = ['from app import client', '', '', 'async def put(token, mode):', '    update = await client.set_mode(token, mode)', '    return {"message": update.msg}'];

  it('`ModeUpdate(msg=data.get("msg"))`: the read at the call is the site, not the field nor its readers', async () => {
    writeTree(dir, { 'app/client.py': client('msg=data.get("msg")').join('\n'), 'app/models.py': MODELS.join('\n'), 'app/handlers.py': HANDLER.join('\n') });
    const r = await scanProject(dir);
    expect([...new Set(sites(r, 'app/client.py'))]).toEqual(['12 update-msg-in-links', '5 base-url']);
    expect(sites(r, 'app/models.py')).toEqual([]);
    expect(sites(r, 'app/handlers.py')).toEqual([]);
  });

  it("given the message from the answer's top level under another name, the field itself is the API's message", async () => {
    writeTree(dir, { 'app/client.py': client('msg=data["message"]').join('\n'), 'app/models.py': MODELS.join('\n'), 'app/handlers.py': HANDLER.join('\n') });
    const r = await scanProject(dir);
    expect(sites(r, 'app/models.py')).toEqual(['7 update-msg-in-links']);
    expect(sites(r, 'app/handlers.py')).toEqual(['6 update-msg-in-links']);
  });
});

describe("a test of the app's own routes asserting the mode its fake upstream was sent", () => {
  const TEST = [
    'import json',
    'from tornado.testing import AsyncHTTPTestCase',
    'from app.client import set_mode',
    '',
    '',
    'class RelayTest(AsyncHTTPTestCase):',
    '    def test_mode(self):',
    '        self.fetch("/interviews/i-1/mode", method="PUT", body=json.dumps({"mode": "input"}))',
    '        self.assertEqual(self.calls[-1][2]["mode"], "complaint")',
    '',
    '    def test_feedback(self):',
    '        self.fetch("/feedback", method="POST", body=json.dumps({"text": "slow"}))',
    '        self.assertEqual(self.calls[-1][2]["mode"], "complaint")',
  ].join('\n');

  it("is the API's mode after a request to a route named for its resource, the helpdesk's after one to another route", async () => {
    writeTree(dir, { 'app/client.py': CLIENT, 'tests/test_relay.py': TEST });
    const r = await scanProject(dir);
    expect(sites(r, 'tests/test_relay.py')).toEqual(['9 mode-complaint-renamed-input']);
  });
});

describe('names a template is rendered with', () => {
  const PAGE = ['<html><body>', '  {% if advice %}', '  <p>{{ advice }}</p>', '  {% end %}', '  <p>{{ title }}</p>', '</body></html>'].join('\n');

  it('`self.render("result.html", advice=result.advice or "")`: the bare name in that template holds the field', async () => {
    writeTree(dir, {
      'app/client.py': CLIENT,
      'app/handlers.py': [
        'from tornado.web import RequestHandler',
        'from app import client',
        '',
        '',
        'class ResultHandler(RequestHandler):',
        '    async def get(self, token):',
        '        result = await client.get_result(token)',
        '        self.render("result.html", result=result, advice=result.advice or "", title="Results")',
      ].join('\n'),
      'app/templates/result.html': PAGE,
    });
    const r = await scanProject(dir);
    expect(sites(r, 'app/templates/result.html')).toEqual(['2 result-advice-test-removed', '3 result-advice-test-removed']);
  });

  it("Django's context dict through a variable (`preselected = set(data.get(\"preselected\") or [])`)", async () => {
    writeTree(dir, {
      'app/views.py': [
        'import httpx',
        'from django.shortcuts import render',
        '',
        'BASE = "https://www.buoyhealth.com/api/"',
        '',
        '',
        'def question(request, token):',
        '    data = httpx.get(BASE + "questions/%s/" % token).json()',
        '    preselected = set(data.get("preselected") or [])',
        '    return render(request, "triage/question.html", {"question": data, "preselected": preselected})',
      ].join('\n'),
      'app/templates/triage/question.html': ['{% for option in question.options %}', '  <p>{% if option.token in preselected %}chosen{% endif %}</p>', '{% endfor %}'].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'app/templates/triage/question.html')).toEqual(['2 question-preselected-removed']);
  });

  it("a helpdesk ticket's `advice` rendered under the same name is not the API's", async () => {
    writeTree(dir, {
      'app/client.py': CLIENT,
      'app/handlers.py': [
        'from tornado.web import RequestHandler',
        'from app import client, helpdesk',
        '',
        '',
        'class TicketHandler(RequestHandler):',
        '    async def get(self, token):',
        '        ticket = await helpdesk.open_ticket(token)',
        '        await client.get_result(token)',
        '        self.render("result.html", advice=ticket.advice or "", title="Ticket")',
      ].join('\n'),
      'app/templates/result.html': PAGE,
    });
    const r = await scanProject(dir);
    expect(sites(r, 'app/templates/result.html')).toEqual([]);
  });

  it("PHP Slim's Twig view: `render($response, 'interview.twig', ['bmi' => $interview->profile->bmi])`; a ticket's `advice` is not the API's", async () => {
    const TWIG = ['{% if bmi %}', '  <dd>{{ bmi|number_format(1) }}</dd>', '{% endif %}', '<p>{{ advice }}</p>'].join('\n');
    writeTree(dir, {
      'src/Client.php': [
        '<?php',
        'final class Client',
        '{',
        '    public function createInterview(array $profile): Interview',
        '    {',
        "        return Interview::fromArray($this->send('POST', 'https://www.buoyhealth.com/api/interviews/anonymous/', ['profile' => $profile]));",
        '    }',
        '}',
      ].join('\n'),
      'src/Action/StartAction.php': [
        '<?php',
        'final class StartAction',
        '{',
        '    public function __invoke(Request $request, Response $response): Response',
        '    {',
        "        $interview = $this->client->createInterview(['age' => 30]);",
        '        $ticket = $this->desk->openTicket();',
        "        return $this->view->render($response, 'interview.twig', ['bmi' => $interview->profile->bmi, 'advice' => $ticket->advice]);",
        '    }',
        '}',
      ].join('\n'),
      'templates/interview.twig': TWIG,
    });
    const r = await scanProject(dir);
    expect(sites(r, 'templates/interview.twig')).toEqual(['1 interview-profile-fields-removed', '2 interview-profile-fields-removed']);
  });
});

