import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, read, tmpDir, writeTree } from '../../cli/helpers';

/** Python clients: shapes of the API's calls a team writes around its client. Beside each, a helpdesk of the same shape. */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('Python wrappers', () => {
  it("a CLI command named like the client's endpoint (set_mode calling client.set_mode) is that endpoint: a v1 mode given to it is a site", async () => {
    writeTree(dir, {
      'ops/client.py': [
        'import httpx',
        'BASE = "https://www.buoyhealth.com/api/"',
        'class Checker:',
        '    async def set_mode(self, token: str, mode: str):',
        '        return await self.http.put(BASE + f"interviews/{token}/", json={"mode": mode})',
        '',
        'class Desk:',
        '    async def set_level(self, ticket: str, level: str):',
        '        return await self.http.put(f"https://desk.example.org/api/tickets/{ticket}/", json={"level": level})',
      ].join('\n'),
      'ops/cli.py': [
        'import asyncio',
        'from ops.client import Checker, Desk',
        'def set_mode(token: str, mode: str) -> None:',
        '    asyncio.run(Checker().set_mode(token, mode))',
        'def set_level(ticket: str, level: str) -> None:',
        '    asyncio.run(Desk().set_level(ticket, level))',
        'def smoke(token: str) -> None:',
        '    asyncio.run(Checker().set_mode(token, "triage"))',
        '    asyncio.run(Desk().set_level(token, "triage"))',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'ops/cli.py')).toEqual(['8 mode-safe-triage-removed']);
    expect(read(dir, 'ops/cli.py')).toContain('Desk().set_level(token, "triage")');
  });
});
