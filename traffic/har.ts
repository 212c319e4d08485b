/**
 * HAR 1.2 files (browser devtools, Charles, Proxyman, mitmproxy): validated entry by entry against the HAR
 * JSON Schema of the `har-schema` package. Exporters deviate from the format in known, harmless ways; each of
 * those is a rule below that names what it tolerates, and is counted in the input's summary. Any other schema
 * error leaves its entry out, reported with the schema's words (never the entry's values). A HAR is one JSON
 * document, so a file is read whole (logs are streamed: traffic/ndjson.ts).
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { lazyModule } from '../lib/lazy';
import { addProblem, headerMap, parseBody, parseTime, type InputSummary, type TrafficRecord } from './record';

interface Deviation {
  id: string;
  description: string;
  /** Whether a schema error of an entry (path relative to the entry) or of the log is this deviation. */
  test(path: string, e: ErrorObject, value: unknown): boolean;
}

const missing = (e: ErrorObject) => (e.keyword === 'required' ? (e.params as { missingProperty: string }).missingProperty : null);

/** Deviations of real exporters that do not affect what `traffic` and `replay` read. */
export const DEVIATIONS: readonly Deviation[] = [
  {
    id: 'server-address',
    description: '`serverIPAddress` is not a bare IPv4 or IPv6 address (IPv6 in brackets, empty)',
    test: (p) => p === '/serverIPAddress',
  },
  {
    id: 'cookie-expires',
    description: 'a cookie `expires` is not an ISO 8601 date-time (an HTTP date, `Session`)',
    test: (p) => /^\/(request|response)\/cookies\/\d+\/expires$/.test(p),
  },
  {
    id: 'timings',
    description: '`timings` missing, incomplete or with null phases',
    test: (p, e) => p.startsWith('/timings') || (p === '' && missing(e) === 'timings'),
  },
  {
    id: 'cache',
    description: 'entry without `cache`',
    test: (p, e) => p === '' && missing(e) === 'cache',
  },
  {
    id: 'sizes',
    description: '`headersSize`, `bodySize` or `content.size` missing or not a whole number',
    test: (p, e) =>
      /^\/(request|response)\/(headersSize|bodySize)$/.test(p) ||
      p === '/response/content/size' ||
      (/^\/(request|response)(\/content)?$/.test(p) && ['headersSize', 'bodySize', 'size'].includes(missing(e) ?? '')),
  },
  {
    id: 'text-fields',
    description: '`httpVersion`, `statusText`, `redirectURL`, `mimeType` or a `comment` missing or null',
    test: (p, e, v) =>
      /^\/(request|response)(\/content|\/postData)?$/.test(p) && ['httpVersion', 'statusText', 'redirectURL', 'mimeType'].includes(missing(e) ?? '')
        ? true
        : v === null && /\/(httpVersion|statusText|redirectURL|mimeType|comment|pageref|connection|encoding)$/.test(p),
  },
  {
    id: 'lists',
    description: '`cookies`, `queryString` or `headers` missing, or a header or query value not a string',
    test: (p, e) =>
      (/^\/(request|response)$/.test(p) && ['cookies', 'queryString', 'headers'].includes(missing(e) ?? '')) ||
      /^\/(request|response)\/(headers|queryString|cookies)\/\d+\/value$/.test(p),
  },
  {
    id: 'url-form',
    description: 'a request URL that is not a strict URI but parses as a URL (unencoded spaces, braces)',
    test: (p, e, v) => p === '/request/url' && e.keyword === 'format' && typeof v === 'string' && URL.canParse(v),
  },
  {
    id: 'time-form',
    description: '`startedDateTime` not in the pattern HAR asks for but a readable date, or `time` missing',
    test: (p, e, v) => (p === '/startedDateTime' && typeof v === 'string' && !Number.isNaN(Date.parse(v))) || (p === '' && missing(e) === 'time') || p === '/time',
  },
  {
    id: 'log-header',
    description: '`log.version`, `log.creator.version` or parts of `log.pages` missing',
    test: (p, e) => p.startsWith('/pages') || p === '/creator' || (p === '' && missing(e) === 'version'),
  },
];

let validators: { entry: ValidateFunction; log: ValidateFunction } | null = null;
/** The validator and the schemas, loaded with the first HAR file rather than with every command (70 ms). */
const ajvModule = lazyModule<typeof import('ajv')>('ajv');
const ajvFormats = lazyModule<typeof import('ajv-formats')>('ajv-formats');
const draft06 = lazyModule<object>('ajv/dist/refs/json-schema-draft-06.json');
const harSchemas = lazyModule<Record<string, object>>('har-schema');

