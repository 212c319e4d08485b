import { describe, expect, it } from 'vitest';
import type { Path } from '../../codemods/engine/ast';
import { NodeIndex } from '../../codemods/engine/node-index';
import { jscodeshiftFor, parse } from '../../codemods/engine/parse';

/** The file index must give exactly what jscodeshift's `find` gives (same paths, same order), from one walk. */
const SOURCES: Record<string, string> = {
  'client.tsx': `
import { BASE as base, type Result } from './config';
const { MODES } = require('./modes');
export function View<T extends Result>({ result }: { result: T }) {
  const base = result.advice ?? [];
  return <List.Item key={base.length} onClick={() => send({ mode: MODES.X, base })}>{result?.test}</List.Item>;
}
class Api { constructor(private readonly base: string) {} get(id: string) { return fetch(\`\${this.base}/\${id}\`); } }
enum Mode { A = 'a' }
type Pick2<K extends keyof Result> = { [P in K]: Result[P] };
`,
  'legacy.js': `
var api = require('./api');
function go(opts) { var base = opts.base || api.BASE; return $.post(base + 'complaints/', { mode: 'x' }); }
module.exports = { go: go };
`,
};

/** Same paths (identity), same order; shown as type@start on failure. */
function same(got: Path[], want: Path[]): void {
  const show = (l: Path[]) => l.map((p) => `${p.node.type}@${p.node.start}`);
  expect(show(got)).toEqual(show(want));
  expect(got.every((p, i) => p === want[i])).toBe(true);
}

function byType(paths: Path[]): Map<string, Path[]> {
  const m = new Map<string, Path[]>();
  for (const p of paths) m.set(p.node.type, [...(m.get(p.node.type) ?? []), p]);
  return m;
}

describe('NodeIndex', () => {
  for (const [file, source] of Object.entries(SOURCES)) {
    it(`nodesOf gives find(j.Node)'s paths, by type and in order (${file})`, () => {
      const j = jscodeshiftFor(file);
      const root = parse(j, source, file);
      const index = new NodeIndex(j, root);
      const expected: Path[] = [];
      root.find(j.Node).forEach((p: Path) => void expected.push(p));
      const want = byType(expected);
      expect(want.has('File')).toBe(false);
      for (const [type, list] of want) same(index.nodesOf(type), list);
      const total = [...want.keys()].reduce((n, t) => n + index.nodesOf(t).length, 0);
      expect(total).toBe(expected.length);
    });

    it(`identifiersIn gives j(scope).find(j.Identifier, { name }) for every scope and name (${file})`, () => {
      const j = jscodeshiftFor(file);
      const root = parse(j, source, file);
      const index = new NodeIndex(j, root);
      const scopes: Path[] = [];
      root.find(j.Function).forEach((p: Path) => void scopes.push(p));
      root.find(j.Program).forEach((p: Path) => void scopes.push(p));
      const names = new Set<string>();
      root.find(j.Identifier).forEach((p: Path) => void names.add(p.node.name));
      expect(scopes.length).toBeGreaterThan(1);
      for (const scope of scopes) {
        for (const name of names) {
          const want: Path[] = [];
          j(scope).find(j.Identifier, { name }).forEach((p: Path) => void want.push(p));
          same(index.identifiersIn(scope, name), want);
        }
      }
    });
  }

  it('importedLocals holds the names imports and destructured requires bind, and no other', () => {
    const j = jscodeshiftFor('client.tsx');
    const index = new NodeIndex(j, parse(j, SOURCES['client.tsx']!, 'client.tsx'));
    expect([...index.importedLocals()].sort()).toEqual(['MODES', 'Result', 'base']);
    expect(index.imports().map((i) => `${i.local} ${i.specifier} ${i.exportName}`)).toEqual(['base ./config BASE', 'Result ./config Result', 'MODES ./modes MODES']);
  });
});
