import { lazyModule } from '../lib/lazy';
import { SKIP_REASONS } from '../lib/types';
import type { Report, ReportFile } from './model';
import { headline, printable } from './text';

/** The diff library, loaded when a page with diffs is written. */
const diff = lazyModule<typeof import('diff')>('diff');

/**
 * One self-contained HTML page: no script, no network (a CSP forbids both), styles inline. Everything that
 * comes from the scanned tree (file names, messages, code in diffs) goes through `esc`.
 */

export function esc(s: string | number): string {
  return printable(String(s), { keepLineBreaks: true, keepTabs: true })
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Escaped text with its `code spans` shown as code (catalogue titles and messages use them). */
export function escText(s: string): string {
  return esc(s).replace(/`([^`\n]+)`/g, '<code>$1</code>');
}

const CSS = `
:root { color-scheme: light; --auto: #2e7d32; --manual: #e65100; --marker: #6a1b9a; --muted: #666; }
body { font: 14px/1.45 system-ui, sans-serif; margin: 2rem auto; max-width: 72rem; padding: 0 1rem; color: #1b1b1b; }
h1 { font-size: 1.5rem; margin-bottom: .25rem; }
h2 { font-size: 1.2rem; margin-top: 2rem; }
code, pre { font: 12.5px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; }
.muted { color: var(--muted); }
dl.summary { display: grid; grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr)); gap: .5rem; }
dl.summary div { border: 1px solid #ddd; border-radius: 6px; padding: .5rem .75rem; }
dl.summary dt { color: var(--muted); font-size: .85rem; }
dl.summary dd { margin: 0; font-size: 1.4rem; font-weight: 600; }
table { border-collapse: collapse; }
th, td { text-align: left; padding: .2rem .6rem; border-bottom: 1px solid #eee; vertical-align: top; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
details.file { border: 1px solid #ddd; border-radius: 6px; margin: 1rem 0; padding: .5rem .75rem; }
details.file > summary { cursor: pointer; font-weight: 600; }
pre.diff { background: #f7f7f7; padding: .5rem; overflow-x: auto; }
pre.diff .add { background: #e6ffed; display: block; }
pre.diff .del { background: #ffeef0; display: block; }
pre.diff .hunk { color: #0550ae; display: block; }
pre.diff .ctx { display: block; }
.fix-auto { color: var(--auto); font-weight: 600; }
.fix-manual { color: var(--manual); font-weight: 600; }
.marker { color: var(--marker); font-weight: 600; }
blockquote { margin: .25rem 0 .25rem 1rem; padding-left: .5rem; border-left: 3px solid #ccc; color: #444; }
.error { color: #b00020; }
`;

function diffOf(f: ReportFile): string {
  if (f.after === f.before) return '';
  const patch = diff().createTwoFilesPatch(`a/${f.file}`, `b/${f.file}`, f.before, f.after, undefined, undefined, { context: 3 });
  // Drop the `Index:` and `===` lines createTwoFilesPatch adds; keep ---/+++ and the hunks.
  const lines = patch.split('\n').filter((l, i) => !(i < 2 && (l.startsWith('Index:') || /^=+$/.test(l))));
  while (lines.length && lines[lines.length - 1] === '') lines.pop();
  return lines
    .map((l) => {
      const cls = l.startsWith('@@')
        ? 'hunk'
        : l.startsWith('+++') || l.startsWith('---')
          ? 'hunk'
          : l.startsWith('+')
            ? 'add'
            : l.startsWith('-')
              ? 'del'
              : 'ctx';
      return `<span class="${cls}">${esc(l) || ' '}</span>`;
    })
    .join('');
}

/** Inline SVG: one bar per change, split into automatic and manual sites. */
function chart(report: Report): string {
  const rows = report.changes;
  if (!rows.length) return '<p class="muted">No sites.</p>';
  const labelW = Math.min(320, 8 + 7.5 * Math.max(...rows.map((r) => r.change.length)));
  const barW = 480;
  const rowH = 24;
  const max = Math.max(...rows.map((r) => r.auto + r.manual));
  const h = rows.length * rowH + 28;
  const parts = rows.map((r, i) => {
    const y = i * rowH;
    const total = r.auto + r.manual;
    const wa = (r.auto / max) * barW;
    const wm = (r.manual / max) * barW;
    return [
      `<g class="bar" data-change="${esc(r.change)}" data-count="${total}" data-auto="${r.auto}" data-manual="${r.manual}">`,
      `<title>${esc(`${r.change}: ${r.auto} automatic, ${r.manual} manual`)}</title>`,
      `<text x="${labelW - 6}" y="${y + 16}" text-anchor="end" font-size="12" font-family="monospace">${esc(r.change)}</text>`,
      r.auto ? `<rect x="${labelW}" y="${y + 4}" width="${wa.toFixed(1)}" height="${rowH - 8}" fill="#2e7d32"/>` : '',
      r.manual ? `<rect x="${(labelW + wa).toFixed(1)}" y="${y + 4}" width="${wm.toFixed(1)}" height="${rowH - 8}" fill="#e65100"/>` : '',
      `<text class="count" x="${(labelW + wa + wm + 6).toFixed(1)}" y="${y + 16}" font-size="12">${total}</text>`,
      '</g>',
    ].join('');
  });
  const ly = rows.length * rowH + 16;
  const legend =
    `<g font-size="12"><rect x="${labelW}" y="${ly - 10}" width="10" height="10" fill="#2e7d32"/><text x="${labelW + 14}" y="${ly}">automatic</text>` +
    `<rect x="${labelW + 90}" y="${ly - 10}" width="10" height="10" fill="#e65100"/><text x="${labelW + 104}" y="${ly}">manual</text></g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="Sites per change" width="${Math.ceil(labelW + barW + 48)}" height="${h}" viewBox="0 0 ${Math.ceil(labelW + barW + 48)} ${h}">${parts.join('')}${legend}</svg>`;
}

function fileSection(f: ReportFile): string {
  const auto = f.findings.filter((x) => x.fix === 'auto');
  const manual = f.findings.filter((x) => x.fix === 'manual');
  const out: string[] = [];
  out.push(
    `<details class="file" open data-file="${esc(f.file)}" data-auto="${auto.length}" data-manual="${manual.length}" data-markers="${f.markers.length}">`,
    `<summary><code>${esc(f.file)}</code> <span class="muted">${auto.length} automatic, ${manual.length} manual${f.markers.length ? `, ${f.markers.length} open markers` : ''}</span></summary>`,
  );
  if (f.error !== undefined) out.push(`<p class="error">Could not be parsed: ${esc(f.error)}</p>`);
  const diff = diffOf(f);
  if (diff) out.push('<h3>Automatic fixes (<code>sc-migrate run</code>)</h3>', `<pre class="diff">${diff}</pre>`);
  if (manual.length) {
    out.push('<h3>Sites that need a person</h3>', '<ul class="manual">');
    for (const x of manual) {
      out.push(
        `<li data-line="${x.line}" data-change="${esc(x.change)}"><span class="fix-manual">line ${x.line}, column ${x.column}</span> <code>${esc(x.change)}</code>: ${escText(x.message)}`,
        ...x.spec.map((s) => `<blockquote>Spec §${esc(s.section)}: ${esc(s.text)}</blockquote>`),
        '</li>',
      );
    }
    out.push('</ul>');
  }
  if (f.markers.length) {
    out.push('<h3>Open markers</h3>', '<ul class="markers">');
    for (const m of f.markers) out.push(`<li><span class="marker">line ${m.line}</span> <code>${esc(m.text)}</code></li>`);
    out.push('</ul>');
  }
  out.push('</details>');
  return out.join('\n');
}

export function formatHtml(report: Report): string {
  const s = report.summary;
  const stat = (key: string, label: string, n: number) => `<div><dt>${esc(label)}</dt><dd data-summary="${key}">${n}</dd></div>`;
  const changeRows = report.changes
    .map(
      (c) =>
        `<tr data-change="${esc(c.change)}"><td><code>${esc(c.change)}</code></td><td>${escText(c.title)}</td><td class="n">${c.auto}</td><td class="n">${c.manual}</td></tr>`,
    )
    .join('\n');
  const files = report.files.filter((f) => f.findings.length || f.markers.length || f.after !== f.before);
  const body = [
    '<h1>Symptom Checker API v2 migration report</h1>',
    `<p class="muted">${esc(report.tool.name)} ${esc(report.tool.version)}; roots: ${report.roots.map((r) => `<code>${esc(r)}</code>`).join(', ')}</p>`,
    `<p id="headline">${esc(headline(report))}</p>`,
    '<dl class="summary">',
    stat('files', 'Files scanned', s.files),
    stat('filesWithFindings', 'Files with sites', s.filesWithFindings),
    stat('auto', 'Automatic', s.auto),
    stat('manual', 'Manual', s.manual),
    stat('markers', 'Open markers', s.markers),
    stat('errors', 'Unparseable files', s.errors),
    ...SKIP_REASONS.filter((r) => r !== 'parse-error').map((r) => stat(`skipped-${r}`, `Skipped: ${r}`, s.skipped[r])),
    '</dl>',
    '<h2>Sites per change</h2>',
    `<figure id="chart">${chart(report)}</figure>`,
    report.changes.length
      ? `<table id="changes"><thead><tr><th>Change</th><th>What changed</th><th class="n">Automatic</th><th class="n">Manual</th></tr></thead><tbody>\n${changeRows}\n</tbody></table>`
      : '',
    '<h2>Files</h2>',
    files.length ? files.map((f) => fileSection(f)).join('\n') : '<p>No v1 usage found.</p>',
  ];
  if (report.errors.length) {
    body.push(
      '<h2>Files that could not be parsed</h2>',
      '<ul id="errors">',
      ...report.errors.map((e) => `<li><code>${esc(e.file)}</code>: <span class="error">${esc(e.message)}</span></li>`),
      '</ul>',
    );
  }
  return htmlPage('sc-migrate report', body);
}

/** A whole self-contained page: the report styles, a CSP that forbids scripts and the network, `body` as given (already escaped). */
export function htmlPage(title: string, body: readonly string[], css = ''): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${esc(title)}</title>`,
    `<style>${CSS}${css}</style>`,
    '</head>',
    '<body>',
    ...body,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
