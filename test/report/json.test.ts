import { describe, expect, it } from 'vitest';
import { formatJson } from '../../report';
import { sampleReport, validateReport } from './helpers';

describe('report --format json', () => {
  const text = formatJson(sampleReport());
  const doc = JSON.parse(text);

  it('is one JSON document valid against schemas/report.schema.json', () => {
    const ok = validateReport(doc);
    expect(validateReport.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it('carries the summary and findings the issue specifies', () => {
    expect(doc.schemaVersion).toBe(1);
    expect(doc.tool).toEqual({ name: 'sc-migrate', version: '0.1.0' });
    expect(doc.summary).toMatchObject({ files: 12, filesWithFindings: 2, auto: 2, manual: 1, byChange: { 'base-url': 2 } });
    expect(doc.findings[0]).toMatchObject({ file: '.env', line: 1, column: 5, change: 'base-url', fix: 'auto' });
    expect(doc.findings.map((f: { file: string; line: number }) => `${f.file}:${f.line}`)).toEqual(['.env:1', 'src/client.ts:2', 'src/client.ts:5']);
    expect(doc.errors).toEqual([{ file: 'src/broken.ts', root: '/repo/app', message: 'Unexpected token (1:6)' }]);
  });

  it('the schema rejects documents that break the contract', () => {
    const bad = (mutate: (d: typeof doc) => void) => {
      const d = JSON.parse(text);
      mutate(d);
      return validateReport(d);
    };
    expect(bad((d) => delete d.findings[0].change)).toBe(false);
    expect(bad((d) => (d.findings[0].fix = 'maybe'))).toBe(false);
    expect(bad((d) => delete d.findings[0].replacement)).toBe(false); // auto needs its replacement
    expect(bad((d) => (d.findings[0].file = 'src\\client.ts'))).toBe(false);
    expect(bad((d) => (d.findings[0].line = 0))).toBe(false);
    expect(bad((d) => (d.summary.undocumented = 1))).toBe(false);
    expect(bad((d) => (d.findings[0].role = 'split'))).toBe(true);
    expect(bad((d) => (d.findings[0].role = 'guess'))).toBe(false);
  });
});
