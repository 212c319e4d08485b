import { catalogue } from '../catalogue';
import { skippedText, type Report, type ReportFile } from './model';
import { printable } from './text';

/**
 * A migration plan to paste into a ticket (GitHub-flavoured markdown): totals, a table per change, and a
 * checklist per file with each manual site's instruction and the spec passage it rests on.
 */

/** Markdown for text that may come from scanned code: inline code spans stay as they are, the rest is escaped. */
export function mdText(s: string, inTable = false): string {
  const flat = printable(s.replace(/\r?\n/g, ' '));
  return flat
    .split(/(`[^`]*`)/)
    .map((part, i) => (i % 2 === 1 ? (inTable ? part.replace(/\|/g, '\\|') : part) : escapeOutside(part)))
    .join('');
}

function escapeOutside(s: string): string {
  return s
    .replace(/[\\`*_[\]#|~]/g, (c) => `\\${c}`)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** A code span holding `s` whatever backticks it contains (in a table cell, `|` is escaped as GFM requires). */
export function mdCode(s: string, inTable = false): string {
  const flat = printable(s.replace(/\r?\n/g, ' '));
  const runs = flat.match(/`+/g) ?? [];
  const fence = '`'.repeat(Math.max(0, ...runs.map((r) => r.length)) + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') || runs.length ? ' ' : '';
  return `${fence}${pad}${inTable ? flat.replace(/\|/g, '\\|') : flat}${pad}${fence}`;
}

function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

export function formatMarkdown(report: Report): string {
  const s = report.summary;
  const out: string[] = ['# Symptom Checker API v2 migration plan', ''];
  const roots = report.roots.map((r) => mdCode(r)).join(', ');
  out.push(
    `Scanned ${count(s.files, 'file')} under ${roots || '(nothing)'} with ${report.tool.name} ${mdText(report.tool.version)}.`,
    '',
    `- **${count(s.auto + s.manual, 'site')}** to migrate in ${count(s.filesWithFindings, 'file')}`,
    `- **${s.auto}** fixed automatically by \`sc-migrate run\``,
    `- **${s.manual}** need a person`,
  );
  if (s.markers) out.push(`- **${s.markers}** \`TODO(sc-migrate/…)\` ${s.markers === 1 ? 'marker' : 'markers'} still open`);
  if (s.errors) out.push(`- **${s.errors}** ${s.errors === 1 ? 'file' : 'files'} could not be parsed (see the end)`);
  out.push(`- Files skipped: ${mdText(skippedText(s))}`);
  out.push('');

  if (report.changes.length) {
    out.push('| Change | What changed | Automatic | Manual |', '|---|---|--:|--:|');
    for (const c of report.changes) out.push(`| ${mdCode(c.change, true)} | ${mdText(c.title, true)} | ${c.auto} | ${c.manual} |`);
    out.push(`| **Total** | | ${s.auto} | ${s.manual} |`, '');
  }

  const withSites = report.files.filter((f) => f.findings.length || f.markers.length);
  if (withSites.length) {
    out.push('## Checklist', '');
    for (const f of withSites) out.push(...fileChecklist(f));
  } else {
    out.push('Nothing left to migrate.', '');
  }

  if (report.errors.length) {
    out.push('## Files that could not be parsed', '', 'These were left out of the plan; fix or exclude them and run the report again.', '');
    for (const e of report.errors) out.push(`- ${mdCode(e.file)}: ${mdText(e.message)}`);
    out.push('');
  }
  return `${out.join('\n').trimEnd()}\n`;
}

function fileChecklist(f: ReportFile): string[] {
  const out = [`### ${mdCode(f.file)}`, ''];
  const auto = f.findings.filter((x) => x.fix === 'auto');
  if (auto.length) {
    const per = new Map<string, number>();
    for (const x of auto) per.set(x.change, (per.get(x.change) ?? 0) + 1);
    const order = new Map(catalogue.map((c, i) => [c.id, i]));
    const detail = [...per]
      .sort(([a], [b]) => (order.get(a) ?? Infinity) - (order.get(b) ?? Infinity))
      .map(([id, n]) => `${mdCode(id)} ×${n}`)
      .join(', ');
    out.push(`- [ ] Run \`sc-migrate run\`: ${count(auto.length, 'automatic fix', 'automatic fixes')} (${detail})`);
  }
  for (const x of f.findings.filter((y) => y.fix === 'manual')) {
    out.push(`- [ ] Line ${x.line}, column ${x.column}, ${mdCode(x.change)}: ${mdText(x.message)}`);
    for (const sp of x.spec) out.push(`  - Spec §${mdText(sp.section)}: “${mdText(sp.text)}”`);
  }
  for (const m of f.markers) {
    out.push(`- [ ] Line ${m.line}: close the open marker ${mdCode(m.text)}`);
  }
  out.push('');
  return out;
}
