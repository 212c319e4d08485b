import { MARKER_PATTERN, MARKER_PREFIX } from './types';
import type { Edit } from './engine/edits';

/**
 * Marker comments for manual sites, shared by every front-end: one marker line per anchor (the statement or
 * declaration a person must look at), naming every change and field of that anchor, in the comment syntax of
 * the file's language. Markers are planned against the final text: a front-end drops the requests whose site
 * the same run deletes before calling `markerEdits`. A later run adds nothing for a change already marked at
 * an anchor, and removes its own marker lines whose site is gone.
 */

/** How a language writes a one-line comment: `//`, `#`, `--`, `;`, or a block `<!-- … -->`, `/* … *\/`. */
export interface CommentStyle {
  open: string;
  close?: string;
}

export const COMMENTS = {
  slash: { open: '//' },
  hash: { open: '#' },
  dash: { open: '--' },
  semicolon: { open: ';' },
  html: { open: '<!--', close: '-->' },
  block: { open: '/*', close: '*/' },
} satisfies Record<string, CommentStyle>;

export interface MarkerRequest {
  /** Offset of the start of the anchor's line. */
  anchor: number;
  /** Indentation of the anchor's line (the marker gets the same). */
  indent: string;
  change: string;
  message: string;
  /** The field or value the site is about; messages that differ only by it are merged into one. */
  subject?: string;
  /** The comment syntax at the anchor, where it is not the file's (a PHP view's markup: `<?php /* … *\/ ?>`). */
  style?: CommentStyle;
}

/**
 * The marker text for one change at one anchor: `TODO(sc-migrate/<id>): <message>`. Messages that differ only by
 * their subject are merged, each such template once: `v2 results have no \`advice\`…` and `… no \`test\`…` become
 * `… no \`advice\` or \`test\`…`; a record of four removed fields that is both sent and read gets two sentences, not eight.
 */
function changeText(change: string, requests: MarkerRequest[]): string {
  const templates = new Map<string, string[]>();
  for (const r of requests) {
    const named = !!r.subject && r.message.includes(`\`${r.subject}\``);
    const template = named ? r.message.split(`\`${r.subject}\``).join('\u0000') : r.message;
    const subjects = templates.get(template) ?? [];
    if (named && !subjects.includes(r.subject!)) subjects.push(r.subject!);
    templates.set(template, subjects);
  }
  const message = [...templates]
    .map(([template, subjects]) => (subjects.length > 0 ? template.split('\u0000').join(listOf(subjects.map((s) => `\`${s}\``))) : template))
    .join(' ');
  return `${MARKER_PREFIX}${change}): ${message}`;
}

/** `a`, `b` or `c`. */
function listOf(items: string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/** The change ids named by the markers of one line. */
function idsIn(line: string): string[] {
  return [...line.matchAll(new RegExp(MARKER_PATTERN.source, 'g'))].map((m) => m[1]!);
}

const MARKER_LINE = /^[ \t]*(?:\/\/|#|--|;|<!--|\/\*|<\?php[ \t]+\/\*|\{#|<%#|\{\{!(?:--)?|\{\{--|@\*)[ \t]*TODO\(sc-migrate\/[a-z0-9-]+\)/;

interface Line {
  start: number;
  /** Offset after the line's end of line. */
  next: number;
  text: string;
}

function linesOf(source: string): Line[] {
  const out: Line[] = [];
  let start = 0;
  while (start < source.length) {
    const nl = source.indexOf('\n', start);
    const next = nl < 0 ? source.length : nl + 1;
    out.push({ start, next, text: source.slice(start, nl < 0 ? source.length : nl).replace(/\r$/, '') });
    start = next;
  }
  return out;
}

export interface MarkerOptions {
  style: CommentStyle;
  /** Change ids of this run: marker lines naming only these may be removed when their site is gone. */
  selected: ReadonlySet<string>;
  eol: string;
  /** Look for existing marker lines only inside these ranges (a component's template), default: everywhere. */
  within?: readonly { start: number; end: number }[];
}

/** Insertions of new marker lines and deletions of stale ones, as text edits on `source`. */
export function markerEdits(source: string, requests: readonly MarkerRequest[], opts: MarkerOptions): Edit[] {
  const byAnchor = new Map<number, { indent: string; style: CommentStyle; byChange: Map<string, MarkerRequest[]> }>();
  for (const r of requests) {
    let a = byAnchor.get(r.anchor);
    if (!a) byAnchor.set(r.anchor, (a = { indent: r.indent, style: r.style ?? opts.style, byChange: new Map() }));
    const list = a.byChange.get(r.change) ?? [];
    list.push(r);
    a.byChange.set(r.change, list);
  }

  // Existing marker lines, each with the anchor below it (the first line after a run of marker lines).
  const edits: Edit[] = [];
  const existing = new Map<number, Set<string>>();
  const lines = source.includes(MARKER_PREFIX) ? linesOf(source) : [];
  const markerLines: { line: Line; ids: string[]; anchor: number }[] = [];
  const inside = (offset: number) => !opts.within || opts.within.some((r) => offset >= r.start && offset < r.end);
  for (let i = 0; i < lines.length; i++) {
    if (!MARKER_LINE.test(lines[i]!.text) || !inside(lines[i]!.start)) continue;
    let k = i;
    while (k < lines.length && MARKER_LINE.test(lines[k]!.text)) k++;
    const anchor = k < lines.length ? lines[k]!.start : source.length;
    for (let m = i; m < k; m++) {
      const ids = idsIn(lines[m]!.text);
      markerLines.push({ line: lines[m]!, ids, anchor });
      const set = existing.get(anchor) ?? new Set<string>();
      for (const id of ids) set.add(id);
      existing.set(anchor, set);
    }
    i = k - 1;
  }

  for (const { line, ids, anchor } of markerLines) {
    const wanted = byAnchor.get(anchor)?.byChange;
    const stale = ids.every((id) => opts.selected.has(id) && !wanted?.has(id));
    if (stale) edits.push({ start: line.start, end: line.next, text: '' });
  }

  for (const [anchor, { indent, style, byChange }] of [...byAnchor].sort((a, b) => a[0] - b[0])) {
    const have = existing.get(anchor);
    const parts = [...byChange]
      .filter(([change]) => !have?.has(change))
      .map(([change, list]) => changeText(change, list));
    if (parts.length === 0) continue;
    const close = style.close ? ` ${style.close}` : '';
    edits.push({ start: anchor, end: anchor, text: `${indent}${style.open} ${parts.join(' ')}${close}${opts.eol}` });
  }
  return edits;
}
