import { describe, expect, it } from 'vitest';
import { buildReport, findMarkers } from '../../report';
import { outcome, finding, sampleReport, TOOL } from './helpers';

describe('buildReport', () => {
  it('counts sites by kind and change, in catalogue order', () => {
    const r = sampleReport();
    expect(r.summary).toEqual({
      files: 12,
      filesWithFindings: 2,
      auto: 2,
      manual: 1,
      byChange: { 'base-url': 2, 'result-advice-test-removed': 1 },
      markers: 1,
      errors: 1,
      skipped: { ignored: 0, binary: 0, minified: 0, generated: 0, 'too-large': 0, 'parse-error': 1 },
    });
    expect(Object.keys(r.summary.byChange)).toEqual(['base-url', 'result-advice-test-removed']);
    expect(r.changes.map((c) => [c.change, c.auto, c.manual])).toEqual([
      ['base-url', 2, 0],
      ['result-advice-test-removed', 0, 1],
    ]);
  });

  it('sorts findings by file, line, column and attaches the catalogue spec passages', () => {
    const r = sampleReport();
    expect(r.findings.map((f) => `${f.file}:${f.line}:${f.column}`)).toEqual(['.env:1:5', 'src/client.ts:2:15', 'src/client.ts:5:17']);
    const manual = r.findings.find((f) => f.fix === 'manual')!;
    expect(manual.spec.map((s) => s.section)).toContain('9.5');
  });

  it('keeps failed files as errors and leaves files with nothing out', () => {
    const r = sampleReport();
    expect(r.errors).toEqual([expect.objectContaining({ file: 'src/broken.ts', message: 'Unexpected token (1:6)' })]);
    expect(r.files.map((f) => f.file)).not.toContain('src/clean.ts');
  });

  it('sorts at the same line by column even when the engine reports them out of order', () => {
    const r = buildReport(
      {
        filesScanned: 1,
        outcomes: [
          outcome('a.ts', {
            findings: [
              finding({ line: 3, column: 9, change: 'base-url', fix: 'auto' }),
              finding({ line: 3, column: 2, change: 'token-audience', fix: 'auto' }),
              finding({ line: 1, column: 40, change: 'base-url', fix: 'auto' }),
            ],
          }),
        ],
      },
      { tool: TOOL, roots: ['.'] },
    );
    expect(r.findings.map((f) => `${f.line}:${f.column}`)).toEqual(['1:40', '3:2', '3:9']);
    // token-audience comes after base-url in the catalogue, whatever the order of the sites.
    expect(Object.keys(r.summary.byChange)).toEqual(['base-url', 'token-audience']);
  });
});

describe('findMarkers', () => {
  it('finds each marker with its 1-based line, column and change id', () => {
    const text = 'a\n  // TODO(sc-migrate/base-url): x\nb // TODO(sc-migrate/token-audience): y\r\n// TODO(other): no\n';
    expect(findMarkers(text)).toEqual([
      { line: 2, column: 6, change: 'base-url', text: '// TODO(sc-migrate/base-url): x' },
      { line: 3, column: 6, change: 'token-audience', text: 'b // TODO(sc-migrate/token-audience): y' },
    ]);
  });
  it('finds nothing in text without markers, however often it is called', () => {
    expect(findMarkers('TODO(sc-migrate/base-url)')).toHaveLength(1);
    expect(findMarkers('TODO(sc-migrate/base-url)')).toHaveLength(1);
    expect(findMarkers('TODO(sc-migrate/)')).toEqual([]);
  });
});
