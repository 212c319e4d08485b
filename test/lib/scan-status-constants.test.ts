import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scan } from '../../lib';
import { cleanup, customConfig, tmpDir, writeTree } from '../cli/helpers';

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('status constants of another file', () => {
  it("a status of the API compared with a number another file exports (a const, a frozen map) is reported where it is compared; another API's status compared with the same numbers is not", async () => {
    writeTree(dir, {
      'src/constants.js': `export const STATUSES = Object.freeze({\n  OK: 200,\n  ACCEPTED: 202,\n  BAD_REQUEST: 400,\n});\nexport const QUEUED = 202;\n`,
      'src/api/checker.js': `import axios from 'axios';\nimport { STATUSES, QUEUED } from '../constants';\nconst http = axios.create({ baseURL: 'https://sandbox.buoyhealth.com/api/' });\nexport async function setMode(token, mode) {\n  const res = await http.put(\`interviews/\${token}/\`, { mode });\n  if (res.status === STATUSES.ACCEPTED) return null;\n  return res.data;\n}\nexport async function start(profile) {\n  try {\n    return (await http.post('interviews/anonymous/', { profile })).data;\n  } catch (e) {\n    if (e.response && e.response.status === STATUSES.BAD_REQUEST) return { locationError: true };\n    throw e;\n  }\n}\n`,
      'src/api/desk.js': `import axios from 'axios';\nimport { STATUSES, QUEUED } from '../constants';\nexport async function openTicket(body) {\n  const res = await axios.post('https://help.example.com/api/tickets/', body);\n  return res.status === QUEUED || res.status === STATUSES.ACCEPTED;\n}\n`,
    });
    const result = await scan({ roots: ['.'], config: customConfig, cwd: dir, types: 'off' });
    const findings = (rel: string) => result.outcomes.find((o) => o.relPath === rel)?.findings.filter((f) => f.change !== 'base-url').map((f) => [f.line, f.change, f.fix]) ?? [];
    expect(findings('src/api/checker.js')).toEqual([
      [6, 'mode-update-status-200', 'manual'],
      [13, 'location-error-422', 'manual'],
    ]);
    expect(findings('src/api/desk.js')).toEqual([]);
  });

  it('a constant compared only with the API\'s status is reported where it is defined; one also compared with an untied status (another API\'s) only where it is compared', async () => {
    writeTree(dir, {
      'lib/status.js': `'use strict';\nconst SC_BASE = 'https://old.example.test/api/';\nconst CODES = {\n  NOTHING_NEW: 202,\n  ACCEPTED: 202,\n};\nmodule.exports = { SC_BASE, CODES };\n`,
      'lib/checker.js': `'use strict';\nconst got = require('got');\nconst { CODES } = require('./status');\nasync function switchMode(token, mode) {\n  const res = await got.put(\`https://old.example.test/api/interviews/\${token}/\`, { json: { mode } });\n  if (res.statusCode === CODES.NOTHING_NEW) return null;\n  if (res.statusCode === CODES.ACCEPTED) return null;\n  return res.body;\n}\nmodule.exports = { switchMode };\n`,
      'lib/desk.js': `'use strict';\nconst got = require('got');\nconst { CODES } = require('./status');\nasync function queue(body) {\n  const res = await got.post('https://help.example.com/api/tickets/', { json: body });\n  return res.statusCode === CODES.ACCEPTED;\n}\nmodule.exports = { queue };\n`,
    });
    const result = await scan({ roots: ['.'], config: customConfig, cwd: dir, types: 'off' });
    const findings = (rel: string) => result.outcomes.find((o) => o.relPath === rel)?.findings.filter((f) => f.change !== 'base-url').map((f) => [f.line, f.change]) ?? [];
    expect(findings('lib/status.js')).toEqual([[4, 'mode-update-status-200']]);
    expect(findings('lib/checker.js')).toEqual([
      [6, 'mode-update-status-200'],
      [7, 'mode-update-status-200'],
    ]);
    expect(findings('lib/desk.js')).toEqual([]);
  });
  it('a constants file that never names the API holds a status its importers compare only with the API\'s (reported where it is defined); one compared with a desk\'s status stays', async () => {
    writeTree(dir, {
      'src/statuses.ts': `/** statuses */\nexport const MODE_UPDATE_ACCEPTED = 202;\nexport const QUEUED = 202;\n`,
      'src/effects.ts': `import { HttpClient } from '@angular/common/http';\nimport { MODE_UPDATE_ACCEPTED } from './statuses';\nexport class Effects {\n  constructor(private http: HttpClient) {}\n  setMode(token: string, mode: string) {\n    return this.http.put(\`https://old.example.test/api/interviews/\${token}/\`, { mode }, { observe: 'response' }).subscribe((res) => {\n      if (res.status === MODE_UPDATE_ACCEPTED) return;\n    });\n  }\n}\n`,
      'src/desk.ts': `import { HttpClient } from '@angular/common/http';\nimport { QUEUED } from './statuses';\nexport class Desk {\n  constructor(private http: HttpClient) {}\n  open(body: object) {\n    return this.http.post('https://help.example.com/api/tickets/', body, { observe: 'response' }).subscribe((res) => res.status === QUEUED);\n  }\n}\n`,
    });
    const result = await scan({ roots: ['.'], config: customConfig, cwd: dir, types: 'off' });
    const findings = (rel: string) => result.outcomes.find((o) => o.relPath === rel)?.findings.filter((f) => f.change !== 'base-url').map((f) => [f.line, f.change]) ?? [];
    expect(findings('src/statuses.ts')).toEqual([[2, 'mode-update-status-200']]);
    expect(findings('src/effects.ts')).toEqual([[7, 'mode-update-status-200']]);
    expect(findings('src/desk.ts')).toEqual([]);
  });

  it("an update whose body sets the mode, through a client module's method or a local wrapper, is a mode update: its 202 checks are reported; an update of other fields, and a desk's update with a mode, are not", async () => {
    writeTree(dir, {
      'src/constants.js': `'use strict';\nconst STATUS = { NOTHING_NEW: 202 };\nmodule.exports = { STATUS };\n`,
      'src/lib/sc.js': `'use strict';\nconst axios = require('axios');\nconst http = axios.create({ baseURL: 'https://old.example.test/api/' });\nfunction updateInterview(id, body) {\n  return http.put('interviews/' + id + '/', body);\n}\nmodule.exports = { updateInterview };\n`,
      'src/routes/interviews.js': `'use strict';\nconst sc = require('../lib/sc');\nconst desk = require('../lib/desk');\nconst { STATUS } = require('../constants');\nfunction setMode(id, mode) {\n  return sc.updateInterview(id, { mode: mode }).then(function (r) {\n    return r.status === STATUS.NOTHING_NEW ? null : r.data;\n  });\n}\nfunction rename(id, name) {\n  return sc.updateInterview(id, { name }).then((r) => r.status === 202);\n}\nfunction escalate(id) {\n  return desk.updateTicket(id, { mode: 'complaint' }).then((r) => r.status === 202);\n}\nmodule.exports = { setMode, rename, escalate };\n`,
      'src/lib/desk.js': `'use strict';\nconst axios = require('axios');\nfunction updateTicket(id, body) {\n  return axios.put('https://help.example.com/api/tickets/' + id + '/', body);\n}\nmodule.exports = { updateTicket };\n`,
      'src/local.js': `import axios from 'axios';\nconst put = (id, body) => axios.put(\`https://old.example.test/api/interviews/\${id}/\`, body);\nexport async function next(id) {\n  const res = await put(id, { mode: 'safe' });\n  return res.status === 202;\n}\n`,
    });
    const result = await scan({ roots: ['.'], config: customConfig, cwd: dir, types: 'off' });
    const findings = (rel: string) => result.outcomes.find((o) => o.relPath === rel)?.findings.filter((f) => f.change === 'mode-update-status-200').map((f) => f.line) ?? [];
    expect(findings('src/routes/interviews.js')).toEqual([7]);
    expect(findings('src/local.js')).toEqual([5]);
  });
});
