import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A request handler that passes its request's mode on to the API makes the mode a value of the app's own routes
 * (own-routes.ts): a test that posts a changed mode to such a route is reported. The same shape for a helpdesk's
 * route, a mode posted to the API's own address, and a project whose handlers forward no mode stay unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const client = [
  'import requests',
  '',
  'BASE = "https://www.buoyhealth.com/api/"',
  'DESK = "https://help.example.com/api/"',
  '',
  '',
  'def set_mode(token, mode):',
  '    return requests.put(BASE + "interviews/%s/" % token, json={"mode": mode})',
  '',
  '',
  'def open_ticket(mode):',
  '    return requests.post(DESK + "tickets/", json={"mode": mode})',
  '',
].join('\n');

describe('modes posted to the app’s own routes', () => {
  it('Django: a view passes `request.POST["mode"]` on; the test client posts "safe" to its route; a helpdesk route’s "complaint" stays', async () => {
    writeTree(dir, {
      'triage/client.py': client,
      'triage/views.py': [
        'from django.shortcuts import redirect',
        '',
        'from triage.client import open_ticket, set_mode',
        '',
        '',
        'def change_mode(request, token):',
        '    set_mode(token, request.POST["mode"])',
        '    return redirect("triage:question", token=token)',
        '',
        '',
        'def ticket(request):',
        '    open_ticket(request.POST.get("kind"))',
        '    return redirect("home")',
        '',
      ].join('\n'),
      'triage/tests/test_views.py': [
        'from django.urls import reverse',
        '',
        '',
        'def test_mode(client):',
        '    response = client.post(reverse("triage:interview-mode", args=["t1"]), {"mode": "safe"})',
        '    assert response.status_code == 302',
        '',
        '',
        'def test_ticket(client):',
        '    client.post(reverse("desk:ticket"), {"mode": "complaint"})',
        '    client.post("/tickets/", data={"mode": "complaint"})',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'triage/tests/test_views.py')).toEqual(['5 mode-safe-triage-removed']);
  });

  it('Sinatra with rack-test: `mode = params[:mode]` passed to the client; a mode posted to a path the API also spells is reported once, a ticket route stays', async () => {
    writeTree(dir, {
      'lib/checker.rb': ['class Checker', '  BASE = "https://www.buoyhealth.com/api/"', '', '  def update_mode(token, mode)', '    put_json("#{BASE}interviews/#{token}/", { mode: mode })', '  end', 'end', ''].join('\n'),
      'app.rb': ['post "/interviews/:token/mode" do', '  mode = params[:mode] || "input"', '  Checker.new.update_mode(params[:token], mode)', '  redirect "/"', 'end', ''].join('\n'),
      'spec/app_spec.rb': [
        'describe "mode" do',
        '  it "moves on" do',
        '    post "/interviews/1/mode", mode: "triage"',
        '    post "/interviews/1/mode", { mode: "complaint" }',
        '    post "/tickets", mode: "complaint"',
        '    expect(last_response.status).to eq(302)',
        '  end',
        'end',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'spec/app_spec.rb')).toEqual(['3 mode-safe-triage-removed', '4 mode-complaint-renamed-input']);
  });

  it('no handler forwards a mode: a Flask test posting "safe" to its own route stays', async () => {
    writeTree(dir, {
      'app/client.py': client,
      'app/web.py': ['from flask import Flask, request', 'from app.client import set_mode', '', 'app = Flask(__name__)', '', '', '@app.post("/visits/<token>/step")', 'def step(token):', '    set_mode(token, "input" if request.form.get("kind") else "input")', '    return "", 204', ''].join('\n'),
      'tests/test_web.py': ['from flask import url_for', '', '', 'def test_step(client):', '    client.post(url_for("interview_step", token="t1"), json={"mode": "safe"})', ''].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'tests/test_web.py')).toEqual([]);
  });
  const goClient = [
    'package checker',
    '',
    'import "github.com/go-resty/resty/v2"',
    '',
    'const BaseURL = "https://www.buoyhealth.com/api/"',
    '',
    'type Client struct{ http *resty.Client }',
    '',
    'func (c *Client) SetMode(token, mode string) error {',
    '\t_, err := c.http.R().SetBody(map[string]string{"mode": mode}).Put(BaseURL + "interviews/" + token + "/")',
    '\treturn err',
    '}',
    '',
  ].join('\n');

  it('Go: a gin handler binds `json:"mode"` and passes it on; a table row and an httptest call post "triage" to its route; a ticket row stays', async () => {
    writeTree(dir, {
      'checker/client.go': goClient,
      'server/handlers.go': [
        'package server',
        '',
        'import (',
        '\t"github.com/gin-gonic/gin"',
        '\t"example.com/app/checker"',
        ')',
        '',
        'type modeRequest struct {',
        '\tMode string `json:"mode" binding:"required"`',
        '}',
        '',
        'type Handler struct{ Checker *checker.Client }',
        '',
        'func (h *Handler) setMode(c *gin.Context) {',
        '\tvar req modeRequest',
        '\tif err := c.ShouldBindJSON(&req); err != nil {',
        '\t\treturn',
        '\t}',
        '\t_ = h.Checker.SetMode(c.Param("token"), req.Mode)',
        '}',
        '',
      ].join('\n'),
      'server/handlers_test.go': [
        'package server',
        '',
        'import (',
        '\t"net/http/httptest"',
        '\t"testing"',
        ')',
        '',
        'func TestRoutes(t *testing.T) {',
        '\trows := []struct {',
        '\t\tpath string',
        '\t\tbody map[string]interface{}',
        '\t}{',
        '\t\t{path: "/interviews/iv1/mode", body: map[string]interface{}{"mode": "triage"}},',
        '\t\t{path: "/tickets", body: map[string]interface{}{"mode": "complaint"}},',
        '\t}',
        '\tfor _, row := range rows {',
        '\t\tsend(t, "PUT", row.path, row.body)',
        '\t}',
        '\tsend(t, "PUT", "/interviews/iv2/mode", map[string]string{"mode": "safe"})',
        '\t_ = httptest.NewRecorder()',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'server/handlers_test.go')).toEqual(['13 mode-safe-triage-removed', '19 mode-safe-triage-removed']);
  });

  it('Go: a row posting a mode to the mode route stubs a mode update: its written status and JSON body are sites; a ticket row’s and an unwritten field’s stay', async () => {
    const test = [
      'package server',
      '',
      'import (',
      '\t"net/http"',
      '\t"net/http/httptest"',
      '\t"testing"',
      ')',
      '',
      'func TestRoutes(t *testing.T) {',
      '\trows := []struct {',
      '\t\tpath      string',
      '\t\tbody      map[string]interface{}',
      '\t\tapiStatus int',
      '\t\tapiBody   string',
      '\t\twant      int',
      '\t}{',
      '\t\t{path: "/checker/interviews/iv1/mode", body: map[string]interface{}{"mode": "triage"},',
      '\t\t\tapiStatus: http.StatusAccepted, apiBody: `{"msg":"nothing to do"}`, want: http.StatusAccepted},',
      '\t\t{path: "/tickets", body: map[string]interface{}{"mode": "complaint"}, apiStatus: http.StatusAccepted, apiBody: `{"msg":"filed"}`},',
      '\t}',
      '\tfor _, tt := range rows {',
      '\t\tapi := func(w http.ResponseWriter, _ *http.Request) {',
      '\t\t\tw.WriteHeader(tt.apiStatus)',
      '\t\t\t_, _ = w.Write([]byte(tt.apiBody))',
      '\t\t}',
      '\t\tsend(t, api, tt.path, tt.body)',
      '\t}',
      '\t_ = httptest.NewRecorder()',
      '}',
      '',
    ].join('\n');
    const handler = (decode: string, call: string) =>
      ['package server', '', 'type modeRequest struct {', '\tMode string `json:"mode"`', '}', '', 'func (h *Handler) setMode(w http.ResponseWriter, r *http.Request) {', '\tvar in modeRequest', `\t${decode}`, '\tmode := in.Mode', `\t${call}`, '}', ''].join('\n');
    writeTree(dir, {
      'checker/client.go': goClient,
      'server/handlers.go': handler('_ = json.NewDecoder(r.Body).Decode(&in)', '_ = h.Checker.SetMode(r.PathValue("token"), mode)'),
      'server/handlers_test.go': test,
    });
    const r = await scanProject(dir);
    expect(sites(r, 'server/handlers_test.go')).toEqual(['17 mode-safe-triage-removed', '18 mode-update-status-200', '18 update-msg-in-links']);
  });

  it('Go: `json.NewDecoder(r.Body).Decode(&body)` into a helpdesk ticket passed to another client: the same test rows stay', async () => {
    writeTree(dir, {
      'checker/client.go': goClient,
      'desk/desk.go': ['package desk', '', 'const Base = "https://help.example.com/api/"', '', 'func Open(mode string) error { return post(Base+"tickets/", map[string]string{"mode": mode}) }', ''].join('\n'),
      'server/handlers.go': [
        'package server',
        '',
        'import (',
        '\t"encoding/json"',
        '\t"net/http"',
        '\t"example.com/app/desk"',
        ')',
        '',
        'type ticketRequest struct {',
        '\tMode string `json:"mode"`',
        '}',
        '',
        'func openTicket(w http.ResponseWriter, r *http.Request) {',
        '\tvar body ticketRequest',
        '\t_ = json.NewDecoder(r.Body).Decode(&body)',
        '\t_ = desk.Open(body.Mode)',
        '}',
        '',
      ].join('\n'),
      'server/handlers_test.go': [
        'package server',
        '',
        'import (',
        '\t"net/http/httptest"',
        '\t"testing"',
        ')',
        '',
        'func TestRoutes(t *testing.T) {',
        '\trows := []struct {',
        '\t\tpath string',
        '\t\tbody map[string]interface{}',
        '\t}{',
        '\t\t{path: "/interviews/iv1/mode", body: map[string]interface{}{"mode": "triage"}},',
        '\t}',
        '\tfor _, row := range rows {',
        '\t\tsend(t, "PUT", row.path, row.body)',
        '\t}',
        '\t_ = httptest.NewRecorder()',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'server/handlers_test.go')).toEqual([]);
  });
});
