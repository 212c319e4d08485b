import type { SgNode } from '@ast-grep/napi';
import { COMMENTS } from '../../../markers';
import { all, childOf, collect, namedKids, span, type Decl, type KeyRead, type LangSpec, type Pair, sameNode } from '../lang';
import { elixirModels, macroName } from './elixir-models';

/** Macros that define a function: its head is `name(params)`, its body a `do` block or a `do:` keyword. */
const DEFS = new Set(['def', 'defp', 'defmacro', 'defmacrop']);
/** Blocks of ExUnit that scope their variables as a function does (`test "…", %{bypass: b} do … end`). */
const BLOCKS = new Set([...DEFS, 'test', 'setup', 'setup_all']);
/** The keywords of a block written on one line (`do: …`, `else: …`). */
const BLOCK_KEYWORDS = new Set(['do', 'else', 'after', 'rescue', 'catch']);
const EQUALITY = new Set(['==', '!=', '===', '!==']);

/** The `def`/`defp` calls of a tree: Elixir's functions are macro calls, not a node kind of their own. */
function defs(n: SgNode): SgNode[] {
  return all(n, 'call').filter((c) => DEFS.has(macroName(c) ?? ''));
}

/** Functions and the test blocks that scope like them. */
function scopes(n: SgNode): SgNode[] {
  return all(n, 'call').filter((c) => BLOCKS.has(macroName(c) ?? '') && (!!childOf(c, 'do_block') || DEFS.has(macroName(c)!)));
}

/** The head of a function definition (`run(a, b)` in `def run(a, b) do … end`, less a `when` guard). */
function defHead(def: SgNode): SgNode | null {
  let head = namedKids(childOf(def, 'arguments') ?? def)[0] ?? null;
  if (head?.kind() === 'binary_operator' && head.children().some((c) => c.kind() === 'when')) head = namedKids(head)[0] ?? null;
  return head?.kind() === 'call' ? head : null;
}

/** A function's name: its head's (`run(a)`), or a head without parentheses (`def result_json do … end`). */
function defName(def: SgNode): string | null {
  const head = defHead(def);
  if (head) return namedKids(head)[0]?.text() ?? null;
  const bare = namedKids(childOf(def, 'arguments') ?? def)[0];
  return bare?.kind() === 'identifier' ? bare.text() : null;
}

/**
 * The names a pattern binds (`{:ok, %{body: body}} = get(…)`, a `case` clause's `{:ok, %Tesla.Env{body: b}} ->`):
 * each holds a part of the value matched, declared with the whole value as its init (a response and its body
 * are read alike). Pinned names (`^x`) and names in a nested match's right side are not bound here.
 */
function bound(node: SgNode, pattern: SgNode, value: SgNode): Decl[] {
  if (!['tuple', 'map', 'list', 'binary_operator'].includes(pattern.kind() as string)) return [];
  return all(pattern, 'identifier')
    .filter((id) => !/^_/.test(id.text()) && id.parent()?.kind() !== 'unary_operator' && id.parent()?.kind() !== 'struct' && id.parent()?.kind() !== 'dot' && id.parent()?.kind() !== 'call')
    .map((id) => ({ node, name: id.text(), nameNode: id, type: null, init: value }));
}

/** The operator of a binary_operator node. */
function operator(n: SgNode): string {
  return n.children().find((c) => !c.isNamed())?.kind() as string;
}

/**
 * Elixir: maps (`%{"extra" => v}`, `%{extra: v}`), keyword lists and keyword arguments (`[mode: "x"]`,
 * `json: %{…}`), matches and module attributes (`x = …`, `@base "…"`), function parameters, Ecto schema fields
 * and structs, `==` and `case … do "safe" ->` clauses, remote calls (`Req.post(…)`) and pipes (`body |> f(…)`,
 * the piped value the call's first argument), atoms (`:safe`) as values.
 */
