import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scan } from '../../lib';
import { cleanup, customConfig, tmpDir, writeTree } from '../cli/helpers';

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const run = async () => {
  const result = await scan({ roots: ['.'], config: customConfig, cwd: dir, types: 'off' });
  return {
    findings: (rel: string) => result.outcomes.find((o) => o.relPath === rel)?.findings.map((f) => [f.line, f.change, f.fix]) ?? [],
    output: (rel: string) => String(result.outcomes.find((o) => o.relPath === rel)?.after ?? ''),
  };
};

const CLIENT = `const axios = require('axios');\nconst http = axios.create({ baseURL: 'https://old.example.test/api/' });\nexports.getInterview = (id) => http.get(\`interviews/\${id}/\`);\nexports.setMode = (id, mode) => http.put(\`interviews/\${id}/\`, { mode });\n`;

describe('values handed to a function of another file', () => {
  it("CommonJS: a presenter called with an answer's body reads removed fields (reported, never rewritten); its status parameter is the answer's; a file the pre-scan left out is read for it", async () => {
    writeTree(dir, {
      'src/client.js': CLIENT,
      'src/presenters/interview.js': `function presentInterview(data) {\n  return { id: data.token, partner: data.marketplace || null };\n}\n\nfunction presentModeUpdate(status, data) {\n  return { changed: status !== 202, message: data.msg || null, interview: data.token ? presentInterview(data) : null };\n}\n\nmodule.exports = { presentInterview, presentModeUpdate };\n`,
      // Nothing in it names the API: only what its callers hand it ties it.
      'src/presenters/view.js': `function view(d) {\n  return { who: d.variant };\n}\nmodule.exports = { view };\n`,
      'src/routes.js': `const axios = require('axios');\nconst sc = require('./client');\nconst { presentInterview, presentModeUpdate } = require('./presenters/interview');\nconst { view } = require('./presenters/view');\nexports.show = async (id) => presentInterview((await sc.getInterview(id)).data);\nexports.look = async (id) => view((await sc.getInterview(id)).data);\nexports.mode = (id, mode) => axios.put(\`https://old.example.test/api/interviews/\${id}/\`, { mode }).then((r) => presentModeUpdate(r.status, r.data));\n`,
    });
    const { findings, output } = await run();
    expect(findings('src/presenters/interview.js')).toEqual([
      [2, 'interview-marketplace-variant-removed', 'manual'],
      [6, 'mode-update-status-200', 'manual'],
      [6, 'update-msg-in-links', 'manual'],
    ]);
    expect(findings('src/presenters/view.js')).toEqual([[2, 'interview-marketplace-variant-removed', 'manual']]);
    // Reported only: the reads and the comparison stay as written.
    expect(output('src/presenters/interview.js')).toContain('changed: status !== 202, message: data.msg || null');
    expect(output('src/presenters/interview.js')).toContain('partner: data.marketplace || null');
  });

  it('ESM/TS: an exported function and a default export, called with an answer here and in the same file', async () => {
    writeTree(dir, {
      'src/client.ts': `import axios from 'axios';\nexport const getResult = (t: string) => axios.get(\`https://old.example.test/api/results/\${t}/\`);\n`,
      'src/format.ts': `export function formatResult(r) {\n  return { advice: r.advice, tests: r.test };\n}\nexport default function summary(res) {\n  return res.advice.length;\n}\nexport function both(r) {\n  return formatResult(r);\n}\n`,
      'src/page.ts': `import summary, { formatResult, both } from './format';\nimport { getResult } from './client';\nexport async function load(t: string) {\n  const { data } = await getResult(t);\n  return [formatResult(data), summary(data), both(data)];\n}\n`,
    });
    const { findings } = await run();
    expect(findings('src/format.ts')).toEqual([
      [2, 'result-advice-test-removed', 'manual'],
      [2, 'result-advice-test-removed', 'manual'],
      [5, 'result-advice-test-removed', 'manual'],
    ]);
  });

  it('negatives: a presenter called with a helpdesk ticket, and one called with both a ticket and an interview, read nothing of the API', async () => {
    writeTree(dir, {
      'src/client.js': CLIENT,
      'src/desk.js': `const axios = require('axios');\nexports.getTicket = (id) => axios.get(\`https://desk.example.com/api/tickets/\${id}/\`);\n`,
      'src/presenters/ticket.js': `function presentTicket(data) {\n  return { partner: data.marketplace, advice: data.advice, changed: data.status !== 202 };\n}\nmodule.exports = { presentTicket };\n`,
      'src/presenters/any.js': `function presentAny(data) {\n  return { partner: data.marketplace, note: data.msg };\n}\nmodule.exports = { presentAny };\n`,
      'src/routes.js': `const sc = require('./client');\nconst desk = require('./desk');\nconst { presentTicket } = require('./presenters/ticket');\nconst { presentAny } = require('./presenters/any');\nexports.ticket = async (id) => presentTicket((await desk.getTicket(id)).data);\nexports.a = async (id) => presentAny((await sc.getInterview(id)).data);\nexports.b = async (id) => presentAny((await desk.getTicket(id)).data);\n`,
    });
    const { findings } = await run();
    expect(findings('src/presenters/ticket.js')).toEqual([]);
    expect(findings('src/presenters/any.js')).toEqual([]);
  });

  it("React: a component's destructured prop is what every render gives it (an answer's body here); a prop given the caller's own literal, or a desk ticket, is not", async () => {
    writeTree(dir, {
      'src/api.js': `import axios from 'axios';\nexport const getResult = (t) => axios.get(\`https://old.example.test/api/results/\${t}/\`);\n`,
      'src/desk.js': `import axios from 'axios';\nexport const getTicket = (t) => axios.get(\`https://desk.example.com/api/tickets/\${t}/\`);\n`,
      'src/components/Summary.jsx': `export default function Summary({ summary, title }) {\n  return <div><h1>{title}</h1><p>{summary.advice}</p></div>;\n}\n`,
      'src/components/Note.jsx': `export function Note({ summary }) {\n  return <p>{summary.advice}</p>;\n}\n`,
      'src/components/Desk.jsx': `export const Desk = ({ summary }) => <p>{summary.advice}</p>;\n`,
      'src/Page.jsx': `import Summary from './components/Summary';\nimport { Note } from './components/Note';\nimport { Desk } from './components/Desk';\nimport { getResult } from './api';\nimport { getTicket } from './desk';\nexport async function Page({ token }) {\n  const { data } = await getResult(token);\n  const ticket = (await getTicket(token)).data;\n  return <><Summary summary={data} title="x" /><Note summary={{ advice: 'rest' }} /><Desk summary={ticket} /></>;\n}\n`,
    });
    const { findings, output } = await run();
    expect(findings('src/components/Summary.jsx')).toEqual([[2, 'result-advice-test-removed', 'manual']]);
    expect(output('src/components/Summary.jsx')).toContain('<p>{summary.advice}</p>');
    expect(findings('src/components/Note.jsx')).toEqual([]);
    expect(findings('src/components/Desk.jsx')).toEqual([]);
  });
});
