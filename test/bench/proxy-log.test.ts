import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readProxyLog } from '../../bench/processes';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-proxy-log-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the bench reads the proxy log in chunks', () => {
  it('counts request lines and applied changes across chunk boundaries, multi-byte characters included', () => {
    const file = path.join(dir, 'proxy.log');
    const lines = [
      JSON.stringify({ level: 30, route: 'api', path: '/api/rés/', changesApplied: ['a', 'bé'], msg: 'request' }),
      JSON.stringify({ level: 30, msg: 'listening' }),
      JSON.stringify({ level: 40, route: 'api', path: '/api/ünïcode/', changesApplied: ['bé'], msg: 'request' }),
      JSON.stringify({ level: 30, route: 'api', changesApplied: [], msg: 'request' }),
    ];
    fs.writeFileSync(file, lines.join('\n'));
    // Chunks of 1–7 bytes split every line and every two-byte character.
    for (const chunk of [1, 2, 3, 5, 7, 64, 1 << 20]) {
      expect(readProxyLog(file, chunk)).toEqual({ lines: 3, changesApplied: { a: 1, 'bé': 2 } });
    }
  });
});
