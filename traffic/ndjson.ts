/**
 * Newline-delimited JSON access logs, streamed line by line (node:readline over a file stream, gunzipped on the
 * fly when the file is gzip): memory stays flat whatever the size. Two forms:
 *
 * - the proxy's own access log (`sc-migrate proxy`, shim/access-log.ts): pino lines named `sc-migrate-proxy`
 *   with `msg: "request"`; its resource, operation, applied changes and client labels are taken as they are;
 * - any other NDJSON access log, read through a field mapping (DEFAULT_FIELDS, overridden with `--field`).
 */
import * as fs from 'node:fs';
import * as readline from 'node:readline';
import type { Readable } from 'node:stream';
import * as zlib from 'node:zlib';
import type { Operation, ResourceName } from '../catalogue/api';
import { addProblem, parseBody, parseTime, type InputFormat, type InputSummary, type TrafficRecord } from './record';

/** The fields a generic log line is read through: for each, the keys tried in order (dotted paths into the line). */
export interface FieldMap {
  time: string[];
  method: string[];
  url: string[];
  host: string[];
  status: string[];
  requestBody: string[];
  responseBody: string[];
  userAgent: string[];
  clientId: string[];
  authorization: string[];
  appVersion: string[];
}

export const FIELD_NAMES = ['time', 'method', 'url', 'host', 'status', 'requestBody', 'responseBody', 'userAgent', 'clientId', 'authorization', 'appVersion'] as const;

/**
 * Keys of common access-log shapes: flat (`method`, `status`), nested (`request.method`, `response.status`),
 * Elastic Common Schema (`http.request.method`, `url.original`), Kong and AWS API Gateway names.
 */
export const DEFAULT_FIELDS: FieldMap = {
  time: ['time', 'timestamp', '@timestamp', 'ts', 'started_at', 'startedDateTime', 'requestTime', 'request.time'],
  method: ['method', 'request.method', 'http.request.method', 'httpMethod', 'req.method', 'http_method'],
  url: ['url', 'request.url', 'url.original', 'uri', 'request.uri', 'path', 'request.path', 'req.url', 'request_uri', 'resourcePath'],
  host: ['host', 'request.host', 'url.domain', 'http.request.headers.host', 'request.headers.host', 'domainName'],
  status: ['status', 'response.status', 'http.response.status_code', 'statusCode', 'status_code', 'res.statusCode', 'response.statusCode'],
  requestBody: ['request_body', 'requestBody', 'request.body', 'http.request.body.content', 'req.body'],
  responseBody: ['response_body', 'responseBody', 'response.body', 'http.response.body.content', 'res.body'],
  userAgent: ['user_agent', 'userAgent', 'user_agent.original', 'request.headers.user-agent', 'http.request.headers.user-agent', 'headers.user-agent', 'req.headers.user-agent', 'ua'],
  clientId: ['client_id', 'clientId', 'consumer.id', 'consumer.username', 'authorized_client', 'oauth.client_id'],
  authorization: ['authorization', 'request.headers.authorization', 'http.request.headers.authorization', 'headers.authorization', 'req.headers.authorization'],
  appVersion: ['app_version', 'appVersion', 'request.headers.x-app-version', 'headers.x-app-version'],
};

/** `--field status=response.code` (repeatable): each named field is read from these keys only. */
export function fieldMap(overrides: readonly string[] = []): FieldMap {
  const out: FieldMap = { ...DEFAULT_FIELDS };
  for (const o of overrides) {
    const eq = o.indexOf('=');
    const name = o.slice(0, eq) as (typeof FIELD_NAMES)[number];
    if (eq <= 0 || !(FIELD_NAMES as readonly string[]).includes(name) || o.slice(eq + 1).trim() === '') {
      throw new Error(`--field '${o}': expected NAME=KEY[,KEY…] with NAME one of ${FIELD_NAMES.join(', ')}`);
    }
    out[name] = o.slice(eq + 1).split(',').map((k) => k.trim()).filter(Boolean);
  }
  return out;
}

/** A dotted key into a line; a key may itself hold dots (`http.request.method` as one flat key). */
export function lookup(node: unknown, key: string): unknown {
  if (node === null || typeof node !== 'object') return undefined;
  const o = node as Record<string, unknown>;
  if (Object.hasOwn(o, key)) return o[key];
  for (let i = key.indexOf('.'); i !== -1; i = key.indexOf('.', i + 1)) {
    const head = key.slice(0, i);
    if (Object.hasOwn(o, head)) {
      const hit = lookup(o[head], key.slice(i + 1));
      if (hit !== undefined) return hit;
    }
  }
  return undefined;
}

function first(line: unknown, keys: readonly string[]): unknown {
  for (const k of keys) {
    const v = lookup(line, k);
    if (v !== undefined && v !== null && v !== '') return v;
  }
  return undefined;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);

export const PROXY_LOG_NAME = 'sc-migrate-proxy';

/** Whether a parsed line is a `request` line of the proxy's access log. */
export function isProxyLine(o: Record<string, unknown>): boolean {
  return o['name'] === PROXY_LOG_NAME && o['msg'] === 'request';
}

