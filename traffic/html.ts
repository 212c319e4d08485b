/**
 * `traffic --format html`: one self-contained page in the look of `report --format html` (its styles, its
 * CSP: no script, no network), with a chart of v1 requests per change and per client.
 */
import { esc, escText, htmlPage } from '../report';
import { day, inputLine, percent, trafficHeadline } from './format';
import type { TrafficReport } from './model';

/** Inline SVG: one bar per row, its length the row's count. */
export function barChart(rows: { label: string; count: number; title: string }[], label: string, color = '#e65100'): string {
  if (!rows.length) return '<p class="muted">Nothing recorded.</p>';
  const labelW = Math.min(360, 8 + 7.5 * Math.max(...rows.map((r) => r.label.length)));
  const barW = 440;
  const rowH = 22;
  const max = Math.max(1, ...rows.map((r) => r.count));
  const width = Math.ceil(labelW + barW + 64);
  const height = rows.length * rowH + 6;
  const bars = rows.map((r, i) => {
    const y = i * rowH;
    const w = (r.count / max) * barW;
    return (
      `<g class="bar" data-label="${esc(r.label)}" data-count="${r.count}"><title>${esc(r.title)}</title>` +
      `<text x="${labelW - 6}" y="${y + 15}" text-anchor="end" font-size="12" font-family="monospace">${esc(r.label)}</text>` +
      `<rect x="${labelW}" y="${y + 4}" width="${w.toFixed(1)}" height="${rowH - 8}" fill="${color}"/>` +
      `<text class="count" x="${(labelW + w + 6).toFixed(1)}" y="${y + 15}" font-size="12">${r.count}</text></g>`
    );
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${esc(label)}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${bars.join('')}</svg>`;
}

function cells(values: (string | number)[], numeric: Set<number>): string {
  return values.map((v, i) => (numeric.has(i) ? `<td class="n">${esc(v)}</td>` : `<td>${typeof v === 'string' && v.startsWith('<') ? v : esc(v)}</td>`)).join('');
}

/** A table with a header row; cells that start with `<` are markup built here, everything else is escaped. */
export function htmlTable(id: string, headers: string[], rows: (string | number)[][], numeric: number[], attrs: (i: number) => string = () => ''): string {
  const n = new Set(numeric);
  const head = headers.map((h, i) => `<th${n.has(i) ? ' class="n"' : ''}>${esc(h)}</th>`).join('');
  const body = rows.map((r, i) => `<tr${attrs(i)}>${cells(r, n)}</tr>`).join('\n');
  return `<table id="${esc(id)}"><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

const code = (s: string) => `<code>${esc(s)}</code>`;

export function formatTrafficHtml(r: TrafficReport): string {
  const s = r.summary;
  const stat = (key: string, label: string, n: number | string) => `<div><dt>${esc(label)}</dt><dd data-summary="${key}">${esc(n)}</dd></div>`;
  const clients = r.clients.filter((c) => c.v1Requests > 0);
  const body = [
    '<h1>Symptom Checker API v2 traffic report</h1>',
    `<p class="muted">${esc(r.tool.name)} ${esc(r.tool.version)}; inputs: ${r.inputs.map((i) => code(i.file)).join(', ')}</p>`,
    `<p id="headline">${esc(trafficHeadline(r))}</p>`,
    '<dl class="summary">',
    stat('apiRequests', 'API requests', s.apiRequests),
    stat('v1Requests', 'v1 requests', s.v1Requests),
    stat('v1Share', 'v1 share', s.apiRequests ? percent(s.v1Requests / s.apiRequests) : '—'),
    stat('clients', 'Clients on v1', s.clients),
    stat('otherRequests', 'Other hosts', s.otherRequests),
    stat('skipped', 'Left out', s.skipped),
    '</dl>',
    '<h2>v1 requests per change</h2>',
    `<figure id="chart">${barChart(r.changes.map((c) => ({ label: c.change, count: c.requests, title: `${c.change}: ${c.requests} requests from ${c.clients} clients` })), 'v1 requests per change')}</figure>`,
    r.changes.length
      ? htmlTable(
          'changes',
          ['Change', 'What changed', 'Requests', 'Clients', 'Last seen', 'Seen as'],
          r.changes.map((c) => [code(c.change), `<span>${escText(c.title)}</span>`, c.requests, c.clients, day(c.lastSeen), `<span>${c.evidence.map((e) => escText(e.text)).join('<br>')}</span>`]),
          [2, 3],
          (i) => ` data-change="${esc(r.changes[i]!.change)}"`,
        )
      : '<p>No v1 use recorded.</p>',
    '<h2>Clients still on v1</h2>',
    `<figure id="clients-chart">${barChart(clients.slice(0, 30).map((c) => ({ label: `${c.client} ${c.app} ${c.appVersion}`, count: c.v1Requests, title: `${c.v1Requests} v1 requests, ${percent(c.share)} of the traffic` })), 'v1 requests per client', '#6a1b9a')}</figure>`,
    clients.length
      ? htmlTable(
          'clients',
          ['Client', 'App', 'Version', 'Requests', 'v1', 'Share', 'First seen', 'Last v1 seen', 'Changes'],
          clients.map((c) => [code(c.client), c.app, c.appVersion, c.requests, c.v1Requests, percent(c.share), day(c.firstSeen), day(c.lastV1Seen), `<span>${Object.entries(c.changes).map(([id, n]) => `${code(id)} ×${n}`).join(', ')}</span>`]),
          [3, 4, 5],
          (i) => ` data-client="${esc(clients[i]!.client)}"`,
        )
      : '',
    '<h2>Endpoints</h2>',
    htmlTable('endpoints', ['Endpoint', 'Resource', 'Operation', 'Requests', 'v1'], r.endpoints.map((e) => [code(e.endpoint), e.resource ?? '—', e.operation ?? '—', e.requests, e.v1Requests]), [3, 4]),
    '<h2>Inputs</h2>',
    `<ul id="inputs">${r.inputs.map((i) => `<li${i.error !== undefined ? ' class="error"' : ''}>${esc(inputLine(i))}</li>`).join('')}</ul>`,
  ];
  const problems = r.inputs.flatMap((i) => i.problems);
  if (problems.length) {
    body.push('<h2>Left out</h2>', `<ul id="problems">${problems.map((p) => `<li>${esc(p.place.file)}${p.place.line ? `:${p.place.line}` : `#${p.place.entry ?? ''}`}: ${esc(p.message)}</li>`).join('')}</ul>`);
  }
  return htmlPage('sc-migrate traffic', body);
}
