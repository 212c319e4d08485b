import { describe, expect, it } from 'vitest';
import { buildReport, formatText } from '../../report';
import { finding, outcome, ROOT, sampleReport, sampleScan, TOOL } from './helpers';

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/;

/** Rows of a two-space-separated table that follows `heading`, up to the blank line. */
function tableAfter(text: string, heading: string): string[][] {
  const lines = text.split('\n');
  const start = lines.indexOf(heading);
  expect(start).toBeGreaterThanOrEqual(0);
  const rows: string[][] = [];
  for (let i = start + 1; i < lines.length && lines[i] !== ''; i++) rows.push(lines[i]!.trim().split(/\s{2,}/));
  return rows;
}

describe('report --format text', () => {
  const text = formatText(sampleReport());

  it('starts with the totals', () => {
    expect(text.split('\n')[0]).toBe(
      'sc-migrate report: 3 v2 sites in 2 files of 12 scanned; 2 automatic, 1 manual; 1 open marker; 1 unreadable file',
    );
  });

  it('has a table by change and a table by file', () => {
    expect(tableAfter(text, 'By change')).toEqual([
      ['change', 'auto', 'manual', 'title'],
      ['base-url', '2', '0', expect.any(String)],
      ['result-advice-test-removed', '0', '1', 'Results lose `advice` and `test`'],
    ]);
    expect(tableAfter(text, 'By file')).toEqual([
      ['file', 'auto', 'manual', 'markers'],
      ['.env', '1', '0', '0'],
      ['src/client.ts', '1', '1', '0'],
      ['src/model.ts', '0', '0', '1'],
    ]);
  });

  it('lists each site with position, kind, change and message; auto sites with their replacement', () => {
    expect(text).toMatch(/^ {2}2:15 +auto +base-url +message for base-url\n +→ https:\/\/api\.sandbox/m);
    expect(text).toMatch(/^ {2}5:17 +manual +result-advice-test-removed +v2 results have no `advice`/m);
    expect(text).toMatch(/^ {2}2:6 +marker +result-advice-test-removed +\/\/ TODO\(sc-migrate\/result-advice-test-removed\)/m);
    expect(text).toContain('src/broken.ts: Unexpected token (1:6)');
  });

  it('has colours only when asked (the command asks on a TTY only)', () => {
    expect(text).not.toMatch(ANSI);
    expect(formatText(sampleReport(), { color: true })).toMatch(ANSI);
  });

  it('does not pass control characters from scanned file names to the terminal', () => {
    const scan = sampleScan();
    scan.outcomes.push(outcome('evil\u001b[2J.ts', { findings: [finding({ line: 1, column: 1, change: 'base-url', fix: 'manual' })] }));
    const out = formatText(buildReport(scan, { tool: TOOL, roots: ['/repo/app'] }));
    expect(out).not.toContain('\u001b');
    expect(out).toContain('evil\\x1b[2J.ts');
  });

  it('says so when nothing is left', () => {
    expect(formatText(buildReport({ filesScanned: 4, outcomes: [] }, { tool: TOOL, roots: ['.'] }))).toContain('No v1 usage found.');
  });

  it('never calls a tree with an unparseable file clean', () => {
    const broken = outcome('src/broken.ts', { status: 'failed', error: 'cannot parse: line 1, column 6: Unexpected token' });
    const out = formatText(buildReport({ filesScanned: 4, outcomes: [broken] }, { tool: TOOL, roots: [ROOT], cwd: ROOT }));
    expect(out).not.toContain('No v1 usage found.');
    expect(out).toContain('No v1 usage found in the files that could be read; 1 file could not.');
    expect(out).toContain('src/broken.ts: cannot parse: line 1, column 6');
  });
});
