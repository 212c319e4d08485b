import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * Go tests of an app that serves its own routes in front of the API (a gin proxy): a call into an imported library
 * (`gin.SetMode(gin.TestMode)`) is no call of the client's `SetMode` method, so a helper that makes it is no endpoint
 * and a helpdesk test that uses the helper stays unreported; the stubs of a table-driven test, whose rows the API's
 * client receives through the app's own routes, are read by what their JSON says.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const client = [
  'package sc',
  '',
  'const Base = "https://www.buoyhealth.com/api/"',
  '',
  'func (c *Client) SetMode(t, m string) error { return c.put(Base+"interviews/"+t+"/", map[string]string{"mode": m}) }',
  '',
  'func OpenVisit(c *Client) *Reply { return c.post(Base+"interviews/anonymous/", nil) }',
  '',
].join('\n');

const router = (extra: string[]) =>
  [
    'package web',
    '',
    'import (',
    '\t"net/http"',
    '',
    '\t"github.com/gin-gonic/gin"',
    '\t"example.com/app/sc"',
    ')',
    '',
    'func newRouter(t *testing.T, api http.HandlerFunc) *gin.Engine {',
    '\tgin.SetMode(gin.TestMode)',
    '\treturn serve(api)',
    '}',
    '',
    'func TestTicket(t *testing.T) {',
    '\tr := newRouter(t, func(w http.ResponseWriter, _ *http.Request) {',
    '\t\tw.WriteHeader(http.StatusAccepted)',
    '\t\t_, _ = w.Write([]byte(`{"id":"T-1","mode":"complaint"}`))',
    '\t})',
    '\trequire.Equal(t, http.StatusAccepted, do(r).Code)',
    '}',
    ...extra,
    '',
  ].join('\n');

describe('Go: calls into imported packages, and table-driven stubs', () => {
  it('`gin.SetMode(…)` makes no helper an endpoint: a helpdesk test that uses it stays; `sc.OpenVisit(…)` still is one, imported under an alias too', async () => {
    writeTree(dir, {
      'sc/client.go': client,
      'web/open_test.go': 'package web\n\nimport "example.com/app/sc"\n\nfunc TestOpen(t *testing.T) {\n\tassert.Equal(t, 400, sc.OpenVisit(c).StatusCode)\n}\n',
      'web/alias_test.go': 'package web\n\nimport checker "example.com/app/sc"\n\nfunc TestOpen(t *testing.T) {\n\tassert.Equal(t, 400, checker.OpenVisit(c).StatusCode)\n}\n',
      'web/handlers_test.go': router([]),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'web/handlers_test.go')).toEqual([]);
    expect(sites(r, 'web/open_test.go')).toEqual(['6 location-error-422']);
    expect(sites(r, 'web/alias_test.go')).toEqual(['6 location-error-422']);
  });

  it("a row's stubbed answer is its resource's when two of its changed fields, one nested, say so; a ticket's or a reply's is not", async () => {
    const rows = [
      '',
      'func TestHandlers(t *testing.T) {',
      '\ttests := []struct {',
      '\t\tpath    string',
      '\t\tapiBody string',
      '\t}{',
      '\t\t{path: "/checker/questions/q1", apiBody: `{"token":"q1","preselected":["o3"],',
      '\t\t\t"options":[{"token":"o1","preselected":null}]}`},',
      '\t\t{path: "/checker/results/r1", apiBody: `{"token":"r1","advice":"Rest","test":["CBC"]}`},',
      '\t\t{path: "/checker/start", apiBody: `{"token":"iv1","mode":"complaint","marketplace":"acme","profile":{"bmi":24.5}}`},',
      '\t}',
      '\tfor _, tt := range tests {',
      '\t\tr := newRouter(t, func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte(tt.apiBody)) })',
      '\t\tdo(r, tt.path)',
      '\t}',
      '}',
    ];
    writeTree(dir, { 'sc/client.go': client, 'web/handlers_test.go': router(rows) });
    const r = await scanProject(dir);
    expect(sites(r, 'web/handlers_test.go')).toEqual([
      '28 question-preselected-removed',
      '29 question-preselected-removed',
      '31 interview-marketplace-variant-removed',
      '31 interview-profile-fields-removed',
      '31 mode-complaint-renamed-input',
    ]);
  });
});
