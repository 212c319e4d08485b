/**
 * A large access log of the proxy, generated (never committed) for the streaming test and `npm run bench`:
 * realistic lines of several clients, app versions and changes, repeated up to a size. Written in big chunks,
 * so generating is much faster than reading.
 */
import * as fs from 'node:fs';
import { PROXY_LOG_NAME } from './ndjson';

const CLIENTS = [
  ['triage-ios', 'TriageApp', '3.2.1'],
  ['triage-ios', 'TriageApp', '3.3.0'],
  ['care-companion-android', 'CareCompanion', '2.8.0'],
  ['partner-acme', 'python-requests', '2.31.0'],
] as const;

const CALLS = [
  ['POST', '/api/interviews/anonymous/', 'interview', 'create', ['base-url', 'interview-mode-flag-removed', 'interview-profile-fields-removed'], 201],
  ['POST', '/api/complaints/', 'complaint', 'create', ['base-url', 'complaint-extra-removed'], 201],
  ['PUT', '/api/interviews/1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9/', 'interview', 'mode-update', ['base-url', 'mode-complaint-renamed-input', 'update-msg-in-links'], 200],
  ['GET', '/api/questions/?interview=[redacted]', 'question', 'list', ['base-url', 'question-preselected-removed'], 200],
  ['GET', '/api/results/0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d/', 'result', 'read', ['base-url', 'result-advice-test-removed'], 200],
] as const;

/** One block of lines (every client × every call), times spread over a day from `start`. */
function block(start: number, n: number): string {
  let out = '';
  let i = 0;
  for (const [client, app, appVersion] of CLIENTS) {
    for (const [method, path, resource, operation, changes, status] of CALLS) {
      const time = new Date(start + ((n * 97 + i++ * 13) % 86_400_000)).toISOString();
      out += `${JSON.stringify({
        level: 30,
        time,
        name: PROXY_LOG_NAME,
        route: 'api',
        method,
        path,
        legacyVersion: 'v1',
        resource,
        operation,
        changesApplied: changes,
        upstreamStatus: status,
        status,
        aborted: false,
        ms: 12.4,
        upstreamMs: 9.8,
        client,
        app,
        appVersion,
        msg: 'request',
      })}\n`;
    }
  }
  return out;
}

/** Write at least `bytes` of log to `file`; returns the number of lines. */
export function generateProxyLog(file: string, bytes: number, start = Date.UTC(2024, 4, 2)): number {
  // 256 chunks of 16 blocks each, written in turn: every line's time differs within a chunk, and writing
  // costs little more than the disk.
  const chunks = Array.from({ length: 256 }, (_, n) => {
    let text = '';
    for (let k = 0; k < 16; k++) text += block(start, n * 16 + k);
    return Buffer.from(text);
  });
  const perChunk = 16 * CLIENTS.length * CALLS.length;
  const fd = fs.openSync(file, 'w');
  let written = 0;
  let lines = 0;
  try {
    for (let n = 0; written < bytes; n++) {
      const buf = chunks[n % chunks.length]!;
      fs.writeSync(fd, buf);
      written += buf.length;
      lines += perChunk;
    }
  } finally {
    fs.closeSync(fd);
  }
  return lines;
}
