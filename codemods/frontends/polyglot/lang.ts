import type { SgNode } from '@ast-grep/napi';
import type { CommentStyle } from '../../markers';

/**
 * The language-neutral view of a parsed file that the shared analysis reads. Each language module fills it from
 * its grammar's node kinds (ast-grep `findAll` with kind rules); everything after that is the same for every
 * language. Offsets are UTF-16 offsets into the source, as JavaScript strings count (ast-grep's `index`).
 */

/** A string literal. `text` is its content with every interpolation replaced by HOLE. */
export interface Lit {
  node: SgNode;
  start: number;
  end: number;
  text: string;
  /** Literal content pieces with their offsets (escape sequences make the literal not simple). */
  parts: { start: number; end: number; text: string }[];
  /** One piece, no escapes, no interpolation: the value is `text`. */
  simple: boolean;
}

export const HOLE = '\u0000';

/** A key and value of a map / dict / hash / array literal, a named argument, or a struct literal field. */
export interface Pair {
  node: SgNode;
  /** What deleting the entry removes (Map.of pairs: the key and the value arguments). */
  start: number;
  end: number;
  key: string;
  keyNode: SgNode;
  value: SgNode | null;
  /** The literal or call holding the entry. */
  container: SgNode;
  /** A named argument or a struct literal field (its container is a call or a typed literal). */
  named: boolean;
}

/** A variable, constant, parameter or property, or an assignment to a name. */
export interface Decl {
  node: SgNode;
  name: string;
  nameNode: SgNode;
  /** The declared type's name, without generics, pointers or optionality. */
  type: string | null;
  init: SgNode | null;
}

export interface FieldDecl {
  node: SgNode;
  name: string;
  nameNode: SgNode;
  /** The JSON key an annotation, tag or alias gives it. */
  key: string | null;
  keyNode: SgNode | null;
  /** The model type it holds where the language module tells it from code (a Ruby struct's `new(pc: Cond.new(…))`). */
  type?: string | null;
}

export interface EnumCase {
  node: SgNode;
  name: string;
  nameNode: SgNode;
  /** String literals that give the case its value (raw value, constructor argument, serialized name). */
  values: Lit[];
}

export interface TypeDecl {
  node: SgNode;
  name: string;
  fields: FieldDecl[];
  cases: EnumCase[];
}

/** An equality test (`a == b`), or a case label with the switch's subject. */
export interface Compare {
  node: SgNode;
  sides: SgNode[];
}

export interface Call {
  node: SgNode;
  /** Last name of the callee: `post` for `self.session.post(…)`. */
  callee: string;
  args: SgNode[];
  /** Go: the folder of the imported package that qualifies it (`gin` for `gin.SetMode(…)`, whatever its alias): only that package's functions answer it. */
  pkg?: string;
}

/** A key a pattern reads from a value (Elixir's `%{"advice" => a} = body`): the keys from the value down to it. */
export interface KeyRead {
  keyNode: SgNode;
  keys: string[];
  subject: SgNode;
}

export interface Extracted {
  lits: Lit[];
  pairs: Pair[];
  decls: Decl[];
  types: TypeDecl[];
  compares: Compare[];
  calls: Call[];
  /** Keys read by destructuring patterns, in languages that have them. */
  keyReads?: KeyRead[];
}