/** A proxy access line → a record (api and token routes only; refusals and unknown routes are not API calls). */
export function proxyRecord(o: Record<string, unknown>, file: string, line: number): TrafficRecord | null {
  const route = o['route'];
  if (route !== 'api' && route !== 'token') return null;
  const changes = Array.isArray(o['changesApplied']) ? o['changesApplied'].filter((c): c is string => typeof c === 'string') : [];
  return {
    place: { file, line },
    time: parseTime(o['time']),
    method: str(o['method']) ?? 'GET',
    url: str(o['path']) ?? '/',
    status: typeof o['status'] === 'number' ? o['status'] : null,
    headers: null,
    proxy: {
      route,
      resource: (str(o['resource']) ?? null) as ResourceName | null,
      operation: (str(o['operation']) ?? null) as Operation | null,
      changesApplied: changes,
      ...(typeof o['client'] === 'string' ? { client: o['client'] } : {}),
      ...(typeof o['app'] === 'string' ? { app: o['app'] } : {}),
      ...(typeof o['appVersion'] === 'string' ? { appVersion: o['appVersion'] } : {}),
    },
  };
}

/** A generic access-log line → a record through the field map; null with a reason when it has no method or URL. */
export function genericRecord(o: Record<string, unknown>, fields: FieldMap, file: string, line: number, appVersionHeader: string | null): TrafficRecord | string {
  const method = str(first(o, fields.method));
  let url = str(first(o, fields.url));
  if (!method || !url) return `no ${!method ? 'method' : 'URL'} under the mapped keys (${(!method ? fields.method : fields.url).join(', ')})`;
  const host = str(first(o, fields.host));
  if (!/^https?:\/\//i.test(url) && host && url.startsWith('/')) url = `https://${host}${url}`;
  const statusValue = first(o, fields.status);
  const status = typeof statusValue === 'number' ? statusValue : typeof statusValue === 'string' && /^\d{1,3}$/.test(statusValue) ? Number(statusValue) : null;
  const headers: Record<string, string> = {};
  const ua = str(first(o, fields.userAgent));
  if (ua) headers['user-agent'] = ua;
  const auth = str(first(o, fields.authorization));
  if (auth) headers['authorization'] = auth;
  const appVersion = str(first(o, fields.appVersion));
  if (appVersion) headers[appVersionHeader ?? 'x-app-version'] = appVersion;
  const clientId = str(first(o, fields.clientId));
  return {
    place: { file, line },
    time: parseTime(first(o, fields.time)),
    method,
    url,
    status,
    headers,
    requestBody: parseBody(first(o, fields.requestBody)),
    responseBody: parseBody(first(o, fields.responseBody)),
    ...(clientId ? { clientId } : {}),
  };
}

export interface StreamOptions {
  fields: FieldMap;
  appVersionHeader: string | null;
  /** Bytes of the file read so far (for a progress bar). */
  onBytes?: (bytes: number) => void;
}

/** Open a file as text, gunzipped when it starts with gzip's magic bytes. */
export function openText(file: string, onBytes?: (bytes: number) => void): Readable {
  const fd = fs.openSync(file, 'r');
  const magic = Buffer.alloc(2);
  const n = fs.readSync(fd, magic, 0, 2, 0);
  const raw = fs.createReadStream(file, { fd, start: 0, highWaterMark: 256 * 1024 });
  let read = 0;
  if (onBytes) {
    raw.on('data', (chunk) => {
      read += chunk.length;
      onBytes(read);
    });
  }
  if (n === 2 && magic[0] === 0x1f && magic[1] === 0x8b) {
    const gunzip = zlib.createGunzip();
    raw.on('error', (err) => gunzip.destroy(err));
    return raw.pipe(gunzip);
  }
  return raw;
}

/**
 * Stream a log: each line parsed, turned into a record and handed to `onRecord` before the next is read.
 * The format of the file (proxy log or generic) is decided by its first JSON line.
 */
export async function streamLog(
  absPath: string,
  file: string,
  summary: InputSummary,
  opts: StreamOptions,
  onRecord: (r: TrafficRecord) => void,
): Promise<void> {
  const input = openText(absPath, opts.onBytes);
  const rl = readline.createInterface({ input, crlfDelay: Infinity });
  let lineNo = 0;
  let decided: InputFormat | null = summary.format === 'ndjson' ? null : summary.format;
  const onLine = (text: string) => {
    lineNo++;
    if (text.trim() === '') return;
    summary.records++;
    let o: unknown;
    try {
      o = JSON.parse(text);
    } catch {
      addProblem(summary, { file, line: lineNo }, 'not a JSON line');
      return;
    }
    if (o === null || typeof o !== 'object' || Array.isArray(o)) {
      addProblem(summary, { file, line: lineNo }, 'not a JSON object');
      return;
    }
    const line = o as Record<string, unknown>;
    if (decided === null) decided = summary.format = isProxyLine(line) || line['name'] === PROXY_LOG_NAME ? 'proxy-log' : 'ndjson';
    if (decided === 'proxy-log') {
      if (!isProxyLine(line)) return; // the proxy's other lines (listening, draining, stopped)
      const r = proxyRecord(line, file, lineNo);
      if (r) onRecord(r);
      return;
    }
    const r = genericRecord(line, opts.fields, file, lineNo, opts.appVersionHeader);
    if (typeof r === 'string') addProblem(summary, { file, line: lineNo }, r);
    else onRecord(r);
  };
  rl.on('line', onLine);
  await new Promise<void>((resolve, reject) => {
    rl.once('close', resolve);
    input.once('error', reject);
  });
}
