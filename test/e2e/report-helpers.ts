import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { expect } from 'vitest';
import { runReport } from '../../cli/commands/report';
import { captureIo } from '../cli/helpers';

/** The `report --format json` of a folder, and what the end-to-end tests compare it with. */

export interface JsonFinding {
  file: string;
  line: number;
  column: number;
  change: string;
  fix: 'auto' | 'manual';
}
export interface JsonReport {
  findings: JsonFinding[];
  markers?: { file: string; line: number; change: string }[];
  errors: { file: string; message: string }[];
}

export async function reportJson(root: string, extra: { types?: 'auto' | 'off'; config?: string } = {}): Promise<JsonReport> {
  const io = captureIo();
  const code = await runReport({ paths: ['.'], format: 'json', config: extra.config, types: extra.types }, io, root);
  expect(code, io.err()).toBe(0);
  return JSON.parse(io.out()) as JsonReport;
}

/** Every file under `dir` with the hash of its bytes and its mtime, in a stable order. */
export function snapshot(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const abs = path.join(d, e.name);
      const rel = path.relative(dir, abs).split(path.sep).join('/');
      if (e.isDirectory()) {
        out.push(`${rel}/`);
        walk(abs);
      } else {
        const st = fs.statSync(abs);
        out.push(`${rel} ${createHash('sha256').update(fs.readFileSync(abs)).digest('hex')} ${st.mtimeMs} ${st.mode}`);
      }
    }
  };
  walk(dir);
  return out;
}

export const sorted = (xs: string[]) => [...xs].sort();
export const key = (f: JsonFinding) => `${f.file}:${f.line}:${f.change}`;