export interface LangSpec {
  id: string;
  /** Package of the grammar. */
  grammar: string;
  extensions: string[];
  /** Files of the language known by their whole name, lower-cased (Ruby's `Rakefile`). */
  fileNames?: string[];
  comment: CommentStyle;
  /** Node kinds of function bodies (scopes for ties within a function). */
  functionKinds: string[];
  /** Node kinds that read a member: member access, subscripts, accessor calls (outermost first is found by parent test). */
  chainKinds: string[];
  /** Node kinds of identifiers and names. */
  nameKinds: string[];
  /** Node kinds of integer literals. */
  intKinds: string[];
  /** Node kinds of return statements. */
  returnKinds: string[];
  extract(root: SgNode, lit: (n: SgNode) => Lit | null): Omit<Extracted, 'lits'>;
  /** String literal kinds and how to read them. */
  stringKinds: string[];
  contentKinds: string[];
  escapeKinds: string[];
  /** Symbols (`:safe`) read as string literals. */
  symbolKinds?: string[];
  /** A literal that lists words (Elixir's `~w(complaint safe)`): each word's offsets, read as a literal of its own. */
  words?: (n: SgNode) => { start: number; end: number }[] | null;
  /**
   * Lambdas, blocks and closures: their node kinds, the kinds of their parameter lists (a child or grandchild),
   * which identifier of a parameter is its name (`o: Option` first, `Option o` last), and the name of the only
   * parameter of a lambda that declares none (`it`, `$0`).
   */
  lambdas?: { kinds: string[]; params: string[]; pick: 'first' | 'last'; implicit?: string };
  /** A type's members are in scope in its methods by their bare name (Ruby, Kotlin, Swift): `advice` reads `self.advice`. */
  implicitSelf?: boolean;
  /** Namespaces that group constants without being a type (Ruby's `module Modes … end`): named by their first child. */
  groupKinds?: string[];
  /** Loops over a collection (`for o in xs`, `for (Option o : xs)`, `foreach ($xs as $o)`): their variable holds an item. */
  loopKinds?: string[];
  /**
   * Kinds the grammar has no node for, built by the language module from runs of sibling nodes (Dart's grammar
   * writes `dio.post(…)` as an identifier followed by selectors, and a method as a signature beside its body).
   * `all()` answers them like real kinds; functions among them are found by their span, not by parents.
   */
  virtual?: Record<string, (n: SgNode) => SgNode[]>;
  /** String content is not a node: it is what lies between the quotes, the interpolations and the escapes. */
  gapContent?: boolean;
  /**
   * The text the grammar is given, offsets kept (syntax newer than the grammar rewritten one for one); a second,
   * plainer attempt (`attempt` 1) when the first does not parse, or null when there is none.
   */
  prepare?(source: string, attempt: number): string | null;
  /**
   * The grammar is behind the language (Dart 3 records and patterns): a file it cannot read that calls the v1
   * API gets the pass of languages without a parser (addresses by role, one file-level finding), not a failure.
   */
  textOnError?: boolean;
  /** Without its grammar, or on a file the grammar cannot read, the file gets the token pass of lexical.ts (Scala, Elixir). */
  lexicalFallback?: boolean;
  /** Files of another language that share its extensions (Objective-C's `.h` beside C's): the token pass, not the grammar. */
  lexicalOnly?(source: string): boolean;
  /** The model a function without a declared return type returns by building it (Ruby's `Result.from_hash(…)` last). */
  builtReturn?(fn: SgNode): string | null;
  /** The name of a function whose kind carries no name of its own (Elixir's `def run(…)` is a macro call). */
  functionName?(fn: SgNode): string | null;
  /**
   * The module a call's receiver is bound to by the file (Lua's `local helpdesk = require "app.helpdesk"` for
   * `helpdesk.add_complaint(…)`): its last segment, which names the file that defines the function (PolyFacts.module).
   */
  calledModule?(call: SgNode): string | null;
}

