import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A stub's answer: a named status given to a call inside a callback (`api { json("{}", HttpStatusCode.Accepted) }`)
 * whose surrounding test performs the operation whose status changed. A desk's stub, and a callback that performs the
 * operation and answers with its own status (an app's route handler), stay unreported.
 * Queued answers built by a response type's constructor (wiremock-rs's `ResponseTemplate::new(400)`) or given a named status
 * (a fake handler's `Respond(HttpStatusCode.Accepted)`) count as their integer forms do.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('statuses of stubbed answers', () => {
  it('Kotlin: a mocked engine\'s status around an endpoint call; a desk stub stays', async () => {
    writeTree(dir, {
      'sc/Api.kt': [
        'package sc',
        '',
        'class Api(private val http: HttpClient) {',
        '    suspend fun changeMode(t: String, mode: String) = http.put("https://www.buoyhealth.com/api/interviews/$t/") { setBody(mapOf("mode" to mode)) }',
        '    suspend fun openInterview(age: Int) = http.post("https://www.buoyhealth.com/api/interviews/anonymous/") { setBody(mapOf("age" to age)) }',
        '}',
        '',
      ].join('\n'),
      'sc/ApiTest.kt': [
        'package sc',
        '',
        'class ApiTest {',
        '    @Test fun nothingProduced() = runBlocking {',
        '        api { json("{}", HttpStatusCode.Accepted) }.changeMode("t", "protocol")',
        '    }',
        '',
        '    @Test fun locationFails() = runBlocking {',
        '        api { json("{}", HttpStatusCode.BadRequest) }.openInterview(34)',
        '    }',
        '',
        '    @Test fun ticketQueued() = runBlocking {',
        '        desk { json("{}", HttpStatusCode.Accepted) }.queueTicket("t")',
        '    }',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'sc/ApiTest.kt')).toEqual(['5 mode-update-status-200', '9 location-error-422']);
  });

  it('Go: a route handler that sets the mode and answers 202 itself is the app\'s own answer', async () => {
    writeTree(dir, {
      'sc/client.go': 'package sc\n\nconst Base = "https://www.buoyhealth.com/api/"\n\nfunc (c *Client) SetMode(t, m string) error { return c.put(Base+"interviews/"+t+"/", map[string]string{"mode": m}) }\n',
      'web/routes.go': [
        'package web',
        '',
        'func (h *Handler) Register(r *gin.Engine) {',
        '\tr.PUT("/mode", func(c *gin.Context) {',
        '\t\t_ = h.Checker.SetMode(c.Param("t"), "protocol")',
        '\t\tc.JSON(http.StatusAccepted, nil)',
        '\t})',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'web/routes.go')).toEqual([]);
  });

  it("Go: a table row's status by position, in a test that sets the mode; the same rows in a desk's test stay", async () => {
    const rows = (call: string) =>
      [
        '\ttests := []struct {',
        '\t\tname   string',
        '\t\tstatus int',
        '\t}{',
        '\t\t{"question produced", http.StatusOK},',
        '\t\t{"nothing produced", http.StatusAccepted},',
        '\t}',
        '\tfor _, tt := range tests {',
        '\t\tsrv := stub(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(tt.status) })',
        `\t\t_ = ${call}`,
        '\t}',
      ].join('\n');
    writeTree(dir, {
      'sc/client.go': 'package sc\n\nconst Base = "https://www.buoyhealth.com/api/"\n\nfunc (c *Client) SetMode(t, m string) error { return c.put(Base+"interviews/"+t+"/", map[string]string{"mode": m}) }\n',
      'sc/client_test.go': `package sc\n\nfunc TestSetMode(t *testing.T) {\n${rows('c.SetMode("t1", "protocol")')}\n}\n`,
      'desk/client_test.go': `package desk\n\nfunc TestMove(t *testing.T) {\n${rows('d.MoveTicket("t1")')}\n}\n`,
    });
    const r = await scanProject(dir);
    expect(sites(r, 'sc/client_test.go')).toEqual(['9 mode-update-status-200']);
    expect(sites(r, 'desk/client_test.go')).toEqual([]);
  });
  it('Rust: wiremock-rs answers built with ResponseTemplate::new(code) in tests that create an interview and set its mode; a desk test stays', async () => {
    writeTree(dir, {
      'src/api.rs': [
        'const BASE: &str = "https://www.buoyhealth.com/api/";',
        '',
        'impl Api {',
        '    pub async fn create_interview(&self, body: &NewInterview) -> Result<Interview, Error> {',
        '        Ok(self.http.post(format!("{}interviews/anonymous/", BASE)).json(body).send().await?.json().await?)',
        '    }',
        '    pub async fn set_mode(&self, token: &str, mode: &str) -> Result<(), Error> {',
        '        self.http.put(format!("{}interviews/{}/", BASE, token)).json(&json!({ "mode": mode })).send().await?;',
        '        Ok(())',
        '    }',
        '}',
        '',
      ].join('\n'),
      'tests/flow.rs': [
        '#[tokio::test]',
        'async fn location_failure() {',
        '    let (server, api) = setup().await;',
        '    Mock::given(method("POST")).respond_with(ResponseTemplate::new(400)).mount(&server).await;',
        '    assert!(api.create_interview(&NewInterview::new(34)).await.is_err());',
        '}',
        '',
        '#[tokio::test]',
        'async fn nothing_produced() {',
        '    let (server, api) = setup().await;',
        '    Mock::given(method("PUT")).respond_with(ResponseTemplate::new(202)).mount(&server).await;',
        '    api.set_mode("t", "protocol").await.unwrap();',
        '}',
        '',
      ].join('\n'),
      'tests/desk.rs': [
        '#[tokio::test]',
        'async fn ticket_queued() {',
        '    let (server, desk) = setup_desk().await;',
        '    Mock::given(method("POST")).respond_with(ResponseTemplate::new(202)).mount(&server).await;',
        '    desk.queue_ticket("t").await.unwrap();',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'tests/flow.rs')).toEqual(['11 mode-update-status-200', '4 location-error-422']);
    expect(sites(r, 'tests/desk.rs')).toEqual([]);
  });

  it("C#: a fake handler's answer with the status named (Respond(HttpStatusCode.Accepted)) before a service call that sets the mode; a desk test stays", async () => {
    writeTree(dir, {
      'Sc/IApi.cs': [
        'public interface IApi',
        '{',
        '    [Post("https://www.buoyhealth.com/api/interviews/anonymous/")]',
        '    Task<Interview> CreateInterviewAsync([Body] CreateRequest request);',
        '',
        '    [Put("https://www.buoyhealth.com/api/interviews/{token}/")]',
        '    Task<ApiResponse<Update>> UpdateInterviewAsync(string token, [Body] ModeRequest request);',
        '}',
        '',
      ].join('\n'),
      'Sc/Sessions.cs': [
        'public class Sessions',
        '{',
        '    private readonly IApi _api;',
        '    public Task<Interview> BeginAsync(int age) => _api.CreateInterviewAsync(new CreateRequest { Age = age });',
        '    public Task<ApiResponse<Update>> ChangeModeAsync(string token, string mode) => _api.UpdateInterviewAsync(token, new ModeRequest { Mode = mode });',
        '}',
        '',
      ].join('\n'),
      'Tests/SessionsTests.cs': [
        'public class SessionsTests',
        '{',
        '    [Fact]',
        '    public async Task Location_fails()',
        '    {',
        '        _handler.Respond(HttpStatusCode.BadRequest, "{}");',
        '        await Assert.ThrowsAsync<LocationException>(() => _sessions.BeginAsync(34));',
        '    }',
        '',
        '    [Fact]',
        '    public async Task Nothing_produced()',
        '    {',
        '        _handler.Respond(HttpStatusCode.Accepted);',
        '        await _sessions.ChangeModeAsync("t", "protocol");',
        '    }',
        '}',
        '',
      ].join('\n'),
      'Tests/DeskTests.cs': [
        'public class DeskTests',
        '{',
        '    [Fact]',
        '    public async Task Ticket_queued()',
        '    {',
        '        _handler.Respond(HttpStatusCode.Accepted);',
        '        await _desk.QueueTicketAsync("t");',
        '    }',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'Tests/SessionsTests.cs')).toEqual(['13 mode-update-status-200', '6 location-error-422']);
    expect(sites(r, 'Tests/DeskTests.cs')).toEqual([]);
  });
});
