import type { SgNode } from '@ast-grep/napi';
import { span } from '../lang';

/**
 * Dart's grammar has no node for a member chain, a call or a method: `dio.post('complaints/', data: {…})` is an
 * identifier followed by selector siblings, and a method is a signature beside its body (its annotations beside
 * both). This module builds those nodes from runs of siblings, so the shared rules read them as they read other
 * languages' call and function nodes. A run answers the node methods the rules use (span, text, kind, children,
 * parent, findAll); its children are the siblings it groups.
 */

/** Selector kinds that continue a chain. */
const SELECTORS = new Set(['selector', 'unconditional_assignable_selector', 'conditional_assignable_selector']);
/** A function's signature kinds (beside its body, or alone in an abstract declaration). */
const SIGNATURES = /^(method_signature|function_signature|getter_signature|setter_signature|constructor_signature|factory_constructor_signature|operator_signature)$/;
const ANNOTATION = /^(annotation|marker_annotation)$/;

class Run {
  constructor(
    private readonly kids: SgNode[],
    private readonly k: string,
    private readonly up: SgNode | null,
    private readonly source: string,
    private readonly at = { start: span(kids[0]!).start, end: span(kids[kids.length - 1]!).end },
  ) {}
  range() {
    const a = this.kids[0]!.range();
    const b = this.kids[this.kids.length - 1]!.range();
    return { start: a.start, end: b.end };
  }
  text(): string {
    return this.source.slice(this.at.start, this.at.end);
  }
  kind(): string {
    return this.k;
  }
  isNamed(): boolean {
    return true;
  }
  children(): SgNode[] {
    return this.kids;
  }
  parent(): SgNode | null {
    return this.up;
  }
  getRoot(): ReturnType<SgNode['getRoot']> {
    return this.kids[0]!.getRoot();
  }
  next(): SgNode | null {
    return this.kids[this.kids.length - 1]!.next();
  }
  prev(): SgNode | null {
    return this.kids[0]!.prev();
  }
  ancestors(): SgNode[] {
    return this.up ? [this.up, ...this.up.ancestors()] : [];
  }
  findAll(m: Parameters<SgNode['findAll']>[0]): SgNode[] {
    return this.kids.flatMap((c) => c.findAll(m));
  }
  find(m: Parameters<SgNode['find']>[0]): SgNode | null {
    for (const c of this.kids) {
      const hit = c.find(m);
      if (hit) return hit;
    }
    return null;
  }
}

/** One node for a list of siblings: the node itself when there is one. */
export function group(kids: SgNode[], kind: string, source: string): SgNode | null {
  if (kids.length === 0) return null;
  if (kids.length === 1) return kids[0]!;
  return new Run(kids, kind, kids[0]!.parent(), source) as unknown as SgNode;
}

/** The file's text at its offsets: the root node's text leaves out the blanks before the first token. */
export function fullText(root: SgNode): string {
  return ' '.repeat(span(root).start) + root.text();
}

export interface DartCall {
  node: SgNode;
  callee: string;
  /** The `arguments` node the call's argument list is. */
  list: SgNode;
}

interface Built {
  chains: SgNode[];
  calls: DartCall[];
  functions: SgNode[];
}

let cache: { source: string; root: { start: number; end: number }; built: Built } | null = null;

