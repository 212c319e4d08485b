import { marked, type Token, type Tokens } from 'marked';
import { describe, expect, it } from 'vitest';
import { formatMarkdown } from '../../report';
import { finding, outcome, sampleReport, sampleScan } from './helpers';
import { buildReport } from '../../report';

function walk(tokens: Token[], visit: (t: Token) => void): void {
  for (const t of tokens) {
    visit(t);
    const nested = (t as { tokens?: Token[]; items?: Token[] }).tokens ?? [];
    walk(nested, visit);
    if (t.type === 'list') walk((t as Tokens.List).items, visit);
    if (t.type === 'table') {
      const table = t as Tokens.Table;
      for (const c of [...table.header, ...table.rows.flat()]) walk(c.tokens, visit);
    }
  }
}

/** Headings and, under each `###` heading, its task items (text and checked state). */
function plan(md: string) {
  const tokens = marked.lexer(md, { gfm: true });
  const sections: { file: string; tasks: string[] }[] = [];
  let table: Tokens.Table | undefined;
  for (const t of tokens) {
    if (t.type === 'heading' && (t as Tokens.Heading).depth === 3) sections.push({ file: (t as Tokens.Heading).text, tasks: [] });
    if (t.type === 'table') table = t as Tokens.Table;
    if (t.type === 'list') {
      for (const item of (t as Tokens.List).items) {
        if (item.task && sections.length) {
          expect(item.checked).toBe(false);
          sections[sections.length - 1]!.tasks.push(item.text);
        }
      }
    }
  }
  return { sections, table };
}

describe('report --format markdown', () => {
  const md = formatMarkdown(sampleReport());
  const { sections, table } = plan(md);

  it('has a table of changes with counts that add up to the totals', () => {
    expect(table).toBeDefined();
    const rows = table!.rows.map((r) => r.map((c) => c.text));
    expect(rows).toEqual([
      ['`base-url`', expect.any(String), '2', '0'],
      ['`result-advice-test-removed`', 'Results lose `advice` and `test`', '0', '1'],
      ['**Total**', '', '2', '1'],
    ]);
    expect(md).toContain('**3 sites** to migrate in 2 files');
  });

  it('has an unchecked checklist per file: one item for the automatic fixes, one per manual site and open marker', () => {
    expect(sections.map((s) => s.file)).toEqual(['`.env`', '`src/client.ts`', '`src/model.ts`']);
    const client = sections[1]!.tasks;
    expect(client).toHaveLength(2);
    expect(client[0]).toMatch(/^Run `sc-migrate run`: 1 automatic fix \(`base-url` ×1\)/);
    expect(client[1]).toMatch(/^Line 5, column 17, `result-advice-test-removed`: v2 results have no `advice`; use the triage object\./);
    // The instruction carries the spec passages the change rests on.
    expect(client[1]).toContain('Spec §9.5: “results lose advice and test”');
    expect(sections[2]!.tasks[0]).toMatch(/^Line 2: close the open marker/);
  });

  it('lists unparseable files', () => {
    expect(md).toContain('## Files that could not be parsed');
    expect(md).toContain('`src/broken.ts`: Unexpected token (1:6)');
  });

  it('leaves no raw HTML from scanned text (file names, messages)', () => {
    const scan = sampleScan();
    scan.outcomes.push(
      outcome('src/<img src=x onerror=alert(1)>.ts', {
        findings: [finding({ line: 1, column: 1, change: 'base-url', fix: 'manual', message: '<script>alert(1)</script> | *x*' })],
      }),
    );
    const out = formatMarkdown(buildReport(scan, { tool: { name: 'sc-migrate', version: '1' }, roots: ['/repo/app'] }));
    const kinds: string[] = [];
    walk(marked.lexer(out, { gfm: true }), (t) => kinds.push(t.type));
    expect(kinds).not.toContain('html');
    const html = marked.parse(out, { gfm: true, async: false });
    expect(html).not.toMatch(/<script|<img/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; | *x*');
  });

  it('says so when there is nothing to migrate', () => {
    const out = formatMarkdown(buildReport({ filesScanned: 3, outcomes: [] }, { tool: { name: 'sc-migrate', version: '1' }, roots: ['src'] }));
    expect(out).toContain('Nothing left to migrate.');
  });
});
