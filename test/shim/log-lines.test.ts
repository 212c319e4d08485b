import { spawn } from 'node:child_process';
/**
 * The access line is serialised by hand (shim/access-log.ts) and log lines are batched by
 * shim/log-destination.ts: the line must be what pino would have written for the same fields, and the
 * destination must keep every line, in order.
 */
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AccessLog } from '../../shim/access-log';
import { BatchedDestination } from '../../shim/log-destination';
import type { RequestState } from '../../shim/state';
import { createLogger } from '../../shim/telemetry';
import { LogSink } from './helpers';

const dirs: string[] = [];
afterEach(() => {
  while (dirs.length) fs.rmSync(dirs.pop()!, { recursive: true, force: true });
});

function state(over: Partial<RequestState>): RequestState {
  return {
    req: {} as http.IncomingMessage,
    res: {} as http.ServerResponse,
    route: 'api',
    method: 'GET',
    logPath: '/api/questions/?interview=[redacted]',
    pin: '2020-06',
    resource: 'questions' as RequestState['resource'],
    operation: 'list',
    changes: [],
    requestBody: undefined,
    applied: new Set(),
    publicBase: 'http://127.0.0.1:1',
    started: 100,
    forwardedAt: 101,
    upstreamHeadersAt: 103.26,
    upstreamStatus: 200,
    finished: true,
    ...over,
  };
}

describe('access lines', () => {
  it.each([
    ['a plain success', state({}), 200, false, ['base-url', 'x-y'], { client: 'c "1"', app: 'App\\1', appVersion: '1.0' }],
    ['a refusal with a reason and no labels', state({ route: 'refused', pin: null, resource: null, operation: null, upstreamStatus: undefined, forwardedAt: undefined, reason: 'bad-host' }), 400, false, [], null],
    ['a cut exchange', state({ logPath: '/api/ü\n"x"', reason: 'upstream-cut' }), 0, true, [], { client: 'other', app: 'other', appVersion: 'other' }],
  ] as const)('are what pino writes for the same fields: %s', (_name, st, status, aborted, applied, labels) => {
    const ours = new LogSink();
    const theirs = new LogSink();
    const logger = createLogger(ours).child({ worker: 2 });
    new AccessLog(logger, 1).write(st, status, aborted, applied, labels, 110.04);
    const reference = createLogger(theirs).child({ worker: 2 });
    const level = status >= 500 || (status === 0 && st.reason === 'upstream-cut') ? 'error' : status >= 400 || status === 0 ? 'warn' : 'info';
    reference[level](
      {
        route: st.route,
        method: st.method,
        path: st.logPath,
        legacyVersion: st.pin,
        resource: st.resource,
        operation: st.operation,
        changesApplied: applied,
        upstreamStatus: st.upstreamStatus ?? null,
        status,
        aborted,
        ms: 10,
        upstreamMs: st.forwardedAt !== undefined ? 2.3 : null,
        ...(labels ? { client: labels.client, app: labels.app, appVersion: labels.appVersion } : {}),
        ...(st.reason !== undefined ? { reason: st.reason } : {}),
      },
      'request',
    );
    const [a, b] = [ours.records[0]!, theirs.records[0]!];
    expect(Object.keys(a)).toEqual(Object.keys(b));
    expect({ ...a, time: 0 }).toEqual({ ...b, time: 0 });
    expect(Date.parse(a.time as string)).not.toBeNaN();
  });

  it('respect the logger level', () => {
    const sink = new LogSink();
    const log = new AccessLog(createLogger(sink, { level: 'warn' }), 1);
    log.write(state({}), 200, false, [], null, 110);
    log.write(state({ reason: 'not-found' }), 404, false, [], null, 110);
    expect(sink.records.map((r) => r.status)).toEqual([404]);
  });
});

describe('the batched log destination', () => {
  it('writes every line, in order, and flush() waits until they are out', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-log-'));
    dirs.push(dir);
    const file = path.join(dir, 'log');
    const fd = fs.openSync(file, 'w');
    const dest = new BatchedDestination(fd, 1024, 50);
    const lines = Array.from({ length: 2000 }, (_, i) => `{"n":${i},"s":"${'é'.repeat(i % 7)}"}\n`);
    for (const l of lines) dest.write(l);
    await new Promise<void>((resolve) => dest.flush(() => resolve()));
    expect(fs.readFileSync(file, 'utf8')).toBe(lines.join(''));
    dest.write('{"last":true}\n');
    dest.flushSync();
    expect(fs.readFileSync(file, 'utf8').endsWith('{"last":true}\n')).toBe(true);
    fs.closeSync(fd);
  });

  it('a descriptor that would block (a non-blocking pipe whose reader is late) gets the rest of a batch later, nothing lost or written twice', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-log-'));
    dirs.push(dir);
    const out = path.join(dir, 'out');
    // The reader starts late: the pipe's buffer (64 KB) fills and the synchronous write stops at EAGAIN mid-batch.
    const reader = spawn('sh', ['-c', `sleep 0.3; cat > '${out}'`], { stdio: ['pipe', 'ignore', 'ignore'] });
    const fd = (reader.stdin as unknown as { _handle: { fd: number } })._handle.fd;
    const dest = new BatchedDestination(fd, 256 * 1024, 50);
    const lines = Array.from({ length: 20000 }, (_, i) => `{"n":${i},"pad":"${'x'.repeat(40)}"}\n`);
    for (const l of lines) dest.write(l);
    await new Promise<void>((resolve) => dest.flush(() => resolve()));
    reader.stdin!.end();
    await new Promise((resolve) => reader.once('exit', resolve));
    expect(fs.readFileSync(out, 'utf8')).toBe(lines.join(''));
  });
});
