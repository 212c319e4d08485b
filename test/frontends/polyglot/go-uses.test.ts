import { describe, expect, it } from 'vitest';
import { goQualifiedUses } from '../../../codemods/frontends/polyglot/go-uses';

/** Go: which other packages' names a file uses (only through an imported package's name). */
describe('goQualifiedUses', () => {
  it('names qualified by an imported package, by its last path segment or its alias (a /vN suffix skipped)', () => {
    const src = 'package web\n\nimport (\n\t"net/http"\n\tsc "example.com/app/checker"\n\t"github.com/go-chi/chi/v5"\n)\n\nvar a = sc.Base\nfunc f(w http.ResponseWriter) { chi.NewRouter(); out.Result.Number = "" }\n';
    expect([...goQualifiedUses(src)!].sort()).toEqual(['Base', 'NewRouter', 'ResponseWriter']);
  });

  it('a single import line, and a blank import that gives no name', () => {
    expect([...goQualifiedUses('package x\nimport "example.com/sc"\nimport _ "embed"\nvar b = sc.Base\nvar c = embed.FS{}\n')!]).toEqual(['Base']);
  });

  it('an unqualified name of the package itself is no use of another package', () => {
    expect([...goQualifiedUses('package desk\n\ntype reply struct { Result struct{} }\n')!]).toEqual([]);
  });

  it('a dot import makes other packages\' names unqualified: no answer (every name counts)', () => {
    expect(goQualifiedUses('package x\nimport . "example.com/sc"\nvar b = Base\n')).toBeNull();
  });
});
