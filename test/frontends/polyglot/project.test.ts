import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { selects } from '../../../codemods/frontends/polyglot/selection';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * Facts across the files of a run for the polyglot languages: model types, endpoint functions (and the
 * functions that wrap them) and host constants defined in one file tie what other files do. Each tree holds a
 * client of the API and, beside it, another service's look-alike that must stay untouched.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const run = () => scanProject(dir);

describe('which polyglot files are parsed', () => {
  it('the pre-scan picks mode types and model types beside their changed fields, not every file of the language', () => {
    expect(selects('enum class InterviewMode { COMPLAINT, SAFE }')).toBe(true);
    expect(selects('MODE_TRIAGE = "triage"')).toBe(true);
    expect(selects('data class ComplaintBody(val text: String, val extra: Map<String, String>?)')).toBe(true);
    expect(selects('record ResultDto(String advice, List<String> test) {}')).toBe(true);
    expect(selects('type BenchmarkResult struct { N int }\nfunc TestX(t *testing.T) {}')).toBe(false);
    expect(selects('os.chmod(path, mode)  # safe for concurrent use')).toBe(false);
    expect(selects('class Ticket { String mode = "open"; }')).toBe(false);
  });

  it('a mode value selects on the line of a mode word, either side, whatever else the text holds', () => {
    // What the single pattern `MODE[^\n]*VALUE|VALUE[^\n]*MODE` selected, now found value first.
    expect(selects('x = 1\nself.mode = "safe"  # ok\ny = 2')).toBe(true);
    expect(selects('x = 1\ncase triage: return MODE_X\n')).toBe(true);
    expect(selects('x = "safe"\nmode = 1\n')).toBe(false);
    expect(selects('x = "safe"\r\nmode = 1\r\n')).toBe(false);
    expect(selects('"safe" "complaint"\n\nthe modes\nSafe mode')).toBe(true);
    expect(selects('modem = ".safe"')).toBe(false);
    expect(selects('enum Mode { A }\n\nlet y = Triage')).toBe(true);
  });

  it('a field list is read back from its `=` or `:` across spaces', () => {
    expect(selects('PROFILE_ATTRIBUTES = %i[age sex race]')).toBe(true);
    expect(selects('profileKeys\t :  ["age"]')).toBe(true);
    expect(selects('profileKeys\n= ["age"]')).toBe(true);
    expect(selects('PROFILE_ATTRIBUTES = %i[sex]\nage')).toBe(false);
    expect(selects('keys = ["age"]')).toBe(false);
  });
});

