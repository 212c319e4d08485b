/**
 * The replay report: per request (equivalent, differs with the fields that differ, failed) and per change, in
 * text, JSON, Markdown and HTML. Values shown are short summaries (./compare.ts `summary`), never bodies or
 * secrets.
 */
import pc from 'picocolors';
import { esc, htmlPage, mdCode, mdText, printable, table } from '../../report';
import { htmlTable } from '../html';
import type { Difference } from './compare';
import { byChange, type ReplayRun, type StepResult } from './run';

export interface ReplayReport {
  schemaVersion: 1;
  kind: 'replay';
  tool: { name: string; version: string };
  input: string;
  through: string;
  upstream: string;
  env: string;
  legacyVersion: string;
  summary: { steps: number; equivalent: number; differs: number; failed: number; skipped: number };
  steps: StepResult[];
  changes: ReturnType<typeof byChange>;
}

export function replayReport(run: ReplayRun, meta: Pick<ReplayReport, 'tool' | 'input' | 'through' | 'upstream' | 'legacyVersion'>): ReplayReport {
  const count = (v: StepResult['verdict']) => run.steps.filter((s) => s.verdict === v).length;
  return {
    schemaVersion: 1,
    kind: 'replay',
    ...meta,
    env: run.env,
    summary: { steps: run.steps.length, equivalent: count('equivalent'), differs: count('differs'), failed: count('failed'), skipped: run.skipped },
    steps: run.steps,
    changes: byChange(run.steps),
  };
}

export function replayHeadline(r: ReplayReport): string {
  const s = r.summary;
  return `${s.steps} recorded v1 requests replayed through ${r.through} to ${r.upstream}: ${s.equivalent} equivalent, ${s.differs} differ, ${s.failed} failed`;
}

const diffText = (d: Difference) => `${d.path}: ${d.recorded} → ${d.replayed}${d.change ? ` (${d.change})` : ''}`;

export function formatReplayText(r: ReplayReport, opts: { color?: boolean } = {}): string {
  const c = pc.createColors(opts.color ?? false);
  const tag = (v: StepResult['verdict']) => (v === 'equivalent' ? c.green(v) : v === 'differs' ? c.red(v) : c.magenta(v));
  const out = [c.bold(`sc-migrate replay: ${replayHeadline(r)}`), c.dim(`${r.input}; environment ${r.env}; legacy version ${r.legacyVersion}`), ''];
  for (const s of r.steps) {
    out.push(`  ${String(s.step).padStart(3)}  ${tag(s.verdict).padEnd(opts.color ? 20 : 10)}  ${printable(s.endpoint)}  ${s.recordedStatus} → ${s.replayedStatus ?? '—'}  ${c.dim(s.place)}`);
    if (s.error) out.push(`         ${c.magenta(printable(s.error))}`);
    for (const d of s.differences) out.push(`         ${c.red('≠')} ${printable(diffText(d))}`);
    for (const d of s.notes) out.push(`         ${c.dim(`~ ${printable(diffText(d))}`)}`);
  }
  out.push('', c.bold('By change'));
  const rows = [['change', 'equivalent', 'differs', 'failed'], ...r.changes.map((x) => [x.change, String(x.equivalent), String(x.differs), String(x.failed)])];
  out.push(...table(rows, new Set([1, 2, 3])).map((l, i) => (i === 0 ? c.dim(`  ${l}`) : `  ${l}`)));
  out.push('', r.summary.differs + r.summary.failed === 0 ? c.green('Every replayed request gave the client a response it can use.') : c.red('Some requests differ beyond the rules (docs/traffic.md): not ready for cutover.'));
  return `${out.join('\n').trimEnd()}\n`;
}

export function formatReplayJson(r: ReplayReport): string {
  return `${JSON.stringify(r, null, 2)}\n`;
}

export function formatReplayMarkdown(r: ReplayReport): string {
  const out = ['# Replay through the shim before cutover', '', mdText(replayHeadline(r)), ''];
  out.push('| Step | Request | Status | Result | Differences |', '|--:|---|---|---|---|');
  for (const s of r.steps) {
    const diffs = [...s.differences.map(diffText), ...(s.error ? [s.error] : [])].join('; ');
    out.push(`| ${s.step} | ${mdCode(s.endpoint, true)} | ${s.recordedStatus} → ${s.replayedStatus ?? '—'} | ${s.verdict} | ${mdText(diffs, true)} |`);
  }
  out.push('', '| Change | Equivalent | Differs | Failed |', '|---|--:|--:|--:|');
  for (const x of r.changes) out.push(`| ${mdCode(x.change, true)} | ${x.equivalent} | ${x.differs} | ${x.failed} |`);
  return `${out.join('\n')}\n`;
}

export function formatReplayHtml(r: ReplayReport): string {
  const list = (ds: Difference[]) => (ds.length ? `<span>${ds.map((d) => esc(diffText(d))).join('<br>')}</span>` : '');
  return htmlPage('sc-migrate replay', [
    '<h1>Replay through the shim before cutover</h1>',
    `<p id="headline">${esc(replayHeadline(r))}</p>`,
    htmlTable(
      'steps',
      ['Step', 'Request', 'Recorded', 'Replayed', 'Result', 'Differences', 'Notes'],
      r.steps.map((s) => [s.step, `<code>${esc(s.endpoint)}</code>`, s.recordedStatus, s.replayedStatus ?? '—', s.verdict, list(s.differences) || (s.error ? `<span class="error">${esc(s.error)}</span>` : ''), list(s.notes)]),
      [0, 2, 3],
      (i) => ` data-verdict="${r.steps[i]!.verdict}"`,
    ),
    '<h2>By change</h2>',
    htmlTable('changes', ['Change', 'Equivalent', 'Differs', 'Failed'], r.changes.map((x) => [`<code>${esc(x.change)}</code>`, x.equivalent, x.differs, x.failed]), [1, 2, 3]),
  ]);
}
