import { describe, expect, it } from 'vitest';
import { missingNodeFlags, PROXY_NODE_FLAGS, workerExecArgv } from '../../shim/node-flags';
import { configFor } from './helpers';
import { spawnProxy, writeConfig } from './process';
import { processSuite } from './suite';
import { sendJson } from './upstream';

const suite = processSuite();

describe("the proxy's node flags", () => {
  it('a process started without --no-memory-reducer is told so; one started with it is not', () => {
    expect(PROXY_NODE_FLAGS).toContain('--no-memory-reducer');
    expect(missingNodeFlags(['--enable-source-maps'])).toEqual(['--no-memory-reducer']);
    expect(missingNodeFlags(['--no-memory-reducer', '--enable-source-maps'])).toEqual([]);
  });

  it("a worker keeps the primary's flags and gains the proxy's, without repeating one the primary has", () => {
    expect(workerExecArgv(['--inspect=0'])).toEqual(['--inspect=0', '--no-memory-reducer']);
    expect(workerExecArgv(['--no-memory-reducer'])).toEqual(['--no-memory-reducer']);
  });

  it('the proxy started without the flag logs one warn line naming it, and serves; started with it, no such line', async () => {
    const up = await suite.upstream((_req, res) => sendJson(res, 200, {}));
    const config = writeConfig(configFor(up.url));
    const bare = await spawnProxy(suite.main, config);
    suite.defer(() => bare.stop());
    const flagged = await spawnProxy(suite.main, config, [], {}, undefined, ['--no-memory-reducer']);
    suite.defer(() => flagged.stop());
    const warned = bare.logs.filter((l) => l.event === 'node-flags');
    expect(warned).toHaveLength(1);
    // pino's level 40 is warn.
    expect(warned[0]).toMatchObject({ level: 40, missing: ['--no-memory-reducer'] });
    expect(flagged.logs.filter((l) => l.event === 'node-flags')).toEqual([]);
  }, 60_000);
});