export const elixir: LangSpec = {
  id: 'elixir',
  grammar: '@ast-grep/lang-elixir',
  extensions: ['ex', 'exs'],
  comment: COMMENTS.hash,
  stringKinds: ['string', 'charlist', 'sigil'],
  contentKinds: ['quoted_content'],
  escapeKinds: ['escape_sequence'],
  symbolKinds: ['atom'],
  words: wordSigil,
  functionKinds: ['elixir_def', 'anonymous_function'],
  virtual: { elixir_def: scopes },
  chainKinds: ['call', 'dot', 'access_call'],
  nameKinds: ['identifier', 'alias'],
  intKinds: ['integer'],
  returnKinds: [],
  lambdas: { kinds: ['anonymous_function'], params: ['arguments'], pick: 'first' },
  groupKinds: [],
  lexicalFallback: true,
  functionName: (fn) => (fn.kind() === 'call' && DEFS.has(macroName(fn) ?? '') ? defName(fn) : null),
  extract(root, lit) {
    const { pairs, decls, types, compares, calls } = collect();
    const keyReads: KeyRead[] = [];
    const push = (n: SgNode, key: string | undefined, keyNode: SgNode, value: SgNode | null, holder: SgNode) => {
      if (key === undefined) return;
      // A keyword list's container: the list or map around it, or the call it is the last argument of.
      const container = ['map_content', 'keywords'].includes(holder.kind() as string) ? holder.parent()! : holder;
      const named = container.kind() === 'arguments';
      pairs.push({ node: n, ...span(n), key, keyNode, value, container: named ? container.parent()! : container, named } satisfies Pair);
    };
    for (const n of all(root, 'pair')) {
      const k = namedKids(n)[0]!;
      const key = k.kind() === 'keyword' ? k.text().replace(/:\s*$/, '') : k.kind() === 'quoted_keyword' ? lit(k)?.text : undefined;
      const keywords = n.parent()!;
      // `def result_json, do: %{…}`, `if x, do: a, else: b`: a block written as keywords, no data.
      if (BLOCK_KEYWORDS.has(key ?? '') && keywords.parent()?.kind() === 'arguments') continue;
      push(n, key, k, namedKids(n)[1] ?? null, keywords.parent() ?? keywords);
    }
    for (const n of all(root, 'binary_operator')) {
      const op = operator(n);
      const [left, right] = [namedKids(n)[0], namedKids(n)[1]];
      if (!left || !right) continue;
      if (op === '=>' && n.parent()?.kind() === 'map_content') {
        const key = left.kind() === 'atom' ? lit(left)?.text : lit(left)?.simple ? lit(left)!.text : undefined;
        push(n, key, left, right, n.parent()!);
      } else if ((op === '=' || op === '<-') && left.kind() === 'identifier') decls.push({ node: n, name: left.text(), nameNode: left, type: null, init: right });
      else if (op === '=' || op === '<-') {
        decls.push(...bound(n, left, right));
        keyReads.push(...patternKeys(left, right));
      }
      else if (op === '\\\\' && left.kind() === 'identifier') decls.push({ node: n, name: left.text(), nameNode: left, type: null, init: right });
      else if (EQUALITY.has(op)) compares.push({ node: n, sides: [left, right] });
      // `mode in ["safe", "triage"]` (a guard's `when mode in […]` too): the value against each element.
      else if (op === 'in' && right.kind() === 'list') for (const e of namedKids(right)) compares.push({ node: n, sides: [left, e] });
    }
    // Module attributes: `@base_url "https://…"`.
    for (const n of all(root, 'unary_operator')) {
      const inner = namedKids(n)[0];
      if (n.children()[0]?.kind() !== '@' || inner?.kind() !== 'call') continue;
      const name = childOf(inner, 'identifier');
      const value = namedKids(childOf(inner, 'arguments') ?? inner)[0] ?? null;
      if (name && value) decls.push({ node: n, name: name.text(), nameNode: name, type: null, init: value });
    }
    // Plain parameters: `def run(client, body)`.
    for (const d of defs(root)) {
      const head = defHead(d);
      for (const p of namedKids(childOf(head ?? d, 'arguments') ?? d)) {
        if (head && p.kind() === 'identifier') decls.push({ node: p, name: p.text(), nameNode: p, type: null, init: null });
        // `%Result{} = result` (either way round): a parameter of the struct's type.
        const [l, r] = p.kind() === 'binary_operator' && operator(p) === '=' ? namedKids(p) : [];
        const struct = [l, r].find((x) => x?.kind() === 'map' && childOf(x, 'struct'));
        const id = [l, r].find((x) => x?.kind() === 'identifier');
        if (head && struct && id) decls.push({ node: p, name: id.text(), nameNode: id, type: childOf(struct, 'struct')!.text().split('.').pop()!, init: null });
        // `def enabled?(%Interview{marketplace: m, variant: v})`: the struct's fields the head matches are read from it.
        const matched = p.kind() === 'map' && childOf(p, 'struct') ? p : struct;
        if (head && matched) keyReads.push(...patternKeys(matched, childOf(matched, 'struct')!));
      }
    }
    types.push(...elixirModels(root, lit));
    // `case mode do "safe" -> … end`: each clause's pattern against the subject.
    for (const n of all(root, 'call')) {
      const macro = macroName(n);
      if (macro === 'case') {
        const subject = namedKids(childOf(n, 'arguments') ?? n)[0];
        const block = childOf(n, 'do_block');
        if (!subject || !block) continue;
        for (const clause of namedKids(block).filter((c) => c.kind() === 'stab_clause')) {
          const pattern = namedKids(childOf(clause, 'arguments') ?? clause)[0];
          if (pattern) compares.push({ node: clause, sides: [subject, pattern] });
          if (pattern) decls.push(...bound(clause, pattern, subject));
          if (pattern) keyReads.push(...patternKeys(pattern, subject));
        }
        continue;
      }
      const dot = childOf(n, 'dot');
      const callee = dot ? namedKids(dot).slice(-1)[0]?.text() : macro;
      const argList = childOf(n, 'arguments');
      const args = argList ? namedKids(argList) : [];
      // `body |> Map.get("advice")`: the piped value is the first argument.
      const parent = n.parent();
      const piped = parent?.kind() === 'binary_operator' && operator(parent) === '|>' && span(namedKids(parent)[1] ?? parent).start === span(n).start ? namedKids(parent)[0] : undefined;
      calls.push({ node: n, callee: callee ?? '', args: piped ? [piped, ...args] : args });
    }
    keyReads.push(...captureReads(root));
    return { pairs, decls, types, compares, calls, keyReads };
  },
};

