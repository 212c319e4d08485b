import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A stub's answer: a named status given to a call inside a callback (`api { json("{}", HttpStatusCode.Accepted) }`)
 * whose surrounding test performs the operation whose status changed. A desk's stub, and a callback that performs the
 * operation and answers with its own status (an app's route handler), stay unreported.
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
});
