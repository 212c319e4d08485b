/**
 * Go: the names a file uses of other packages, always qualified by an imported package's name
 * (`symptomchecker.Client`); an unqualified `Result` is its own package's (the package's files share names
 * through `tiedPackage`). Null when a dot import makes another package's names unqualified.
 */
export function goQualifiedUses(source: string): Set<string> | null {
  const pkgs = new Set<string>();
  for (const block of source.matchAll(/^import\s*(?:\(([^)]*)\)|((?:[\w.]+\s+)?"[^"\n]+"))/gm)) {
    for (const m of (block[1] ?? block[2] ?? '').matchAll(/(?:^|\n)\s*([\w.]+\s+)?"([^"\n]+)"/g)) {
      const alias = m[1]?.trim();
      if (alias === '.') return null;
      if (alias === '_') continue;
      const segs = m[2]!.split('/').filter((x) => !/^v\d+$/.test(x));
      pkgs.add(alias ?? (segs[segs.length - 1] ?? '').replace(/^go-|[.-]go$/g, '').replace(/\W/g, ''));
    }
  }
  const uses = new Set<string>();
  for (const m of source.matchAll(/\b([a-z_]\w*)\.([A-Z]\w*)/g)) if (pkgs.has(m[1]!)) uses.add(m[2]!);
  return uses;
}
