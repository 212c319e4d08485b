import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * Shapes a client of the API takes in the polyglot languages, each beside another service's look-alike of the
 * same shape that must stay unreported (a helpdesk ticket's mode, a case's extra, an export's 202).
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const run = () => scanProject(dir);

describe('another thing\'s modes beside the API\'s', () => {
  it('Python: a mode enum qualified by another noun, and a mode read from a body sent to another service\'s address', async () => {
    writeTree(dir, {
      'app/kinds.py': [
        'from enum import Enum',
        '',
        'class Mode(str, Enum):',
        '    COMPLAINT = "complaint"',
        '    SAFE = "safe"',
        '',
        'class DeskMode(str, Enum):',
        '    COMPLAINT = "complaint"',
        '    PRAISE = "praise"',
        '',
        'ROUTES = {"open": "interviews/anonymous/"}',
      ].join('\n'),
      'app/desk.py': [
        'import os',
        '',
        'DESK_API = os.environ.get("DESK_URL", "https://acme.deskly.io/api/v2/")',
        '',
        'def open_ticket(http, text):',
        '    return http.post(DESK_API + "tickets.json", json={"ticket": {"mode": "complaint", "body": text}})',
      ].join('\n'),
      'app/test_desk.py': [
        'from app.desk import DESK_API',
        'from app.kinds import Mode',
        '',
        'CHECKER = "https://sandbox.buoyhealth.com/api/"',
        '',
        'def test_ticket(m):',
        '    body = sent_json(m, "POST", DESK_API + "tickets.json")',
        '    assert body["ticket"]["mode"] == "complaint"',
        '',
        'def test_interview(m):',
        '    body = sent_json(m, "PUT", CHECKER + "interviews/t-1/")',
        '    assert body["mode"] == "complaint"',
      ].join('\n'),
    });
    const r = await run();
    expect(sites(r, 'app/kinds.py')).toEqual(['4 mode-complaint-renamed-input', '5 mode-safe-triage-removed']);
    expect(sites(r, 'app/test_desk.py')).toEqual(['12 mode-complaint-renamed-input', '4 base-url']);
  });
});

describe('Feign-style interfaces: the bodies they send and the models those hold', () => {
  it('Java: a @RequestBody type named with a verb, the model one of its fields holds, annotated keys above their fields', async () => {
    writeTree(dir, {
      'src/checker/CheckerClient.java': [
        '@FeignClient(name = "checker", url = "${checker.url}")',
        'public interface CheckerClient {',
        '    @PostMapping("/interviews/anonymous/")',
        '    OpenedInterview open(@RequestBody StartInterviewRequest request);',
        '    @PutMapping("/interviews/{token}/")',
        '    Reply changeMode(@PathVariable("token") String token, @RequestBody ModeChange body);',
        '}',
      ].join('\n'),
      'src/checker/StartInterviewRequest.java': [
        'public class StartInterviewRequest {',
        '    private PatientProfile profile;',
        '    @JsonProperty("interview_mode")',
        '    private Boolean legacyFlow;',
        '}',
      ].join('\n'),
      'src/checker/PatientProfile.java': ['public class PatientProfile {', '    private Integer age;', '    private Double bmi;', '}'].join('\n'),
      'src/checker/ModeChange.java': 'public record ModeChange(InterviewMode mode) {}',
      'test/checker/JsonTest.java': [
        'class JsonTest {',
        '    void writesMode() throws Exception {',
        '        assertThat(mapper.writeValueAsString(new ModeChange(InterviewMode.COMPLAINT))).isEqualTo("{\\"mode\\":\\"complaint\\"}");',
        '    }',
        '    void writesCase() throws Exception {',
        '        assertThat(mapper.writeValueAsString(new CaseNote("x"))).isEqualTo("{\\"mode\\":\\"complaint\\"}");',
        '    }',
        '}',
      ].join('\n'),
      'src/desk/DeskClient.java': [
        '@FeignClient(name = "desk", url = "https://desk.example.org/api/")',
        'public interface DeskClient {',
        '    @PostMapping("/cases/")',
        '    CaseRef open(@RequestBody CreateCaseRequest request);',
        '}',
      ].join('\n'),
      'src/desk/CreateCaseRequest.java': [
        'public class CreateCaseRequest {',
        '    private PatientProfile profile;',
        '    private String mode;',
        '    private Map<String, String> extra;',
        '}',
      ].join('\n'),
    });
    const r = await run();
    expect(sites(r, 'src/checker/StartInterviewRequest.java')).toEqual(['3 interview-mode-flag-removed']);
    expect(r.outcomes.find((o) => o.relPath === 'src/checker/StartInterviewRequest.java')!.findings[0]!.endLine).toBe(4);
    expect(sites(r, 'src/checker/PatientProfile.java')).toEqual(['3 interview-profile-fields-removed']);
    expect(sites(r, 'src/desk/CreateCaseRequest.java')).toEqual([]);
    expect(sites(r, 'src/desk/DeskClient.java')).toEqual([]);
    // The record declared in a file of its own is read, as the body an endpoint is sent: a test writing it as JSON speaks of an interview.
    expect(sites(r, 'test/checker/JsonTest.java')).toEqual(['3 mode-complaint-renamed-input']);
  });
});

describe('tables of paths', () => {
  it('Python: a table of paths in one module addresses its entries\' resources in another; another table\'s entries stay another service\'s', async () => {
    writeTree(dir, {
      'app/routes.py': ['CHECKER_ROUTES = {"start": "interviews/anonymous/", "intent": "intents/"}', 'DESK_ROUTES = {"ticket": "tickets/"}'].join('\n'),
      'app/client.py': [
        'from app.routes import CHECKER_ROUTES, DESK_ROUTES',
        '',
        'class Client:',
        '    async def add_intent(self, token, intent, detail):',
        '        body = {"interview": token, "intent": intent, "detail": detail}',
        '        return await self._send("POST", CHECKER_ROUTES["intent"], json=body)',
        '',
        '    async def open_ticket(self, text):',
        '        body = {"text": text, "detail": "web", "mode": "complaint"}',
        '        return await self._send("POST", DESK_ROUTES["ticket"], json=body)',
      ].join('\n'),
    });
    const r = await run();
    // The entry is deleted, and, once the run's facts say `add_intent` sends to the intents of the other module's
    // table (a later round of analysing again), its parameter named for the field is marked: callers still pass it.
    expect(sites(r, 'app/client.py')).toEqual(['4 intent-detail-context-removed', '5 intent-detail-context-removed']);
  });
});

describe('arguments given by position to an endpoint', () => {
  it('Go: an argument whose parameter is a removed request field, and the map it holds; another client\'s parameter of that name stays', async () => {
    writeTree(dir, {
      'checker/client.go': [
        'package checker',
        '',
        'func (c *Client) AddComplaint(ctx context.Context, interviewID, text string, extra map[string]any) (*Complaint, error) {',
        '\treturn post(ctx, c.base+"complaints/", map[string]any{"interview": interviewID, "text": text, "extra": extra})',
        '}',
      ].join('\n'),
      'desk/client.go': [
        'package desk',
        '',
        'func (c *Client) OpenTicket(ctx context.Context, text string, extra map[string]any) error {',
        '\treturn post(ctx, "https://desk.example.org/api/tickets/", map[string]any{"text": text, "extra": extra})',
        '}',
      ].join('\n'),
      'api/handlers.go': [
        'package api',
        '',
        'func (h *Handler) addComplaint(c *gin.Context) {',
        '\textra := map[string]any{"side": c.Query("side")}',
        '\t_, _ = h.Checker.AddComplaint(c, c.Param("id"), c.Query("text"), extra)',
        '\tnote := map[string]any{"side": "left"}',
        '\t_ = h.Desk.OpenTicket(c, c.Query("text"), note)',
        '}',
      ].join('\n'),
    });
    const r = await run();
    expect(sites(r, 'api/handlers.go')).toEqual(['4 complaint-extra-removed']);
    expect(r.outcomes.find((o) => o.relPath === 'api/handlers.go')!.findings[0]!.endLine).toBe(5);
  });

  it("C#: an endpoint called with fewer arguments than it declares (the rest defaulted), and an extension method's receiver left out; another client's method stays", async () => {
    writeTree(dir, {
      'Checker/Notes.cs': [
        'public static class Notes {',
        '    public static async Task<Intent> AddIntentAsync(this HttpClient http, string visit, string name, string? detail = null, CancellationToken ct = default)',
        '    {',
        '        var r = await http.PostAsJsonAsync($"intents/?interview={visit}", new IntentBody { Name = name, Detail = detail }, ct);',
        '        return (await r.Content.ReadFromJsonAsync<Intent>(cancellationToken: ct))!;',
        '    }',
        '}',
      ].join('\n'),
      'Desk/Desk.cs': [
        'public class Desk {',
        '    public Task OpenTicketAsync(string text, string? detail = null, CancellationToken ct = default) =>',
        '        _http.PostAsJsonAsync("https://desk.example.org/api/tickets/", new { text, detail }, ct);',
        '}',
      ].join('\n'),
      'Web/Page.cs': [
        'public class Page {',
        '    public async Task Go(HttpClient http, Desk desk) {',
        '        await http.AddIntentAsync("v-1", "see_doctor", "soon");',
        '        await desk.OpenTicketAsync("late", "queue two");',
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await run();
    expect(sites(r, 'Web/Page.cs')).toEqual(['3 intent-detail-context-removed']);
  });

  it("Go: an HTTP handler named as the client's endpoint it wraps (Handler.EscalateVisit over h.Checker.EscalateVisit, a name that says nothing of the mode) is that endpoint too; a desk's handler of the same shape stays", async () => {
    writeTree(dir, {
      'checker/client.go': [
        'package checker',
        '',
        'const DefaultBase = "https://www.buoyhealth.com/api/"',
        '',
        'type Interview struct {',
        '\tToken string `json:"token"`',
        '}',
        '',
        'func (c *Client) EscalateVisit(ctx context.Context, token string, mode string) (*Interview, bool, error) {',
        '\tresp, err := c.put(ctx, fmt.Sprintf("%sinterviews/%s/", c.base, token), map[string]any{"mode": mode})',
        '\treturn decodeUpdate(resp), resp.StatusCode != 202, err',
        '}',
      ].join('\n'),
      'desk/client.go': [
        'package desk',
        '',
        'func (c *Client) SetQueue(ctx context.Context, id string, mode string) error {',
        '\treturn c.put(ctx, "https://desk.example.org/api/queues/"+id, map[string]any{"mode": mode})',
        '}',
      ].join('\n'),
      'web/handlers.go': [
        'package web',
        '',
        'import (',
        '\t"example.com/app/checker"',
        '\t"example.com/app/desk"',
        ')',
        '',
        'type Handler struct {',
        '\tChecker *checker.Client',
        '\tDesk    *desk.Client',
        '\tLast    *checker.Interview',
        '}',
        '',
        'func (h *Handler) EscalateVisit(w http.ResponseWriter, r *http.Request) {',
        '\tif urgent(r) {',
        '\t\t_, _, _ = h.Checker.EscalateVisit(r.Context(), chi.URLParam(r, "id"), "safe")',
        '\t}',
        '}',
        '',
        'func (h *Handler) SetQueue(w http.ResponseWriter, r *http.Request) {',
        '\t_ = h.Desk.SetQueue(r.Context(), chi.URLParam(r, "id"), "safe")',
        '\th.Desk.Note(r.Context(), map[string]any{"advice": "call back", "extra": r.FormValue("extra")})',
        '}',
      ].join('\n'),
    });
    const r = await run();
    expect(sites(r, 'web/handlers.go')).toEqual(['16 mode-safe-triage-removed']);
  });

  it("C# and Swift: a file whose only tie to the API is an audience that falls back to the base address is read; another service's options of the same shape stay", async () => {
    writeTree(dir, {
      'Clinic/SymptomCheckerSettings.cs': [
        'namespace Clinic.SymptomChecker;',
        'public sealed class SymptomCheckerSettings {',
        '    public string ApiBaseUrl { get; set; } = string.Empty;',
        '    public string? Audience { get; set; }',
        '    public string EffectiveAudience() => string.IsNullOrEmpty(Audience) ? ApiBaseUrl : Audience;',
        '}',
      ].join('\n'),
      'Desk/DeskSettings.cs': [
        'namespace Clinic.Helpdesk;',
        'public sealed class DeskSettings {',
        '    public string ApiBaseUrl { get; set; } = string.Empty;',
        '    public string? Audience { get; set; }',
        '    public string EffectiveAudience() => string.IsNullOrEmpty(Audience) ? ApiBaseUrl : Audience;',
        '}',
      ].join('\n'),
      'App/SymptomCheckerConfig.swift': [
        'struct SymptomCheckerConfig {',
        '    let apiBaseURL: URL',
        '    let audience: String',
        '    init(info: [String: Any], base: URL) {',
        '        apiBaseURL = base',
        '        audience = (info["SymptomCheckerAudience"] as? String) ?? apiBaseURL.absoluteString',
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await run();
    expect(sites(r, 'Clinic/SymptomCheckerSettings.cs')).toEqual(['5 token-audience']);
    expect(sites(r, 'App/SymptomCheckerConfig.swift')).toEqual(['6 token-audience']);
    expect(sites(r, 'Desk/DeskSettings.cs')).toEqual([]);
  });

  it("C#: a model returned by two resources' endpoints is the resource its name designates (InterviewUpdateResponse from an interview's update and a question's answer); a desk's reply type stays", async () => {
    writeTree(dir, {
      'Checker/IVisitApi.cs': [
        'public interface IVisitApi {',
        '    [Put("/interviews/{token}/")] Task<ApiResponse<InterviewUpdateResponse>> ChangeVisitAsync(string token, [Body] StepBody body);',
        '    [Put("/questions/{token}/")] Task<ApiResponse<InterviewUpdateResponse>> ReplyAsync(string token, [Body] ReplyBody body);',
        '    [Put("https://desk.example.org/api/tickets/{id}/")] Task<ApiResponse<TicketUpdateResponse>> MoveTicketAsync(string id, [Body] StepBody body);',
        '}',
      ].join('\n'),
      'Checker/Models.cs': [
        'public record InterviewUpdateResponse {',
        '    [JsonPropertyName("token")] public string Token { get; init; } = "";',
        '    [JsonPropertyName("msg")] public string? Msg { get; init; }',
        '}',
        'public record TicketUpdateResponse {',
        '    [JsonPropertyName("msg")] public string? Msg { get; init; }',
        '}',
      ].join('\n'),
    });
    const r = await run();
    expect(sites(r, 'Checker/Models.cs')).toEqual(['3 update-msg-in-links']);
  });
});
