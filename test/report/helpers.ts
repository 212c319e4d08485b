import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { FileOutcome, ScanResult } from '../../lib/types';
import type { Finding } from '../../codemods/types';
import { buildReport, type Report } from '../../report';

/** Test data: hosts here are test inputs, not product code. */
export const V1_SANDBOX = 'https://sandbox.buoyhealth.com/api/';
export const V2_SANDBOX = 'https://api.sandbox.buoyhealth.com/symptom-checker/v2/';

export const ROOT = '/repo/app';

export function finding(over: Partial<Finding> & Pick<Finding, 'line' | 'column' | 'change' | 'fix'>): Finding {
  return {
    endLine: over.line,
    endColumn: over.column + 10,
    message: `message for ${over.change}`,
    ...(over.fix === 'auto' ? { replacement: 'NEW' } : {}),
    ...over,
  };
}

export function outcome(relPath: string, over: Partial<FileOutcome> = {}): FileOutcome {
  const before = over.before ?? '';
  return {
    root: ROOT,
    absPath: path.posix.join(ROOT, relPath),
    relPath,
    kind: 'code',
    status: 'unchanged',
    findings: [],
    before,
    after: over.after ?? before,
    ...over,
  };
}

/**
 * A scan with every kind of entry: auto and manual findings (out of order), a marker, a failed file, a file
 * with nothing, and findings in two files with the same base-url change.
 */
export function sampleScan(): ScanResult {
  const clientBefore = [
    "import axios from 'axios';",
    `const BASE = '${V1_SANDBOX}';`,
    'export async function advice(token: string) {',
    '  const r = await axios.get(`${BASE}results/${token}/`);',
    '  return r.data.advice;',
    '}',
    '',
  ].join('\n');
  const clientAfter = clientBefore.replace(V1_SANDBOX, V2_SANDBOX);
  return {
    filesScanned: 12,
    outcomes: [
      outcome('src/client.ts', {
        status: 'changed',
        before: clientBefore,
        after: clientAfter,
        findings: [
          finding({ line: 5, column: 17, change: 'result-advice-test-removed', fix: 'manual', message: 'v2 results have no `advice`; use the triage object.' }),
          finding({ line: 2, column: 15, endColumn: 50, change: 'base-url', fix: 'auto', replacement: V2_SANDBOX }),
        ],
      }),
      outcome('.env', {
        kind: 'text',
        status: 'changed',
        before: `API=${V1_SANDBOX}\n`,
        after: `API=${V2_SANDBOX}\n`,
        findings: [finding({ line: 1, column: 5, change: 'base-url', fix: 'auto', replacement: V2_SANDBOX })],
      }),
      outcome('src/model.ts', {
        before: 'export interface R {\n  // TODO(sc-migrate/result-advice-test-removed): v2 results have no `test`\n  test?: string;\n}\n',
      }),
      outcome('src/broken.ts', { status: 'failed', before: 'const = ;', error: 'Unexpected token (1:6)' }),
      outcome('src/clean.ts', { before: 'export const x = 1;\n' }),
    ],
  };
}

export const TOOL = { name: 'sc-migrate', version: '0.1.0' };

export function sampleReport(scan: ScanResult = sampleScan()): Report {
  return buildReport(scan, { tool: TOOL, roots: [ROOT], cwd: ROOT });
}

export function tempDir(prefix = 'sc-report-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** A stream stand-in that records what is written. */
export function sink(isTTY = false): { write(s: string): boolean; isTTY: boolean; text: string } {
  return {
    isTTY,
    text: '',
    write(s: string) {
      this.text += s;
      return true;
    },
  };
}

/** The JSON report's validator, compiled in strict mode from the schema the package ships. */
export const validateReport = (() => {
  const schema = JSON.parse(fs.readFileSync(path.join(__dirname, '../../schemas/report.schema.json'), 'utf8'));
  const ajv = new Ajv({ allErrors: true, strict: true });
  addFormats(ajv);
  return ajv.compile(schema);
})();
