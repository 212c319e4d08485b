import { describe, expect, it } from 'vitest';
import { buildReport, escapeData, escapeProperty, formatCheckText, formatGithub } from '../../report';
import { finding, outcome, sampleReport, sampleScan, TOOL } from './helpers';

/** Parse a workflow command back the way the runner does: `::name k=v,k=v::data`, then unescape. */
function parseCommand(line: string): { name: string; props: Record<string, string>; data: string } | null {
  const m = /^::([a-z]+)(?: ([^:]*))?::(.*)$/.exec(line);
  if (!m) return null;
  const unData = (s: string) => s.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');
  const unProp = (s: string) => unData(s.replace(/%3A/g, ':').replace(/%2C/g, ','));
  const props: Record<string, string> = {};
  for (const kv of (m[2] ?? '').split(',').filter(Boolean)) {
    const i = kv.indexOf('=');
    props[kv.slice(0, i)] = unProp(kv.slice(i + 1));
  }
  return { name: m[1]!, props, data: unData(m[3]!) };
}

describe('check --format github', () => {
  it('escapes data and properties as GitHub requires', () => {
    expect(escapeData('100% done\r\nnext')).toBe('100%25 done%0D%0Anext');
    expect(escapeProperty('a:b,c%\n')).toBe('a%3Ab%2Cc%25%0A');
  });

  it('prints one annotation per site, marker and unparseable file, with paths relative to the current directory', () => {
    const out = formatGithub(buildReport(sampleScan(), { tool: TOOL, roots: ['/repo/app'], cwd: '/repo' }));
    const lines = out.trimEnd().split('\n');
    const cmds = lines.map(parseCommand);
    expect(cmds.slice(0, -1).every((c) => c !== null)).toBe(true);
    expect(cmds.at(-1)).toBeNull(); // the summary is plain text
    expect(lines.at(-1)).toMatch(/^sc-migrate check: failed: 5 things to do \(2 for sc-migrate run, 1 open marker, 1 manual site without a marker, 1 unparseable file\)/);
    const parsed = cmds.slice(0, -1) as NonNullable<ReturnType<typeof parseCommand>>[];
    expect(parsed.map((c) => [c.name, c.props.file, c.props.line, c.props.title])).toEqual([
      ['warning', 'app/.env', '1', 'sc-migrate: base-url'],
      ['error', 'app/src/broken.ts', undefined, 'sc-migrate: unparseable file'],
      ['warning', 'app/src/client.ts', '2', 'sc-migrate: base-url'],
      ['warning', 'app/src/client.ts', '5', 'sc-migrate: result-advice-test-removed'],
      ['warning', 'app/src/model.ts', '2', 'sc-migrate: result-advice-test-removed'],
    ]);
    expect(parsed[3]!.props.col).toBe('17');
    expect(parsed[3]!.data).toBe('v2 results have no `advice`; use the triage object.');
  });

  it('a file name or message with , : % and newlines survives the round trip', () => {
    const scan = sampleScan();
    scan.outcomes.push(
      outcome('we,ird:na%me.ts', {
        findings: [finding({ line: 3, column: 4, change: 'base-url', fix: 'manual', message: 'line one\nline two: 50%, done\r' })],
      }),
    );
    const out = formatGithub(buildReport(scan, { tool: TOOL, roots: ['/repo/app'], cwd: '/repo/app' }));
    const line = out.split('\n').find((l) => l.includes('we%2Cird'))!;
    expect(line.split('::')).toHaveLength(3); // no stray separators
    const c = parseCommand(line)!;
    expect(c.props.file).toBe('we,ird:na%me.ts');
    expect(c.data).toBe('line one\nline two: 50%, done\r');
  });

  it('prints only the clean summary when nothing is left', () => {
    const clean = buildReport({ filesScanned: 5, outcomes: [], skipped: { ignored: 2, binary: 1, minified: 0, generated: 0, 'too-large': 0, 'parse-error': 0 } }, { tool: TOOL, roots: ['src'] });
    expect(formatGithub(clean)).toBe('sc-migrate check: clean (5 files scanned, no v1 usage, no open markers; files skipped: 2 ignored, 1 binary)\n');
  });
});

describe('check --format text', () => {
  it('lists file:line:col with what remains, then the verdict', () => {
    const out = formatCheckText(sampleReport());
    expect(out).toContain('src/client.ts:5:17  v1  result-advice-test-removed  v2 results have no `advice`');
    expect(out).toContain('src/model.ts:2:6  marker  result-advice-test-removed  open marker: // TODO(sc-migrate/result-advice-test-removed)');
    expect(out).toContain('src/broken.ts  error  Unexpected token (1:6)');
    expect(out.trimEnd().split('\n').at(-1)).toMatch(/^sc-migrate check: failed/);
  });
});
