/**
 * Inputs of `traffic` and `replay`: each file's format is told by its content (a HAR document, or JSON lines),
 * unless `--input-format` says it; gzip is undone on the fly. Logs stream; HAR files are read whole.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readHar } from './har';
import { fieldMap, openText, streamLog, type FieldMap } from './ndjson';
import type { InputFormat, InputSummary, TrafficRecord } from './record';

export const INPUT_FORMATS = ['auto', 'har', 'proxy-log', 'ndjson'] as const;
export type InputFormatOption = (typeof INPUT_FORMATS)[number];

export function newSummary(file: string, format: InputFormat, bytes = 0): InputSummary {
  return { file, format, records: 0, bytes, tolerated: [], skipped: 0, problems: [] };
}

/** The first line of a file (at most 64 KB of it), gunzipped when need be. */
async function head(file: string): Promise<string> {
  const stream = openText(file);
  let text = '';
  try {
    for await (const chunk of stream) {
      text += (chunk as Buffer).toString('utf8');
      if (text.includes('\n') || text.length >= 65_536) break;
    }
  } finally {
    stream.destroy();
  }
  const nl = text.indexOf('\n');
  return (nl === -1 ? text : text.slice(0, nl)).replace(/^\uFEFF/, '').trim();
}

/** HAR when the file's first line is not a JSON object by itself, or is one holding `log`; JSON lines otherwise. */
export async function detectFormat(file: string): Promise<'har' | 'ndjson'> {
  if (/\.har(\.gz)?$/i.test(file)) return 'har';
  const first = await head(file);
  try {
    const o: unknown = JSON.parse(first);
    return o !== null && typeof o === 'object' && 'log' in o ? 'har' : 'ndjson';
  } catch {
    return first.startsWith('{') ? 'har' : 'ndjson';
  }
}

async function readWhole(file: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of openText(file)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export interface ReadOptions {
  format?: InputFormatOption;
  fields?: FieldMap;
  appVersionHeader?: string | null;
  /** Bytes read over all files so far, and their total. */
  onProgress?: (done: number, total: number) => void;
  /** Folder relative names are read from (they are reported as given). */
  cwd?: string;
}

/**
 * Read every file in turn and hand each record to `onRecord`. A file that cannot be read is summarised with
 * its error and the others go on.
 */
export async function readInputs(files: readonly string[], opts: ReadOptions, onRecord: (r: TrafficRecord) => void): Promise<InputSummary[]> {
  const abs = files.map((f) => path.resolve(opts.cwd ?? process.cwd(), f));
  const sizes = abs.map((f) => {
    try {
      return fs.statSync(f).size;
    } catch {
      return 0;
    }
  });
  const total = sizes.reduce((a, b) => a + b, 0);
  let before = 0;
  const summaries: InputSummary[] = [];
  for (const [i, file] of files.entries()) {
    const summary = newSummary(file, 'ndjson', sizes[i]);
    summaries.push(summary);
    try {
      if (!fs.statSync(abs[i]!).isFile()) throw new Error('not a file');
      const format = opts.format && opts.format !== 'auto' ? opts.format : await detectFormat(abs[i]!);
      summary.format = format;
      if (format === 'har') {
        for (const r of readHar(file, await readWhole(abs[i]!), summary)) onRecord(r);
        opts.onProgress?.(before + sizes[i]!, total);
      } else {
        await streamLog(
          abs[i]!,
          file,
          summary,
          { fields: opts.fields ?? fieldMap(), appVersionHeader: opts.appVersionHeader ?? null, onBytes: (n) => opts.onProgress?.(before + n, total) },
          onRecord,
        );
      }
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      summary.error = e.code === 'ENOENT' ? 'no such file' : e.code === 'EACCES' ? 'permission denied' : (e.message ?? 'could not be read').slice(0, 200);
    }
    before += sizes[i]!;
  }
  return summaries;
}