function compile(): { entry: ValidateFunction; log: ValidateFunction } {
  if (validators) return validators;
  const ajv = new (ajvModule().default)({ allErrors: true, strict: false, validateSchema: false });
  ajv.addMetaSchema(draft06());
  ajvFormats().default(ajv, ['date-time', 'uri', 'ipv4', 'ipv6']);
  for (const schema of Object.values(harSchemas())) ajv.addSchema(schema);
  validators = { entry: ajv.getSchema('entry.json#')!, log: ajv.getSchema('log.json#')! };
  return validators;
}

function at(root: unknown, pointer: string): unknown {
  let node = root;
  for (const seg of pointer.split('/').slice(1)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[seg.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node;
}

/** The schema errors not explained by a known deviation; counts the tolerated ones in `summary`. */
function untolerated(errors: ErrorObject[], root: unknown, summary: InputSummary): ErrorObject[] {
  const out: ErrorObject[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    // `oneOf`/`anyOf` report their branches too; the branch errors decide.
    const d = DEVIATIONS.find((x) => x.test(e.instancePath, e, at(root, e.instancePath)));
    if (!d) {
      out.push(e);
      continue;
    }
    if (seen.has(d.id)) continue;
    seen.add(d.id);
    const t = summary.tolerated.find((x) => x.id === d.id);
    if (t) t.count++;
    else summary.tolerated.push({ id: d.id, description: d.description, count: 1 });
  }
  return out;
}

/** `request.method: must be string` (schema words and the path; no value of the entry). */
function describe(e: ErrorObject): string {
  const where = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const m = missing(e);
  if (m !== null) return `${where ? `${where}.` : ''}${m} is missing`;
  return `${where || 'entry'} ${e.message ?? 'is invalid'}`;
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const list = (v: unknown): Obj[] => (Array.isArray(v) ? (v as Obj[]) : []);

/** One valid (or tolerated) entry as a record. */
function toRecord(file: string, index: number, entry: Obj): TrafficRecord | null {
  const request = obj(entry['request']);
  const response = obj(entry['response']);
  if (typeof request['method'] !== 'string' || typeof request['url'] !== 'string') return null;
  const post = obj(request['postData']);
  const content = obj(response['content']);
  const postText = typeof post['text'] === 'string' ? post['text'] : undefined;
  const postMime = typeof post['mimeType'] === 'string' ? post['mimeType'] : undefined;
  let requestBody = parseBody(postText, { mimeType: postMime });
  if (requestBody === undefined && list(post['params']).length > 0) {
    requestBody = Object.fromEntries(list(post['params']).map((p) => [String(p['name']), p['value'] === undefined ? '' : String(p['value'])]));
  }
  const status = typeof response['status'] === 'number' ? response['status'] : null;
  return {
    place: { file, entry: index + 1 },
    time: parseTime(entry['startedDateTime']),
    method: request['method'],
    url: request['url'],
    status,
    headers: headerMap(list(request['headers'])),
    requestBody,
    ...(postText !== undefined ? { requestText: postText } : {}),
    responseHeaders: headerMap(list(response['headers'])),
    responseBody: parseBody(content['text'], {
      base64: content['encoding'] === 'base64',
      mimeType: typeof content['mimeType'] === 'string' ? content['mimeType'] : undefined,
    }),
  };
}

/** Read a HAR document: its records in file order, and what was tolerated or left out (in `summary`). */
export function readHar(file: string, text: string, summary: InputSummary): TrafficRecord[] {
  let doc: unknown;
  try {
    doc = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    throw new Error('not valid JSON');
  }
  const log = obj(obj(doc)['log']);
  if (!Array.isArray(log['entries'])) throw new Error('not a HAR file: no log.entries list');
  const { entry: validateEntry, log: validateLog } = compile();
  const entries = log['entries'] as unknown[];
  const head = { ...log, entries: [] };
  if (!validateLog(head)) {
    const bad = untolerated(validateLog.errors ?? [], head, summary);
    if (bad.length > 0) throw new Error(`not a HAR 1.2 log: ${bad.slice(0, 3).map(describe).join('; ')}`);
  }
  const creator = obj(log['creator']);
  if (typeof creator['name'] === 'string') summary.creator = `${creator['name']}${typeof creator['version'] === 'string' ? ` ${creator['version']}` : ''}`.slice(0, 80);
  const out: TrafficRecord[] = [];
  entries.forEach((entry, i) => {
    summary.records++;
    if (!validateEntry(entry)) {
      const bad = untolerated(validateEntry.errors ?? [], entry, summary);
      if (bad.length > 0) {
        addProblem(summary, { file, entry: i + 1 }, `not a HAR 1.2 entry: ${bad.slice(0, 3).map(describe).join('; ')}`);
        return;
      }
    }
    const record = toRecord(file, i, obj(entry));
    if (record) out.push(record);
    else addProblem(summary, { file, entry: i + 1 }, 'no request method or URL');
  });
  return out;
}
