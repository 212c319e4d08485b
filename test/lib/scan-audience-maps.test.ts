import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scan } from '../../lib';
import { cleanup, customConfig, tmpDir, writeTree } from '../cli/helpers';

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('audiences taken from a map of bases of another file', () => {
  it("a token getter that falls back to an imported map of v1 bases is reported where it returns it; one that falls back to another service's map is not", async () => {
    writeTree(dir, {
      'lib/constants.js': `export const SC_BASES = Object.freeze({\n  sandbox: 'https://old-staging.example.test/api/',\n  production: 'https://old.example.test/api/',\n});\nexport const DESK_BASES = Object.freeze({ sandbox: 'https://help.example.com/api/', production: 'https://help.example.org/api/' });\n`,
      'lib/token.js': `import { SC_BASES } from './constants';\nconst env = () => process.env.APP_ENV || 'sandbox';\nexport function getAudience() {\n  return process.env.SC_AUDIENCE || SC_BASES[env()];\n}\nexport async function getAccessToken(url) {\n  const res = await fetch(url, { method: 'POST', body: JSON.stringify({ client_id: 'x', audience: getAudience(), grant_type: 'client_credentials' }) });\n  return (await res.json()).access_token;\n}\n`,
      'lib/desk-token.js': `import { DESK_BASES } from './constants';\nexport function getAudience() {\n  return process.env.DESK_AUDIENCE || DESK_BASES[process.env.APP_ENV];\n}\nexport async function deskToken(url) {\n  const res = await fetch(url, { method: 'POST', body: JSON.stringify({ client_id: 'd', audience: getAudience(), grant_type: 'client_credentials' }) });\n  return (await res.json()).access_token;\n}\n`,
    });
    const result = await scan({ roots: ['.'], config: customConfig, cwd: dir, types: 'off' });
    const findings = (rel: string) => result.outcomes.find((o) => o.relPath === rel)?.findings.map((f) => [f.line, f.change, f.message.slice(0, 30)]) ?? [];
    expect(findings('lib/token.js')).toEqual([
      [4, 'token-audience', 'the audience here is the API b'],
      [7, 'token-audience', 'the token request audience is '],
    ]);
    expect(findings('lib/desk-token.js')).toEqual([[6, 'token-audience', 'the token request audience is ']]);
  });
});
