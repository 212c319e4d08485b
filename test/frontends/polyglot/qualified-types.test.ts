import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A struct literal that names its type through the package that declares it (`checker.Profile{Height: h}`) builds
 * that package's model: its removed fields are reported as they are in the package itself. A package none of whose
 * files talks to the API (a helpdesk's `desk.Profile{Height: h}`) declares another service's type of that name.
 */

/** A package's client that posts a profile to one path of one service. */
const client = (pkg: string, base: string, segment: string) =>
  [
    `package ${pkg}`,
    '',
    'import (',
    '\t"bytes"',
    '\t"encoding/json"',
    '\t"net/http"',
    ')',
    '',
    `const base = "${base}"`,
    '',
    'type Client struct{ HTTP *http.Client }',
    '',
    'func (c *Client) Start(p Profile) (*http.Response, error) {',
    '\tbody, _ := json.Marshal(map[string]any{"profile": p})',
    `\treturn c.HTTP.Post(base+"${segment}", "application/json", bytes.NewReader(body))`,
    '}',
  ].join('\n');

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('a struct literal qualified by its package', () => {
  it("Go: the checker package's Profile built in a handler; the desk package's Profile stays unreported", async () => {
    writeTree(dir, {
      'go.mod': 'module example.com/clinic\n\ngo 1.22\n',
      'checker/types.go': [
        'package checker',
        '',
        'type Profile struct {',
        '\tAge    int     `json:"age"`',
        '\tSex    string  `json:"sex"`',
        '\tHeight float64 `json:"height,omitempty"`',
        '}',
      ].join('\n'),
      'checker/client.go': client('checker', 'https://www.buoyhealth.com/api/', 'interviews/'),
      'desk/types.go': ['package desk', '', 'type Profile struct {', '\tHeight float64 `json:"height"`', '}'].join('\n'),
      'desk/client.go': client('desk', 'https://desk.example.org/api/', 'tickets/'),
      'web/handlers.go': [
        'package web',
        '',
        'import (',
        '\t"example.com/clinic/checker"',
        '\t"example.com/clinic/desk"',
        ')',
        '',
        'func start(cl *checker.Client, dc *desk.Client, age int, sex string, h float64) {',
        '\tp := checker.Profile{',
        '\t\tAge:    age,',
        '\t\tSex:    sex,',
        '\t\tHeight: h,',
        '\t}',
        '\td := desk.Profile{Height: h}',
        '\tcl.Start(p)',
        '\tdc.Start(d)',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'web/handlers.go')).toEqual(['12 interview-profile-fields-removed']);
    expect(sites(r, 'desk/types.go')).toEqual([]);
  });
});
