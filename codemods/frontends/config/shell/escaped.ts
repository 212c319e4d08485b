import type { ConfigValue, Parsed, Ref, Site, Span } from '../model';
import { readShell, type ShellContext, type ShellOptions } from './index';

/**
 * A script written in a YAML double-quoted string with escapes (a container's `args: ["curl -d '{\"mode\":
 * \"complaint\"}' …"]`): read from its decoded text, every offset mapped back to the file. A fix whose range holds
 * an escape cannot be made in place and becomes a site for a person.
 */
export function readShellEscaped(source: string, ctx: ShellContext, start: number, end: number, opts: ShellOptions = {}): Parsed {
  const ESC: Record<string, string> = { n: '\n', t: '\t', r: '\r' };
  let text = '';
  const map: number[] = [];
  for (let i = start; i < end; i++) {
    if (source[i] === '\\' && i + 1 < end) {
      text += ESC[source[i + 1]!] ?? source[i + 1]!;
      map.push(i + 1);
      i++;
    } else {
      text += source[i];
      map.push(i);
    }
  }
  const delta = end - start - text.length;
  const shifted = source.slice(0, start) + text + source.slice(end);
  const stop = start + text.length;
  const toShifted = (o: number) => (o >= end ? o - delta : o);
  /** A start offset (or a point) back in the file. */
  const at = (o: number) => (o < start ? o : o < stop ? map[o - start]! : o + delta);
  /** An end offset (exclusive) back in the file. */
  const to = (o: number) => (o <= start ? o : o <= stop ? map[o - 1 - start]! + 1 : o + delta);
  const span = <T extends Span>(s: T): T => ({ ...s, start: at(s.start), end: to(s.end) });
  const outer = opts.outer?.map((v) => ({ ...v, start: toShifted(v.start), end: toShifted(v.end), refs: v.refs.map((r) => ({ ...r, start: toShifted(r.start), end: toShifted(r.end) })) }));
  const before = opts.calls?.length ?? 0;
  const parsed = readShell(shifted, ctx, start, stop, { ...opts, outer });
  for (const c of opts.calls?.slice(before) ?? []) c.start = at(c.start);
  const ref = (r: Ref): Ref => ({ ...span(r), ...(r.default ? { default: span(r.default) } : {}) });
  const values = parsed.values.map((v): ConfigValue => ({ ...span(v), refs: v.refs.map(ref), ...(v.anchor !== undefined ? { anchor: at(v.anchor) } : {}) }));
  const sites = (parsed.sites ?? []).map((s): Site => {
    const m = { ...span(s), ...(s.anchor !== undefined ? { anchor: at(s.anchor) } : {}) };
    // The decoded range must be the file's, character for character, for an edit to be made there.
    if (s.text === undefined || m.end - m.start === s.end - s.start) return m;
    const { text: _dropped, ...manual } = m;
    return { ...manual, message: `${s.message}: write '${s.text}' here` };
  });
  return { ...parsed, values, sites, skip: (parsed.skip ?? []).map(span), looseSpans: (parsed.looseSpans ?? []).map((l) => ({ ...span(l), ...(l.anchor !== undefined ? { anchor: at(l.anchor) } : {}) })) };
}
