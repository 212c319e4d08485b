import { assignments, wordAt } from './assignments';
import { linesOf } from './lines';
import type { ConfigValue, Parsed, Span } from './model';
import { scanRefs } from './refs';

/**
 * Dockerfiles: `ENV A=x B="y"` (several pairs, over `\` continuations), the legacy `ENV KEY value`, `ARG NAME=default`
 * and `LABEL k=v`; `RUN`/`CMD`/`ENTRYPOINT` are read as command lines. A reference in ENV to a name an ARG
 * declares is a build argument (so `ENV AUD=${SC_API_BASE}` speaks of the build argument, and of Compose
 * `build.args`, not of the run-time variable).
 */
export function readDockerfile(source: string): Parsed {
  const values: ConfigValue[] = [];
  const skip: Span[] = [];
  const args = new Set<string>();
  const lines = linesOf(source);
  for (let i = 0; i < lines.length; i++) {
    const first = lines[i]!;
    const text = source.slice(first.start, first.end);
    if (/^\s*#/.test(text)) {
      skip.push(first);
      continue;
    }
    const m = /^\s*([A-Za-z]+)\s+/.exec(text);
    if (!m) continue;
    let end = first.end;
    while (/\\\s*$/.test(source.slice(first.start, end)) && i + 1 < lines.length) {
      i++;
      // Comment lines inside a continued instruction are dropped by Docker.
      const next = lines[i]!;
      if (/^\s*#/.test(source.slice(next.start, next.end))) skip.push(next);
      end = next.end;
    }
    const op = m[1]!.toUpperCase();
    const start = first.start + m[0].length;
    const anchor = first.start;
    if (op === 'ARG') {
      const a = /^([A-Za-z_]\w*)(=)?/.exec(source.slice(start, end));
      if (!a) continue;
      args.add(a[1]!);
      if (!a[2]) continue;
      const span = wordAt(source, start + a[0].length, end);
      if (span) values.push({ path: [a[1]!], ...span, refs: scanRefs(source, span.start, span.end, ['brace', 'dollar']), parent: 'docker', namespace: 'build', anchor });
    } else if (op === 'ENV' || op === 'LABEL') {
      const legacy = /^([A-Za-z_][\w.-]*)\s+(?!\S*=)/.exec(source.slice(start, end));
      if (legacy && op === 'ENV') {
        let vEnd = end;
        while (vEnd > start && /\s/.test(source[vEnd - 1]!)) vEnd--;
        const vStart = start + legacy[0].length;
        values.push({ path: [legacy[1]!], start: vStart, end: vEnd, refs: buildRefs(source, vStart, vEnd, args), parent: 'docker', anchor });
        continue;
      }
      for (const v of assignments(source, start, end, { parent: 'docker', anchor: () => anchor })) {
        values.push({ ...v, refs: buildRefs(source, v.start, v.end, args) });
      }
    } else if (op === 'RUN' || op === 'CMD' || op === 'ENTRYPOINT') {
      values.push(...assignments(source, start, end, { parent: 'docker-run', anchor: () => anchor }));
    }
  }
  return { values, skip, loose: true };
}

function buildRefs(source: string, start: number, end: number, args: ReadonlySet<string>) {
  return scanRefs(source, start, end, ['brace', 'dollar']).map((r) => (args.has(r.name) ? { ...r, namespace: 'build' } : r));
}