/** The chains, calls and functions of the file a node is in, built once per file. */
export function built(n: SgNode): Built {
  const rootNode = n.getRoot().root();
  const source = fullText(rootNode);
  if (cache && cache.source === source) return cache.built;
  const b: Built = { chains: [], calls: [], functions: [] };
  const parents = new Map<string, SgNode>();
  for (const s of rootNode.findAll({ rule: { any: [...SELECTORS].map((kind) => ({ kind })) } })) {
    const p = s.parent();
    if (p) parents.set(`${span(p).start}:${span(p).end}:${p.kind()}`, p);
  }
  for (const p of parents.values()) {
    const kids = p.children().filter((c) => c.isNamed() && !/comment/.test(c.kind() as string));
    for (let i = 0; i < kids.length; i++) {
      if (SELECTORS.has(kids[i]!.kind() as string) || !SELECTORS.has(kids[i + 1]?.kind() as string)) continue;
      let j = i + 1;
      while (SELECTORS.has(kids[j]?.kind() as string)) j++;
      const runKids = kids.slice(i, j);
      b.chains.push(new Run(runKids, 'dart_chain', p, source) as unknown as SgNode);
      for (let x = 1; x < runKids.length; x++) {
        const list = runKids[x]!.find({ rule: { kind: 'arguments' } });
        const part = runKids[x]!.children().find((c) => c.kind() === 'argument_part');
        if (!part || !list) continue;
        const prev = runKids[x - 1]!.text();
        const callee = /([A-Za-z_$][\w$]*)\s*[!?]?\s*$/.exec(prev)?.[1] ?? '';
        const node = new Run(runKids.slice(0, x + 1), 'dart_call', p, source) as unknown as SgNode;
        b.calls.push({ node, callee, list });
      }
      i = j - 1;
    }
  }
  for (const e of rootNode.findAll({ rule: { any: [{ kind: 'const_object_expression' }, { kind: 'new_expression' }] } })) {
    const type = e.children().find((c) => c.kind() === 'type_identifier');
    const list = e.children().find((c) => c.kind() === 'arguments');
    if (type && list) b.calls.push({ node: e, callee: type.text(), list });
  }
  // A generic function's call, `_response<Interview>(400)`, which the grammar reads as `(_response < Interview) > (400)`:
  // Dart's comparisons do not chain, so that reading is never the program's.
  for (const e of rootNode.findAll({ rule: { kind: 'relational_expression' } })) {
    const kids = e.children().filter((c) => c.isNamed());
    const list = kids[kids.length - 1];
    if (kids.length !== 3 || list?.kind() !== 'parenthesized_expression' || kids[0]!.kind() !== 'relational_expression') continue;
    const callee = /^([A-Za-z_$][\w$]*)\s*<\s*[A-Z][\w<>?, ]*>\s*\(/.exec(e.text())?.[1];
    if (callee) b.calls.push({ node: e, callee, list });
  }
  // A constructor's call of its parent's (`L() : super(HttpStatus.badRequest);`).
  for (const e of rootNode.findAll({ rule: { kind: 'initializer_list_entry' } })) {
    const head = e.children().find((c) => c.kind() === 'super' || c.kind() === 'this');
    const list = e.children().find((c) => c.kind() === 'arguments');
    if (head && list) b.calls.push({ node: e, callee: head.text(), list });
  }
  for (const sig of rootNode.findAll({ rule: { any: [{ kind: 'method_signature' }, { kind: 'function_signature' }, { kind: 'getter_signature' }, { kind: 'setter_signature' }, { kind: 'declaration' }] } })) {
    const fn = functionOf(sig, source);
    if (fn) b.functions.push(fn);
  }
  cache = { source, root: span(rootNode), built: b };
  return b;
}

/** A function: its signature with the body beside it (or an abstract declaration), from its first annotation on. */
function functionOf(sig: SgNode, source: string): SgNode | null {
  const inner = sig.kind() === 'method_signature' || sig.kind() === 'declaration' ? sig.children().find((c) => SIGNATURES.test(c.kind() as string)) : sig;
  if (!inner) return null;
  const parent = sig.parent();
  // A signature inside a method's or a declaration's node is read with it.
  if (!parent || (sig !== inner ? false : /^(method_signature|declaration)$/.test(parent.kind() as string))) return null;
  const siblings = parent.children();
  const at = siblings.findIndex((c) => span(c).start === span(sig).start && c.kind() === sig.kind());
  if (at < 0) return null;
  let next = at + 1;
  while (siblings[next] && !siblings[next]!.isNamed()) next++;
  const body = siblings[next]?.kind() === 'function_body' ? siblings[next]! : null;
  // A declaration is a function only without a body of its own: an abstract method (Retrofit, Chopper).
  if (sig.kind() === 'declaration' && (body || inner.kind() !== 'function_signature')) return null;
  let first = at;
  for (let k = at - 1; k >= 0; k--) {
    if (ANNOTATION.test(siblings[k]!.kind() as string)) first = k;
    else if (siblings[k]!.isNamed()) break;
  }
  const kids = inner.children().filter((c) => c.isNamed());
  const params = kids.findIndex((c) => c.kind() === 'formal_parameter_list');
  const names = kids.slice(0, params < 0 ? kids.length : params).filter((c) => c.kind() === 'identifier');
  const name = names[names.length - 1];
  if (!name) return null;
  const type = group(kids.slice(0, kids.indexOf(names[0]!)).filter((c) => /type/.test(c.kind() as string)), 'dart_type', source);
  const head = [...siblings.slice(first, at).filter((c) => c.isNamed()), ...(type ? [type] : []), name, ...(params >= 0 ? [kids[params]!] : []), ...(body ? [body] : [sig])];
  const real = [...siblings.slice(first, at).filter((c) => c.isNamed()), sig, ...(body ? [body] : [])];
  return new FunctionRun(head, parent, source, real) as unknown as SgNode;
}

/** A function's run: its annotations, return type, name, parameters and body; searched through the nodes it spans. */
class FunctionRun extends Run {
  constructor(kids: SgNode[], up: SgNode, source: string, private readonly real: SgNode[]) {
    super(kids, 'dart_function', up, source);
  }
  override findAll(m: Parameters<SgNode['findAll']>[0]): SgNode[] {
    return this.real.flatMap((c) => c.findAll(m));
  }
}

/** Nodes of a virtual kind inside a node, in document order. */
export function within(n: SgNode, list: SgNode[]): SgNode[] {
  const { start, end } = span(n);
  return list.filter((c) => span(c).start >= start && span(c).end <= end);
}
