import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scan } from '../../lib';
import { cleanup, customConfig, tmpDir, writeTree } from '../cli/helpers';

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const V1 = 'https://old.example.test/api/';

describe('path builders of another file', () => {
  it('a map of path functions and a path function exported by a routes module address the resources they return (a desk\'s on its own host do not)', async () => {
    writeTree(dir, {
      'src/routes.ts': `export const ROUTES = {\n  intent: (id: string) => \`intents/\${id}/\`,\n  complaint(id: string) {\n    return 'complaints/' + id + '/';\n  },\n};\nexport function interviewRoute(id: string) {\n  return \`interviews/\${id}/\`;\n}\n`,
      'src/client.ts': `import { ROUTES, interviewRoute } from './routes';\nconst ROOT = process.env.CHECKER_ROOT;\nconst url = (rel: string) => \`\${ROOT}\${rel}\`;\nexport const amendIntent = (id: string) => fetch(url(ROUTES.intent(id)), { method: 'PUT', body: JSON.stringify({ intent: 'care', detail: 'soon' }) });\nexport const amendComplaint = (id: string, extra: object) => fetch(url(ROUTES.complaint(id)), { method: 'PUT', body: JSON.stringify({ text: 'x', extra }) });\nexport async function setStep(id: string) {\n  const res = await fetch(url(interviewRoute(id)), { method: 'PUT', body: JSON.stringify({ mode: 'symptoms' }) });\n  return res.status === 202;\n}\nexport const base = '${V1}';\n`,
      'src/desk-routes.ts': `export const DESK_ROUTES = { complaint: (id: string) => \`complaints/\${id}/\` };\n`,
      'src/desk.ts': `import { DESK_ROUTES } from './desk-routes';\nconst DESK = 'https://desk.example.com/api/';\nconst url = (rel: string) => \`\${DESK}\${rel}\`;\nexport const escalate = (id: string, extra: object) => fetch(url(DESK_ROUTES.complaint(id)), { method: 'PUT', body: JSON.stringify({ mode: 'complaint', extra }) });\n`,
    });
    const result = await scan({ roots: ['.'], config: customConfig, cwd: dir, types: 'off' });
    const findings = (rel: string) => result.outcomes.find((o) => o.relPath === rel)?.findings.map((f) => [f.line, f.change, f.fix]) ?? [];
    expect(findings('src/client.ts')).toEqual([
      [4, 'intent-detail-context-removed', 'auto'],
      [5, 'complaint-extra-removed', 'manual'],
      [5, 'complaint-extra-removed', 'auto'],
      [8, 'mode-update-status-200', 'manual'],
      [10, 'base-url', 'auto'],
    ]);
    expect(findings('src/desk.ts')).toEqual([]);
    expect(findings('src/desk-routes.ts')).toEqual([]);
  });
});
