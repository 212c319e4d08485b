import { all, childOf, span, type TypeDecl } from '../lang';

/**
 * The JSON keys a PHP class's constructor fills, in order, when it stores each parameter in a field
 * (`public function __construct(int $age = 0, string $sex = 'unknown') { $this->age = $age; $this->sex = $sex; }`):
 * what positional arguments of `new Profile(1, 'male')` set. Null when a parameter is not simply stored, or the
 * class has no such constructor of its own.
 */
export function phpConstructorOrder(t: TypeDecl): string[] | null {
  if (t.node.kind() !== 'class_declaration') return null;
  const own = all(t.node, 'method_declaration').filter((m) => childOf(m, 'name')?.text() === '__construct' && ownerOf(m) === span(t.node).start);
  if (own.length !== 1) return null;
  const params = childOf(own[0]!, 'formal_parameters');
  const body = childOf(own[0]!, 'compound_statement')?.text() ?? '';
  const names = params ? [...params.text().matchAll(/\$(\w+)/g)].map((m) => m[1]!) : [];
  // Promoted parameters (`public string $token`) are the header the language module gives already.
  if (names.length === 0 || /\b(public|protected|private|readonly)\b/.test(params!.text())) return null;
  const keys: string[] = [];
  for (const p of names) {
    const field = new RegExp(`\\$this->(\\w+)\\s*=\\s*\\$${p}\\s*;`).exec(body)?.[1];
    const f = field ? t.fields.find((x) => x.name === field) : undefined;
    if (!f) return null;
    keys.push(f.key ?? f.name);
  }
  return keys;
}

function ownerOf(m: import('@ast-grep/napi').SgNode): number {
  for (let p = m.parent(); p; p = p.parent()) if (p.kind() === 'class_declaration') return span(p).start;
  return -1;
}
