import type { ResourceName } from '../../../catalogue';
import { span } from './lang';
import type { PolyFile } from './file';

/**
 * Constants that hold one resource's relative path (`const COMPLAINTS = 'complaints/'` in an `Endpoints` class,
 * `RESULT_PATH = "results/%s/"` in a Ruby module, a C# `const string Interview = "interviews/{0}/"`). Framework
 * clients keep their paths in one class and call `->post(Endpoints::COMPLAINTS, $body)` from another, so a use
 * of such a constant addresses the resource as its literal would. Each file reports its own (declared outside
 * any function, initialised with the literal alone); the run's index keeps the names every definition agrees on.
 */
export interface PathConstant {
  name: string;
  resource: ResourceName;
  rest: string;
}

export function pathConstants(file: PolyFile): PathConstant[] {
  const out: PathConstant[] = [];
  for (const d of file.x.decls) {
    if (!d.init || !/^[A-Z]/.test(d.name) || file.scopeOf(d.node) !== file.root) continue;
    const lit = file.lit(d.init);
    const hit = lit ? file.resourceLits.find((r) => r.lit === lit) : undefined;
    if (hit) out.push({ name: d.name, resource: hit.resource, rest: hit.rest });
  }
  return out;
}

/** The constants a run's files agree on: a name defined twice with different resources is left out. */
export function agreedPaths(all: readonly PathConstant[]): Map<string, PathConstant> {
  const out = new Map<string, PathConstant | null>();
  for (const p of all) {
    const prev = out.get(p.name);
    out.set(p.name, prev === undefined ? p : prev && prev.resource === p.resource ? prev : null);
  }
  return new Map([...out].filter((e): e is [string, PathConstant] => !!e[1]));
}

/**
 * Uses of known path constants in a file, added to its resource literals (`Endpoints::COMPLAINTS`, `self::RESULT`,
 * `Paths.Interview`): only a name that is the last part of a constant access or a bare name, never its declaration.
 */
export function linkPathConstants(file: PolyFile, known: (name: string) => PathConstant | null): void {
  const declared = new Set(file.x.decls.map((d) => span(d.nameNode).start));
  const seen = new Set(file.resourceLits.map((r) => r.lit.start));
  for (const n of file.within(file.root, file.spec.nameKinds)) {
    const name = n.text().replace(/^[$@]+/, '');
    if (!/^[A-Z]/.test(name)) continue;
    const p = known(name);
    const { start, end } = span(n);
    if (!p || declared.has(start) || seen.has(start)) continue;
    // `Endpoints::COMPLAINTS` or `COMPLAINTS`, not the class in `COMPLAINTS::x` or `COMPLAINTS.foo`.
    if (/^\s*(::|\.|->)\s*[A-Za-z_]/.test(file.source.slice(end, end + 4))) continue;
    file.resourceLits.push({ lit: { node: n, start, end, text: p.resource, parts: [], simple: false }, resource: p.resource, rest: p.rest });
    seen.add(start);
  }
}