/** A loop's variable, declared with the collection it walks as its value (`Option o` keeps its type). */
export function loopDecl(spec: LangSpec, n: SgNode): Decl | null {
  const kids = n.children();
  const sep = kids.findIndex((c) => ['in', ':', 'as'].includes(c.kind() as string));
  if (sep < 0) return null;
  const before = kids.slice(0, sep).filter((c) => c.isNamed());
  // Ruby's `in` node holds the collection.
  const after = kids[sep]!.isNamed() ? namedKids(kids[sep]!) : kids.slice(sep + 1).filter((c) => c.isNamed());
  // PHP: `foreach ($xs as $k => $v)`: the variable follows `as`, the collection precedes it.
  const php = kids[sep]!.kind() === 'as';
  const target = php ? after[0] : before[before.length - 1];
  const init = (php ? before[before.length - 1] : after[0]) ?? null;
  if (!target || !init) return null;
  const names = spec.nameKinds.includes(target.kind() as string) ? [target] : all(target, ...spec.nameKinds, 'variable_name');
  // Python's `for i, pc in enumerate(result.conditions)`: the second variable is an item of enumerate's first argument.
  const counted = names.length === 2 && /^enumerate\s*\(/.test(init.text()) ? namedKids(namedKids(init).find((c) => c.kind() === 'argument_list') ?? init)[0] : undefined;
  if (counted) return { node: n, name: names[1]!.text(), nameNode: names[1]!, type: null, init: counted };
  // One variable only (`for k, v in …` holds no single item), but a PHP `$k => $v` gives its value.
  const nameNode = php ? names[names.length - 1] : names.length === 1 ? names[0] : undefined;
  if (!nameNode) return null;
  const type = before.length > 1 && !php ? before[before.length - 2]!.text() : null;
  return { node: n, name: nameNode.text().replace(/^\$/, ''), nameNode, type: type === 'var' ? null : type, init };
}

/** The parameter names of a lambda ([] when it declares none), or null when `fn` is a named function. */
export function lambdaParams(spec: LangSpec, fn: SgNode): string[] | null {
  const l = spec.lambdas;
  if (!l || !l.kinds.includes(fn.kind() as string)) return null;
  const isList = (c: SgNode) => l.params.includes(c.kind() as string);
  const list = fn.children().find(isList) ?? fn.children().flatMap((c) => c.children()).find(isList);
  return list ? paramNames(list.text().replace(/^\s*[(|]|[)|]\s*$/g, ''), l.pick) : [];
}

/** Names in a parameter list: the first or the last identifier of each comma-separated part (`a: Int`, `Option o`). */
export function paramNames(list: string, pick: 'first' | 'last'): string[] {
  const parts: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of list) {
    if ('(<[{'.includes(ch)) depth++;
    else if (')>]}'.includes(ch)) depth--;
    if (ch === ',' && depth === 0) {
      parts.push(cur);
      cur = '';
    } else cur += ch;
  }
  if (cur.trim()) parts.push(cur);
  return parts.map((p) => {
    if (/^\s*\(/.test(p)) return '()';
    const head = pick === 'first' ? p.replace(/[:=].*$/s, '') : p.replace(/=.*$/s, '');
    const ids = head.replace(/<[^>]*>/g, '').match(/[$@]?[A-Za-z_]\w*/g) ?? [];
    const id = pick === 'first' ? ids[0] : ids[ids.length - 1];
    return (id ?? '').replace(/^[$@]+/, '');
  }).filter(Boolean);
}

/** Offsets of a node. */
export function span(n: SgNode): { start: number; end: number } {
  let s = spans.get(n);
  if (!s) {
    const r = n.range();
    s = { start: r.start.index, end: r.end.index };
    spans.set(n, s);
  }
  return s;
}

/**
 * Spans by node object: the extracted pairs, calls and declarations are the same objects for the whole analysis
 * and the rules ask for their spans again and again (each `range()` crosses into the native parser). Callers
 * never change the object returned.
 */
const spans = new WeakMap<SgNode, { start: number; end: number }>();

/**
 * Whether two nodes are the same node of the tree. ast-grep hands out a new object for every `parent()`,
 * `children()` or `find()`, so object identity never holds across calls: compare the spans and the kind.
 */
export function sameNode(a: SgNode | null | undefined, b: SgNode | null | undefined): boolean {
  if (!a || !b) return a === b;
  const x = span(a);
  const y = span(b);
  return x.start === y.start && x.end === y.end && a.kind() === b.kind();
}

/** The first named child of one of the kinds. */
export function childOf(n: SgNode, ...kinds: string[]): SgNode | null {
  return n.children().find((c) => kinds.includes(c.kind() as string)) ?? null;
}

export function namedKids(n: SgNode): SgNode[] {
  return n.children().filter((c) => c.isNamed() && !/comment/.test(c.kind() as string));
}

/**
 * Containers and wrappers whose first type argument is what a value holds (`Call<[Question]>` → Question), reactive
 * holders included (RxSwift's `BehaviorRelay<Result?>`, Combine's `CurrentValueSubject<Result?, Never>`, `MutableStateFlow<Result?>`).
 */
const WRAPPER = /^(?:Optional|Option|List|Array|Set|Sequence|IReadOnlyList|IEnumerable|IList|Collection|Mono|Flux|HttpResponse|Promise|Task|Future|Deferred|Call|Response|Result|ResponseEntity|LiveData|MutableLiveData|StateFlow|MutableStateFlow|SharedFlow|MutableSharedFlow|Flow|MutableList|AnyPublisher|CurrentValueSubject|PassthroughSubject|Single|Observable|Maybe|Driver|Signal|BehaviorRelay|PublishRelay|ReplayRelay|BehaviorSubject|PublishSubject|ReplaySubject|ApiResponse)\s*[<[]\s*\[?\s*([\w.]+(?:\s*<[^]*>)?)/;

/** The simple name at the end of a type (`Optional[Result]` → Result, `*Interview` → Interview, `List<Option>` → Option). */
export function typeName(text: string | null | undefined): string | null {
  if (!text) return null;
  let t = text.trim();
  // A union with nothing (Python's `Result | None`, PHP's `Result|null`): the one type it may hold.
  if (/\|/.test(t) && !/[<[(]/.test(t)) {
    const some = t.split('|').map((x) => x.trim()).filter((x) => !/^(None|null|NULL|nil|void)$/.test(x));
    if (some.length !== 1) return null;
    t = some[0]!;
  }
  for (let inner = WRAPPER.exec(t); inner; inner = WRAPPER.exec(t)) t = inner[1]!;
  t = t.replace(/^(\[\]|\*|&)+/, '').replace(/[?*&!\s]/g, '').replace(/^\[+|\]+$/g, '').replace(/[<[].*$/, '');
  const last = t.split(/[.:\\]/).pop() ?? '';
  return /^[A-Za-z_]\w*$/.test(last) ? last : null;
}

/** Kinds a grammar does not know, per language (ast-grep refuses a rule that names one). */
const unknownKinds = new Map<string, Set<string>>();
let currentLang = '';
let currentVirtual: LangSpec['virtual'];

/** Set the language of the file being read (kinds are checked against its grammar). */
export function useLanguage(id: string, virtual?: LangSpec['virtual']): void {
  currentLang = id;
  currentVirtual = virtual;
}

/**
 * What whole-tree searches found, per tree root and kind list: the rules of a file ask the root for the same kinds
 * several times (calls, member reads, identifiers), each a walk of the whole tree and a wrapper per node found.
 */
const rootSearches = new WeakMap<SgNode, Map<string, SgNode[]>>();

/** Every node of one of the kinds inside `n` (kinds this grammar does not have are left out). */
export function all(n: SgNode, ...kinds: string[]): SgNode[] {
  if (n.parent() !== null) return search(n, kinds);
  let cache = rootSearches.get(n);
  if (!cache) rootSearches.set(n, (cache = new Map()));
  const key = kinds.join(',');
  let found = cache.get(key);
  if (!found) cache.set(key, (found = search(n, kinds)));
  // A copy: callers may sort or filter what they get.
  return found.slice();
}

function search(n: SgNode, kinds: string[]): SgNode[] {
  const virtual = currentVirtual ? kinds.filter((k) => currentVirtual![k]) : [];
  if (virtual.length === 0) return real(n, kinds);
  const found = [...real(n, kinds.filter((k) => !virtual.includes(k))), ...virtual.flatMap((k) => currentVirtual![k]!(n))];
  // Document order, outer before inner, as findAll gives them.
  return found.sort((a, b) => span(a).start - span(b).start || span(b).end - span(a).end);
}

function real(n: SgNode, kinds: string[]): SgNode[] {
  let bad = unknownKinds.get(currentLang);
  if (!bad) unknownKinds.set(currentLang, (bad = new Set()));
  const ok = kinds.filter((k) => !bad.has(k));
  if (ok.length === 0) return [];
  try {
    return n.findAll({ rule: { any: ok.map((kind) => ({ kind })) } });
  } catch {
    const good: string[] = [];
    for (const k of ok) {
      try {
        n.findAll({ rule: { kind: k } });
        good.push(k);
      } catch {
        bad.add(k);
      }
    }
    return good.length > 0 ? n.findAll({ rule: { any: good.map((kind) => ({ kind })) } }) : [];
  }
}

/** Empty lists for a language module to fill. */
export function collect(): Omit<Extracted, 'lits'> {
  return { pairs: [], decls: [], types: [], compares: [], calls: [] };
}

/** The JSON key an annotation or attribute gives a field (`@SerializedName("x")`, `[JsonPropertyName("x")]`). */
export function annotatedKey(field: SgNode, kinds: string[], names: RegExp, stringKind: string, lit: (n: SgNode) => Lit | null): { key: string | null; keyNode: SgNode | null } {
  for (const a of all(field, ...kinds)) {
    if (!names.test(a.text())) continue;
    const s = all(a, stringKind)[0];
    const l = s ? lit(s) : null;
    if (l?.simple) return { key: l.text, keyNode: s! };
  }
  return { key: null, keyNode: null };
}