/** `~w(complaint safe triage)` (a modifier after it, `~w(…)a`, too): its words; null for any other literal. */
function wordSigil(n: SgNode): { start: number; end: number }[] | null {
  if (n.kind() !== 'sigil' || childOf(n, 'sigil_name')?.text() !== 'w') return null;
  const content = childOf(n, 'quoted_content');
  if (!content || namedKids(n).some((k) => k.kind() === 'interpolation' || k.kind() === 'escape_sequence')) return content ? null : [];
  const at = span(content).start;
  return [...content.text().matchAll(/\S+/g)].map((m) => ({ start: at + m.index!, end: at + m.index! + m[0].length }));
}

/** Whether a node is `&` applied to something: a capture (`&(&1.triage)`) or its argument (`&1`). */
function ampersand(n: SgNode | null): boolean {
  return n?.kind() === 'unary_operator' && n.children()[0]?.kind() === '&';
}

/**
 * `Enum.filter(options, &is_nil(&1.preselected))`, `pcs |> Enum.any?(&(&1.triage in […]))`: a capture's
 * `&1.field` reads each element of the collection the call is given (its other argument, or the piped value).
 */
function captureReads(root: SgNode): KeyRead[] {
  const out: KeyRead[] = [];
  for (const arg of all(root, 'unary_operator')) {
    if (!ampersand(arg) || namedKids(arg)[0]?.kind() !== 'integer' || arg.text() !== '&1') continue;
    const keys: string[] = [];
    let at: SgNode = arg;
    let keyNode: SgNode | null = null;
    for (let dot = at.parent(); dot?.kind() === 'dot' && dot.parent()?.kind() === 'call' && !childOf(dot.parent()!, 'arguments'); dot = at.parent()) {
      const name = namedKids(dot).slice(-1)[0];
      if (name?.kind() !== 'identifier') break;
      keys.push(name.text());
      keyNode ??= name;
      at = dot.parent()!;
    }
    if (!keyNode) continue;
    let capture = arg.parent();
    while (capture && !(ampersand(capture) && namedKids(capture)[0]?.kind() !== 'integer')) capture = capture.parent();
    const args = capture?.parent();
    const call = args?.kind() === 'arguments' ? args.parent() : null;
    if (!capture || call?.kind() !== 'call') continue;
    const parent = call.parent();
    const piped = parent?.kind() === 'binary_operator' && operator(parent) === '|>' && sameNode(namedKids(parent)[1] ?? parent, call) ? namedKids(parent)[0] : undefined;
    const others = namedKids(args!).filter((a) => !sameNode(a, capture!));
    const subject = piped ?? (others.length === 1 ? others[0] : undefined);
    if (subject) out.push({ keyNode, keys: ['*', ...keys], subject });
  }
  return out;
}

/** The key of a map or keyword entry (`"advice" =>`, `advice:`), or null. */
function entryKey(n: SgNode): string | null {
  if (n.kind() === 'pair') {
    const k = namedKids(n)[0];
    return k?.kind() === 'keyword' ? k.text().replace(/:\s*$/, '') : null;
  }
  const k = namedKids(n)[0];
  const m = k && /^(?:"([\w-]+)"|:([\w]+))$/.exec(k.text());
  return n.kind() === 'binary_operator' && operator(n) === '=>' && m ? (m[1] ?? m[2])! : null;
}

/**
 * The keys a pattern reads from the value it matches (`%{"advice" => a} = body`, `{:ok, %{body: %{"test" => t}}} =
 * get(…)`): each entry of a map in it, with the keys of the maps around it. A response's `body` is the value read.
 */
function patternKeys(pattern: SgNode, subject: SgNode): KeyRead[] {
  if (!['tuple', 'map'].includes(pattern.kind() as string)) return [];
  const out: KeyRead[] = [];
  for (const e of all(pattern, 'pair', 'binary_operator')) {
    const key = entryKey(e);
    if (!key || e.parent()?.kind() !== (e.kind() === 'pair' ? 'keywords' : 'map_content')) continue;
    const keys = [key];
    for (let p = e.parent(); p && !sameNode(p, pattern); p = p.parent()) {
      const k = ['pair', 'binary_operator'].includes(p.kind() as string) ? entryKey(p) : null;
      if (k) keys.unshift(k);
    }
    const path = keys[0] === 'body' ? keys.slice(1) : keys;
    if (path.length > 0) out.push({ keyNode: namedKids(e)[0]!, keys: path, subject });
  }
  return out;
}
