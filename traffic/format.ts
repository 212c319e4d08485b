/**
 * `traffic` in text (for a terminal: coloured there, plain when piped), JSON (the model itself) and Markdown
 * (a plan to paste into a ticket), with the conventions of `report`. Everything recorded that reaches an
 * output is a label (client ids, app names, versions: shim/attribution.ts labelValue), an endpoint template or
 * a catalogue text; values from recorded bodies and headers never do.
 */
import pc from 'picocolors';
import { mdCode, mdText, printable, table } from '../report';
import type { TrafficReport } from './model';
import { placeText, type InputSummary } from './record';

export function percent(share: number): string {
  return `${(share * 100).toFixed(share > 0 && share < 0.001 ? 2 : 1)} %`;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

export function day(iso: string | null): string {
  return iso === null ? '—' : iso.replace('T', ' ').replace(/\.\d+Z$|Z$/, 'Z');
}

export function trafficHeadline(r: TrafficReport): string {
  const s = r.summary;
  const share = s.apiRequests ? ` (${percent(s.v1Requests / s.apiRequests)})` : '';
  const parts = [`${plural(s.v1Requests, 'v1 request')} of ${plural(s.apiRequests, 'API request')}${share}`, `${plural(s.clients, 'client')} still on v1`];
  if (s.firstSeen) parts.push(`${day(s.firstSeen)} to ${day(s.lastSeen)}`);
  if (s.skipped) parts.push(`${plural(s.skipped, 'entry', 'entries')} left out`);
  if (s.unreadable) parts.push(`${plural(s.unreadable, 'unreadable file')}`);
  return parts.join('; ');
}

export function inputLine(i: InputSummary): string {
  const format = i.format === 'har' ? `HAR${i.creator ? ` from ${i.creator}` : ''}` : i.format === 'proxy-log' ? 'proxy access log' : 'NDJSON access log';
  if (i.error !== undefined) return `${i.file}: ${format}; could not be read: ${i.error}`;
  const parts = [`${i.file}: ${format}, ${plural(i.records, i.format === 'har' ? 'entry' : 'line', i.format === 'har' ? 'entries' : 'lines')}`];
  if (i.skipped) parts.push(`${i.skipped} left out`);
  if (i.tolerated.length) parts.push(`tolerated: ${i.tolerated.map((t) => `${t.id} ×${t.count}`).join(', ')}`);
  return parts.join('; ');
}

function changeList(changes: Record<string, number>): string {
  return Object.entries(changes)
    .map(([id, n]) => `${id} ×${n}`)
    .join(', ');
}

export function formatTrafficText(r: TrafficReport, opts: { color?: boolean } = {}): string {
  const c = pc.createColors(opts.color ?? false);
  const head = (rows: string[][], right: number[]) => table(rows.map((row) => row.map((s) => printable(s))), new Set(right)).map((l, i) => (i === 0 ? c.dim(`  ${l}`) : `  ${l}`));
  const out = [c.bold(`sc-migrate traffic: ${trafficHeadline(r)}`), ...r.inputs.map((i) => c.dim(inputLine(i))), ''];
  if (r.changes.length) {
    out.push(c.bold('By change'));
    out.push(...head([['change', 'requests', 'clients', 'last seen', 'evidence'], ...r.changes.map((ch) => [ch.change, String(ch.requests), String(ch.clients), day(ch.lastSeen), ch.evidence[0]?.text ?? ''])], [1, 2]), '');
  }
  const clients = r.clients.filter((x) => x.v1Requests > 0);
  if (clients.length) {
    out.push(c.bold('By client (still on v1)'));
    out.push(
      ...head(
        [
          ['client', 'app', 'version', 'requests', 'v1', 'share', 'first seen', 'last v1 seen', 'changes'],
          ...clients.map((x) => [x.client, x.app, x.appVersion, String(x.requests), String(x.v1Requests), percent(x.share), day(x.firstSeen), day(x.lastV1Seen), changeList(x.changes)]),
        ],
        [3, 4, 5],
      ),
      '',
    );
  }
  if (r.endpoints.length) {
    out.push(c.bold('By endpoint'));
    out.push(
      ...head(
        [['endpoint', 'resource', 'operation', 'requests', 'v1', 'changes'], ...r.endpoints.map((e) => [e.endpoint, e.resource ?? '—', e.operation ?? '—', String(e.requests), String(e.v1Requests), changeList(e.changes)])],
        [3, 4],
      ),
      '',
    );
  }
  const problems = r.inputs.flatMap((i) => i.problems);
  if (problems.length) {
    out.push(c.bold(c.yellow('Left out')));
    for (const p of problems) out.push(`  ${printable(placeText(p.place))}: ${printable(p.message)}`);
    out.push('');
  }
  if (r.summary.v1Requests === 0) out.push(c.green(r.summary.apiRequests ? 'No v1 use recorded.' : 'No request to this API recorded.'), '');
  return `${out.join('\n').trimEnd()}\n`;
}

export function formatTrafficJson(r: TrafficReport): string {
  return `${JSON.stringify(r, null, 2)}\n`;
}

export function formatTrafficMarkdown(r: TrafficReport): string {
  const s = r.summary;
  const out = ['# Symptom Checker API v2 migration plan from traffic', ''];
  out.push(`Read ${r.inputs.map((i) => mdCode(i.file)).join(', ')} with ${r.tool.name} ${mdText(r.tool.version)}.`, '');
  out.push(
    `- **${s.v1Requests}** of ${s.apiRequests} API requests still use v1${s.apiRequests ? ` (${percent(s.v1Requests / s.apiRequests)})` : ''}`,
    `- **${s.clients}** ${s.clients === 1 ? 'client' : 'clients'} (client, app and version) still on v1`,
  );
  if (s.firstSeen) out.push(`- Recorded from ${day(s.firstSeen)} to ${day(s.lastSeen)}`);
  for (const i of r.inputs) out.push(`- ${mdText(inputLine(i))}`);
  out.push('');
  if (r.changes.length) {
    out.push('| Change | What changed | Requests | Clients | Last seen | Seen as |', '|---|---|--:|--:|---|---|');
    for (const ch of r.changes) {
      out.push(`| ${mdCode(ch.change, true)} | ${mdText(ch.title, true)} | ${ch.requests} | ${ch.clients} | ${day(ch.lastSeen)} | ${mdText(ch.evidence.map((e) => e.text).slice(0, 3).join('; '), true)} |`);
    }
    out.push('');
  }
  const clients = r.clients.filter((x) => x.v1Requests > 0);
  if (clients.length) {
    out.push('## Clients to move', '');
    for (const x of clients) {
      out.push(
        `- [ ] ${mdCode(x.client)} ${mdCode(`${x.app} ${x.appVersion}`)}: ${x.v1Requests} v1 requests of ${x.requests} (${percent(x.share)} of the traffic), last on ${day(x.lastV1Seen)}`,
      );
      for (const [id, n] of Object.entries(x.changes)) out.push(`  - ${mdCode(id)} ×${n}`);
    }
    out.push('');
  } else {
    out.push('No v1 use recorded.', '');
  }
  if (r.endpoints.length) {
    out.push('## Endpoints', '', '| Endpoint | Resource | Operation | Requests | v1 |', '|---|---|---|--:|--:|');
    for (const e of r.endpoints) out.push(`| ${mdCode(e.endpoint, true)} | ${mdText(e.resource ?? '—', true)} | ${mdText(e.operation ?? '—', true)} | ${e.requests} | ${e.v1Requests} |`);
    out.push('');
  }
  return `${out.join('\n').trimEnd()}\n`;
}