describe('polyglot facts across files', () => {
  it('Kotlin: a Retrofit interface, its models, a repository over it and a view model', async () => {
    writeTree(dir, {
      'sc/Api.kt': [
        'interface CheckerApi {',
        '    @PUT("interviews/{t}/") suspend fun putInterview(@Path("t") t: String, @Body b: ModeChange): Response<UpdateReply>',
        '    @GET("results/{t}/") suspend fun fetchOutcome(@Path("t") t: String): OutcomeDto',
        '    @POST("interviews/anonymous/") suspend fun openInterview(@Body b: OpenRequest): Response<InterviewDto>',
        '}',
      ].join('\n'),
      'sc/Models.kt': [
        'data class PatientProfile(@SerializedName("age") val age: Int, @SerializedName("weight") val weightKg: Double? = null)',
        'data class OpenRequest(@SerializedName("profile") val profile: PatientProfile)',
        'data class ModeChange(@SerializedName("mode") val mode: String)',
        'data class UpdateReply(@SerializedName("msg") val msg: String?)',
        'data class Finding(@SerializedName("name") val name: String, @SerializedName("triage") val triage: String?)',
        'data class Explanation(@SerializedName("potential_condition") val condition: Finding?)',
        'data class OutcomeDto(@SerializedName("triage_explanation") val why: Explanation?, @SerializedName("advice") val hint: String?)',
      ].join('\n'),
      'sc/Repo.kt': [
        'class Repo(private val api: CheckerApi) {',
        '    suspend fun switchMode(t: String, mode: String): String? {',
        '        val reply = api.putInterview(t, ModeChange(mode))',
        '        if (reply.code() == ACCEPTED) return null',
        '        return reply.body()?.msg',
        '    }',
        '    suspend fun loadOutcome(t: String) = api.fetchOutcome(t)',
        '    suspend fun begin(p: PatientProfile) = api.openInterview(OpenRequest(p)).code() == 400',
        '    private companion object { const val ACCEPTED = 202 }',
        '}',
      ].join('\n'),
      'ui/Screen.kt': [
        'class Screen(private val repo: Repo) {',
        '    suspend fun show(t: String) = repo.loadOutcome(t).let { it.why?.condition?.triage + it.hint }',
        '    suspend fun start() = repo.begin(PatientProfile(age = 30, weightKg = 80.0))',
        '}',
      ].join('\n'),
      'desk/DeskApi.kt': [
        'interface DeskApi {',
        '    @PUT("tickets/{t}/") suspend fun putTicket(@Path("t") t: String, @Body b: Map<String, String>): Response<Reply>',
        '}',
        'data class Reply(@SerializedName("msg") val msg: String?, @SerializedName("advice") val advice: String?)',
        'class DeskRepo(private val api: DeskApi) {',
        '    suspend fun switchMode(t: String): String? {',
        '        val reply = api.putTicket(t, mapOf("mode" to "complaint"))',
        '        if (reply.code() == 202) return null',
        '        return reply.body()?.msg ?: reply.body()?.advice',
        '    }',
        '}',
      ].join('\n'),
    });
    writeTree(dir, {
      // Nothing the pre-scan looks for: analysed because it calls an endpoint the other files define.
      'ui/Flow.kt': 'class Flow(private val repo: Repo) {\n    suspend fun go(t: String) = repo.loadOutcome(t).hint\n}\n',
      // Nothing at all: never parsed.
      'misc/Clock.kt': 'class Clock {\n    fun now(): Long = System.currentTimeMillis()\n}\n',
    });
    const r = await run();
    expect(sites(r, 'ui/Flow.kt')).toEqual(['2 result-advice-test-removed']);
    expect(r.outcomes.map((o) => o.relPath)).not.toContain('misc/Clock.kt');
    expect(sites(r, 'sc/Repo.kt')).toEqual(['4 mode-update-status-200', '5 update-msg-in-links', '8 location-error-422', '9 mode-update-status-200']);
    expect(sites(r, 'ui/Screen.kt')).toEqual(['2 potential-condition-triage-removed', '2 result-advice-test-removed', '3 interview-profile-fields-removed']);
    expect(sites(r, 'sc/Models.kt')).toEqual(['1 interview-profile-fields-removed', '1 interview-profile-fields-removed', '4 update-msg-in-links', '5 potential-condition-triage-removed', '7 result-advice-test-removed']);
    expect(sites(r, 'desk/DeskApi.kt')).toEqual([]);
  });

  it('Swift: a view model calling the client in callbacks, a mode set through its own wrapper', async () => {
    writeTree(dir, {
      'Client.swift': [
        'final class Client {',
        '    func changeMode(_ t: String, to mode: Mode) -> Call<Update> { send("PUT", "interviews/\\(t)/", ModeBody(mode: mode)) }',
        '}',
        'struct Update: Decodable { let msg: String? }',
        'enum Mode: String, Codable { case complaint, safe, input }',
      ].join('\n'),
      'ViewModel.swift': [
        'final class ViewModel {',
        '    func pickSafety() { apply(.safe) }',
        '    func apply(_ mode: Mode) {',
        '        client.changeMode(token, to: mode).sink(receiveValue: { reply in',
        '            self.note = reply.value?.msg',
        '            if reply.status == 202 { return }',
        '        })',
        '    }',
        '}',
      ].join('\n'),
      'Desk.swift': [
        'final class DeskModel {',
        '    func pickSafety() { desk.apply(.safe) }',
        '    func poll() { desk.ticket(id).sink(receiveValue: { reply in self.note = reply.value?.msg; if reply.status == 202 { return } }) }',
        '}',
      ].join('\n'),
    });
    const r = await run();
    expect(sites(r, 'ViewModel.swift')).toEqual(['2 mode-safe-triage-removed', '5 update-msg-in-links', '6 mode-update-status-200']);
    expect(sites(r, 'Desk.swift')).toEqual([]);
  });

  it('Python, Ruby and Go: a host constant, a mode helper and a package share their facts', async () => {
    writeTree(dir, {
      'py/settings.py': 'import os\nSC_HOST = os.environ.get("SC_HOST", "sandbox.buoyhealth.com")\nDESK_HOST = "desk.example.org"\n',
      'py/jobs.py': 'import settings\nROOT = f"https://{settings.SC_HOST}/api/"\nDESK = f"https://{settings.DESK_HOST}/api/"\n',
      'rb/client.rb': 'class Client\n  def move_mode(token, mode)\n    put("interviews/#{token}/", { mode: mode })\n  end\nend\n',
      'rb/flow.rb': 'class Flow\n  def go(c)\n    @client.move_mode(c.token, :safe)\n    @desk.queue_mode(c.ticket, :safe)\n  end\nend\n',
      'go/sc/client.go': 'package sc\n\nconst Base = "https://www.buoyhealth.com/api/"\n\nfunc (c *Client) Result(t string) { c.get(Base + "results/" + t + "/") }\n',
      'go/sc/auth.go': 'package sc\n\nfunc (c *Client) audience() string {\n\treturn c.cfg.BaseURL\n}\n\nfunc tokenBody(c *Client) map[string]any {\n\treturn map[string]any{"audience": c.audience(), "grant_type": "client_credentials"}\n}\n',
      'go/desk/auth.go': 'package desk\n\nfunc (c *Client) audience() string {\n\treturn c.cfg.BaseURL\n}\n\nfunc tokenBody(c *Client) map[string]any {\n\treturn map[string]any{"audience": c.audience(), "grant_type": "client_credentials"}\n}\n',
    });
    const r = await run();
    expect(sites(r, 'py/jobs.py')).toEqual(['2 base-url']);
    expect(sites(r, 'rb/flow.rb')).toEqual(['3 mode-safe-triage-removed']);
    expect(sites(r, 'go/sc/auth.go')).toEqual(['4 token-audience']);
    expect(sites(r, 'go/desk/auth.go')).toEqual([]);
  });

  it('path constants of another file address their resource; named arguments of an endpoint are its fields', async () => {
    writeTree(dir, {
      'go/sc/paths.go': 'package sc\n\nconst (\n\tpathOpen = "interviews/anonymous/"\n\tpathComplaints = "complaints/"\n)\n',
      'go/sc/client.go': [
        'package sc',
        '',
        'func (c *Client) Open(p Profile) error {',
        '\tresp, err := c.send("POST", pathOpen, map[string]any{"profile": p, "interview_mode": true})',
        '\tif resp.StatusCode() == 400 {',
        '\t\treturn ErrNoLocation',
        '\t}',
        '\treturn err',
        '}',
        '',
        'func (c *Client) Ticket(text string) error {',
        '\t_, err := c.send("POST", "https://desk.example.org/api/tickets/", map[string]any{"text": text, "interview_mode": true})',
        '\treturn err',
        '}',
      ].join('\n'),
      'py/sc/client.py': [
        'class Client:',
        '    def create_intent(self, token, intent, detail=None):',
        '        return self.http.post("intents/", json={"intent": intent, "detail": detail})',
        '',
        '    def create_interview(self, age, sex):',
        '        return self.http.post("interviews/anonymous/", json={"profile": {"age": age, "sex": sex}})',
      ].join('\n'),
      'py/flow.py': [
        'def smoke(client, desk):',
        '    client.create_intent("t", "check", detail="smoke")',
        '    desk.open_ticket("t", detail="smoke")',
        '    client.create_interview(age=1, sex="male")',
        '    desk.open_ticket("t", age=1)',
      ].join('\n'),
    });
    const r = await run();
    expect(sites(r, 'go/sc/client.go')).toEqual(['4 interview-mode-flag-removed', '5 location-error-422']);
    expect(sites(r, 'py/flow.py')).toEqual(['2 intent-detail-context-removed', '4 profile-age-range']);
  });

  it('JVM: a model declared in Kotlin and in Java is one model; a value decoded by its type token has its fields', async () => {
    writeTree(dir, {
      'kt/Api.kt': 'interface Api {\n    @GET("results/{t}/") suspend fun fetchOutcome(@Path("t") t: String): Outcome\n}\n',
      'kt/Models.kt': [
        'data class Finding(@SerialName("name") val name: String, @SerialName("triage") val level: String?)',
        'data class Why(@SerialName("potential_condition") val findings: List<Finding>)',
        'data class Outcome(@SerialName("triage_explanation") val why: Why?, @SerialName("token") val token: String)',
      ].join('\n'),
      'java/Outcome.java': 'public class Outcome {\n    @SerializedName("token") private String token;\n    public String getToken() { return token; }\n}\n',
      'kt/OutcomeTest.kt': [
        'class OutcomeTest {',
        '    fun decodes(raw: String) {',
        '        val outcome = json.decodeFromString<Outcome>(raw)',
        '        check(outcome.why?.findings?.first()?.level == "self")',
        '        val ticket = json.decodeFromString<Ticket>(raw)',
        '        check(ticket.why?.findings?.first()?.level == "self")',
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await run();
    expect(sites(r, 'kt/OutcomeTest.kt')).toEqual(['4 potential-condition-triage-removed']);
  });

  it("Java: a helper that decodes by a type token gives that model to what is read from its result (`client.decode(r, Result.class).advice`); another type's token does not", async () => {
    writeTree(dir, {
      'sc/ResultApi.java': ['interface ResultApi {', '    @GET("results/{token}/")', '    Call<Result> fetchResult(@Path("token") String token);', '}'].join('\n'),
      'sc/Result.java': 'public class Result {\n    @SerializedName("advice") public String advice;\n}\n',
      'sc/ResultReaderTest.java': [
        'class ResultReaderTest {',
        '    void reads() throws Exception {',
        '        assertEquals("rest", client.decode(response, Result.class).advice);',
        '        assertEquals("rest", client.decode(response, Ticket.class).advice);',
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await run();
    expect(sites(r, 'sc/ResultReaderTest.java')).toEqual(['3 result-advice-test-removed']);
  });

  it("a test's equality assertion on a status after a mode update is a status check (JUnit, testify); a helpdesk's, or one on a count, is not", async () => {
    writeTree(dir, {
      'src/StageApi.java': ['interface StageApi {', '    @PUT("interviews/{token}/")', '    Call<Void> setMode(@Path("token") String token, @Body Map<String, String> body);', '}'].join('\n'),
      'src/DeskApi.java': ['interface DeskApi {', '    @PUT("https://desk.example.org/api/tickets/{token}/")', '    Call<Void> moveTicket(@Path("token") String token, @Body Map<String, String> body);', '}'].join('\n'),
      'src/StageTest.java': [
        'class StageTest {',
        '    void switches() throws Exception {',
        '        Response<Void> r = api.setMode("t1", Map.of("mode", "protocol")).execute();',
        '        assertEquals(202, r.code());',
        '        assertEquals(202, pending.size());',
        '    }',
        '    void moves() throws Exception {',
        '        Response<Void> r = desk.moveTicket("t1", Map.of("mode", "escalated")).execute();',
        '        assertEquals(202, r.code());',
        '    }',
        '}',
      ].join('\n'),
      'checker/client.go': 'package checker\n\nconst Base = "https://sandbox.buoyhealth.com/api/"\n\nfunc (c *Client) SetMode(t, m string) (*http.Response, error) {\n\treturn c.put(Base+"interviews/"+t+"/", map[string]string{"mode": m})\n}\n',
      'checker/client_test.go': 'package checker\n\nfunc TestSetMode(t *testing.T) {\n\tresp, _ := c.SetMode("t1", "protocol")\n\tassert.Equal(t, 202, resp.StatusCode)\n}\n\nfunc TestTicket(t *testing.T) {\n\tresp, _ := desk.Move("t1")\n\tassert.Equal(t, 202, resp.StatusCode)\n}\n',
    });
    const r = await run();
    expect(sites(r, 'src/StageTest.java')).toEqual(['4 mode-update-status-200']);
    expect(sites(r, 'checker/client_test.go')).toEqual(['5 mode-update-status-200']);
  });

  it("Java: positional arguments of a class's only constructor fill the fields it stores them in (`new Visit.Patient(0, sex)`); a desk's class of the same shape is left alone", async () => {
    writeTree(dir, {
      'sc/VisitApi.java': ['interface VisitApi {', '    @POST("interviews/anonymous/")', '    Call<Visit> openVisit(@Body Map<String, Object> body);', '}'].join('\n'),
      'sc/Visit.java': [
        'public class Visit {',
        '    @SerializedName("token") public String token;',
        '    @SerializedName("profile") public Patient patient;',
        '    public static class Patient {',
        '        @SerializedName("age") public int years;',
        '        @SerializedName("sex") public String sex;',
        '        public Patient(int years, String sex) {',
        '            this.years = years;',
        '            this.sex = sex;',
        '        }',
        '    }',
        '}',
      ].join('\n'),
      'sc/Start.java': 'class Start {\n    void baby(String sex) { api.openVisit(Map.of("profile", new Visit.Patient(0, sex))); }\n    void adult(String sex) { api.openVisit(Map.of("profile", new Visit.Patient(30, sex))); }\n}\n',
      'desk/Seat.java': [
        'public class Seat {',
        '    public static class Holder {',
        '        @SerializedName("age") public int age;',
        '        public Holder(int age) {',
        '            this.age = age;',
        '        }',
        '    }',
        '}',
      ].join('\n'),
      'desk/Book.java': 'class Book {\n    void baby() { desk.reserve(new Seat.Holder(0)); }\n}\n',
    });
    const r = await run();
    expect(sites(r, 'sc/Start.java')).toEqual(['2 profile-age-range']);
    expect(sites(r, 'desk/Book.java')).toEqual([]);
  });

  it('Java: a test that only names the body type an endpoint is sent is read (its serialized mode is reported); a helpdesk case beside it is not', async () => {
    writeTree(dir, {
      'src/ModeApi.java': ['interface ModeApi {', '    @PUT("interviews/{token}/")', '    Call<Void> setMode(@Path("token") String token, @Body StepChange body);', '}'].join('\n'),
      'src/StepChange.java': 'public record StepChange(Step mode) {}',
      'src/Step.java': 'public enum Step { @JsonProperty("complaint") COMPLAINT, @JsonProperty("protocol") PROTOCOL }',
      'src/StepJsonTest.java': [
        'class StepJsonTest {',
        '    void writes() throws Exception {',
        '        String json = mapper.writeValueAsString(new StepChange(Step.COMPLAINT));',
        '        assertThat(json).isEqualTo("{\\"mode\\":\\"complaint\\"}");',
        '    }',
        '}',
      ].join('\n'),
      'src/DeskJsonTest.java': [
        'class DeskJsonTest {',
        '    void writes() throws Exception {',
        '        String json = mapper.writeValueAsString(new DeskCase("complaint"));',
        '        assertThat(json).isEqualTo("{\\"mode\\":\\"complaint\\"}");',
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await run();
    expect(sites(r, 'src/StepJsonTest.java')).toEqual(['4 mode-complaint-renamed-input']);
    expect(sites(r, 'src/DeskJsonTest.java')).toEqual([]);
  });

  it('C#: a file that uses a constant holding a v1 address talks to the API (its audience taken from the base is marked)', async () => {
    writeTree(dir, {
      'sc/Endpoints.cs': 'static class Endpoints {\n    public const string SandboxBase = "https://sandbox.buoyhealth.com/api/";\n}\n',
      'sc/Settings.cs': 'class Settings {\n    public string ApiBase => Endpoints.SandboxBase;\n    public string Audience => ApiBase;\n}\n',
      'desk/DeskSettings.cs': 'class DeskSettings {\n    public string ApiBase => "https://desk.example.org/api/";\n    public string Audience => ApiBase;\n}\n',
    });
    const r = await run();
    expect(sites(r, 'sc/Settings.cs')).toEqual(['3 token-audience']);
    expect(sites(r, 'desk/DeskSettings.cs')).toEqual([]);
  });
  it("Go: another package's unqualified names are its own (a desk's `Result` field is not the API's `Result` model); a qualified use ties", async () => {
    writeTree(dir, {
      'sc/types.go': 'package sc\n\ntype Mode string\n\nconst ModeComplaint Mode = "complaint"\n\ntype Result struct {\n\tAdvice []string `json:"advice"`\n}\n',
      'sc/client.go': 'package sc\n\nconst Base = "https://www.buoyhealth.com/api/"\n\nfunc (c *Client) Get(t string) (*Result, error) { return c.get(Base + "results/" + t + "/") }\n',
      'desk/client.go': 'package desk\n\nimport "encoding/json"\n\ntype Mode string\n\nconst ModeComplaint Mode = "complaint"\n\ntype reply struct {\n\tResult struct {\n\t\tNumber string `json:"number"`\n\t} `json:"result"`\n}\n\nfunc decode(b []byte) (reply, error) {\n\tvar out reply\n\treturn out, json.Unmarshal(b, &out)\n}\n',
      'web/handlers.go': 'package web\n\nimport (\n\t"net/http"\n\tchecker "example.com/app/sc"\n)\n\nvar api = checker.Base\n\nconst startMode = "complaint"\n\nfunc ok(w http.ResponseWriter) { w.WriteHeader(http.StatusOK) }\n',
    });
    const r = await run();
    expect(sites(r, 'sc/types.go')).toEqual(['5 mode-complaint-renamed-input', '8 result-advice-test-removed']);
    expect(sites(r, 'desk/client.go')).toEqual([]);
    expect(sites(r, 'web/handlers.go')).toEqual(['10 mode-complaint-renamed-input']);
  });

  it("Ruby: a one-word method called on a class (`ERB.new(…).result`) links no file to the endpoint of that name (`def result(token)`); a call on the client does", async () => {
    writeTree(dir, {
      'lib/checker/client.rb': [
        'module Checker',
        '  class Client',
        "    BASE = 'https://www.buoyhealth.com/api/'",
        '    def result(token)',
        '      get("results/#{token}/")',
        '    end',
        '    def change_mode(token, mode)',
        '      put("interviews/#{token}/", mode: mode)',
        '    end',
        '  end',
        'end',
      ].join('\n'),
      'lib/desk/client.rb': [
        "require 'erb'",
        'module Desk',
        '  class Client',
        '    def self.settings(path)',
        '      YAML.safe_load(ERB.new(File.read(path)).result)',
        '    end',
        "    def open_ticket(subject:, mode: 'complaint')",
        "      post('tickets', subject: subject, mode: mode)",
        '    end',
        '  end',
        'end',
      ].join('\n'),
      'app/flow.rb': ['class Flow', "  def start(client, token, mode = 'complaint')", '    client.change_mode(token, mode)', '  end', 'end'].join('\n'),
    });
    const r = await run();
    expect(sites(r, 'lib/desk/client.rb')).toEqual([]);
    expect(sites(r, 'app/flow.rb')).toEqual(['2 mode-complaint-renamed-input']);
  });

  it("Java: a model named after a resource is the API's when a file that calls one of its endpoints uses it (a view model parsing `Complaint.class`)", async () => {
    writeTree(dir, {
      'net/Paths.java': 'final class Paths {\n    static final String COMPLAINTS = "complaints/";\n}\n',
      'net/Client.java': [
        'class Client {',
        '    Call fileComplaint(String token, String text, Callback cb) {',
        '        JsonObject body = new JsonObject();',
        '        body.addProperty("text", text);',
        '        return send(post(root.resolve(Paths.COMPLAINTS), body), cb);',
        '    }',
        '}',
      ].join('\n'),
      'model/Complaint.java': [
        'public class Complaint {',
        '    @SerializedName("text") public String text;',
        '    @SerializedName("extra") public JsonObject extra;',
        '}',
      ].join('\n'),
      'ui/Board.java': [
        'class Board {',
        '    void submit(String text) {',
        '        client.fileComplaint(token, text, new Callback() {',
        '            public void onResponse(Call call, Response response) { shown = client.parse(response, Complaint.class); }',
        '        });',
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await run();
    // Both what is sent and what is read: one finding for each.
    expect(sites(r, 'model/Complaint.java')).toEqual(['3 complaint-extra-removed', '3 complaint-extra-removed']);
    expect(sites(r, 'ui/Board.java')).toEqual([]);
  });

  it('Java: the same shape for a helpdesk (its endpoint posts to another host) leaves its `Complaint` model alone', async () => {
    writeTree(dir, {
      'desk/DeskClient.java': [
        'class DeskClient {',
        '    Call fileComplaint(String text, Callback cb) {',
        '        JsonObject body = new JsonObject();',
        '        body.addProperty("text", text);',
        '        return send(post("https://desk.example.org/api/complaints/", body), cb);',
        '    }',
        '}',
      ].join('\n'),
      'desk/Complaint.java': [
        'public class Complaint {',
        '    @SerializedName("text") public String text;',
        '    @SerializedName("extra") public JsonObject extra;',
        '}',
      ].join('\n'),
      'desk/Board.java': [
        'class Board {',
        '    void submit(String text) {',
        '        desk.fileComplaint(text, new Callback() {',
        '            public void onResponse(Call call, Response response) { shown = desk.parse(response, Complaint.class); }',
        '        });',
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await run();
    expect(sites(r, 'desk/Complaint.java')).toEqual([]);
    expect(sites(r, 'desk/Board.java')).toEqual([]);
  });
});
