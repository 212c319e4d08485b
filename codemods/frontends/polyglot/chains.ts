import { norm } from './vocabulary';

/**
 * Member chains read as segments (`result["advice"]`, `.get("msg")`, `->profile`, `.map { r -> r.advice }`): what a
 * chain reads, whatever the language writes between its parts (ties.ts follows them to the API's resources).
 */

/** A segment of a member chain: `result`, `.advice`, `["msg"]`, `.get("msg")`, `->profile`, `.profile()`. */
export interface Segment {
  name: string;
  start: number;
  end: number;
  call: boolean;
  /** Called without arguments (`getAdvice()`, a record's `advice()`). */
  parens?: boolean;
  /** Where the text read for it ends, past its call's parentheses (`.get("msg", {})`). */
  through?: number;
  /** An adaptor's one-parameter lambda that reads a chain from its value (`.and_then(|e| e.potential_condition)`): the chain's names. */
  lambda?: string[];
}

/** The field a segment reads: a bean getter called without arguments reads its property (`getAdvice()` → advice). */
export function memberName(seg: Segment): string {
  const m = seg.parens ? /^(?:get|is)([A-Z_]\w*)$/.exec(seg.name) : null;
  return m ? m[1]!.charAt(0).toLowerCase() + m[1]!.slice(1) : seg.name;
}

const RECEIVERS = new Set(['self', 'this', 'cls', '$this', '@', 'super', 'me']);
/** Accessor calls whose string argument names a key. */
const GETTERS = new Set(['get', 'fetch', 'dig', 'get_string', 'opt', 'opt_string', 'get_json_object', 'path', 'get_value', 'value_for_key', 'get_or_default', 'get_property', 'key',
  // circe's `cursor.downField("advice")`.
  'down_field', 'downfield',
  // nlohmann's `j.at("advice")`, `j.value("advice", "")`, `j.contains("advice")`; cpprestsdk's `v.has_field(U("advice"))`; Qt's `obj.value("advice")`.
  'at', 'value', 'contains', 'has_field']);
/** Calls and members that unwrap a response body without naming a field. */
const TRANSPARENT = new Set([
  // circe's cursor, and Scala's Option / Either unwrapped with a default.
  'hcursor', 'get_or_else',
  // Decoding a JSON value read into a type (circe, Play JSON: `.as[String]`, `.asOpt[String]`).
  'as', 'as_opt',
  // ScalaTest's `future.futureValue` (ScalaFutures) and munit's / ZIO's waits hand on the value the future holds.
  'future_value', 'futureValue',
  'json', 'body', 'get_body', 'value', 'data', 'content', 'to_json', 'as_json', 'parsed', 'decoded', 'unwrap', 'get_or_null', 'first', 'last', 'result', 'await', 'orEmpty', 'or_empty', 'let', 'also', 'map', 'compact', 'to_h', 'with_indifferent_access', 'symbolize_keys', 'stringify_keys', 'deep_symbolize_keys', 'deep_stringify_keys', 'to_hash', 'read_entity', 'block', 'parsed_response', 'to_array',
  // Rust's iterators and Option / Result adaptors hand on the items or the value they hold.
  'iter', 'into_iter', 'iter_mut', 'as_ref', 'as_deref', 'as_slice', 'to_vec', 'cloned', 'copied', 'unwrap_or_default', 'expect',
  // A DRF serializer's or a Django form's checked copy of the data it was given (`ResultSerializer(data=d).validated_data`).
  'validated_data', 'initial_data', 'cleaned_data',
  // Reactive streams converted to another kind of stream of the same values (RxSwift's `relay.asDriver()`, Combine's
  // `eraseToAnyPublisher()`, Kotlin's `asStateFlow()`, `asLiveData()`).
  'as_driver', 'as_signal', 'as_observable', 'as_single', 'as_maybe', 'erase_to_any_publisher', 'as_flow', 'as_state_flow', 'as_shared_flow', 'as_live_data']);

/** Calls that, without arguments, unwrap the value they are called on. */
const UNWRAP_CALLS = new Set(['get', 'orElseThrow', 'getOrThrow', 'require', 'requireValue',
  // A test's blocking read of a stream's value (RxBlocking's `toBlocking().single()`, RxJava's `blockingGet()`).
  'toBlocking', 'single', 'blockingGet', 'blockingFirst', 'blockingSingle', 'blockingLast']);

/** Parse a member chain from its text. Stops at the first thing it does not read. */
export function chainSegments(text: string, offset: number): Segment[] {
  const segs: Segment[] = [];
  let i = 0;
  const push = (name: string, at: number, call = false) => segs.push({ name, start: offset + at, end: offset + at + name.length, call });
  // `(await resp.json()).get("msg")`: the chain inside the parentheses, then what follows them.
  if (text.startsWith('(')) {
    const close = matchParen(text, 0);
    const inner = /^\(\s*(?:await\s+|try\s+)?/.exec(text)![0].length;
    // What is inside, less a default for when it is missing (`(x.get("a") or {})`, `(x?.list ?? [])`).
    const body = text.slice(inner, close).replace(FALLBACK, '');
    const within = chainSegments(body, offset + inner);
    const last = within[within.length - 1];
    if (close >= text.length || !last || (last.call ? last.end : last.through ?? last.end) - offset < inner + body.trimEnd().length - 2) return [];
    const after = chainSegments(`_${text.slice(close + 1)}`, offset + close);
    return [...within, ...after.slice(1)];
  }
  // A prefix operator some grammars bind to the chain's first name (Swift's `!result.advice.isEmpty` is `(!result).advice…`).
  const prefix = /^(?:!|-|~)(?=[$@A-Za-z_(])/.exec(text);
  if (prefix) return chainSegments(text.slice(prefix[0].length), offset + prefix[0].length);
  const head = /^(?:\$\d+|[$@]{0,2}[A-Za-z_]\w*)/.exec(text);
  if (!head) return segs;
  const bare = /^\$\d/.test(head[0]) ? head[0] : head[0].replace(/^[$@]+/, '');
  push(bare, head[0].length - bare.length);
  i = head[0].length;
  while (i < text.length) {
    const rest = text.slice(i);
    let m: RegExpExecArray | null;
    // Lua's method call too (`http:lastBody()`): a single colon before a name called.
    if ((m = /^\s*(?:\?\.|!!\.|\.|->|::|&\.|:(?=[A-Za-z_]\w*\s*\())\s*([A-Za-z_]\w*)/.exec(rest))) {
      const at = i + m[0].length - m[1]!.length;
      i += m[0].length;
      // Type arguments before the call's (Scala's `cursor.get[String]("msg")`).
      const typeArgs = /^\[\s*[A-Z][\w.]*(?:\[[^\]]*\])?(?:\s*,\s*[A-Z][\w.]*(?:\[[^\]]*\])?)*\s*\](?=\s*\()/.exec(text.slice(i));
      if (typeArgs) i += typeArgs[0].length;
      if (text[i] === '(' || /^\s*\(/.test(text.slice(i))) {
        const close = matchParen(text, text.indexOf('(', i));
        const args = text.slice(text.indexOf('(', i) + 1, close);
        const keys = GETTERS.has(norm(m[1]!)) ? [...args.matchAll(/^\s*["':]([\w-]+)["']?|,\s*["':]([\w-]+)["']?/g)] : [];
        if (keys.length > 0 && norm(m[1]!) !== 'path') {
          const argStart = text.indexOf('(', i) + 1;
          const list = norm(m[1]!) === 'dig' ? keys : keys.slice(0, 1);
          for (const k of list) push(k[1] ?? k[2]!, argStart + k.index! + k[0].indexOf(k[1] ?? k[2]!));
        } else {
          push(m[1]!, at, args.trim().length > 0);
          if (!args.trim()) segs[segs.length - 1]!.parens = true;
          const lambda = lambdaChain(args, m[1]!);
          if (lambda) segs[segs.length - 1]!.lambda = lambda;
        }
        i = close + 1;
        segs[segs.length - 1]!.through = offset + i;
      } else if (ADAPTORS.has(m[1]!) && /^[ \t]*\{/.test(text.slice(i)) && trailingLambda(text.slice(i))) {
        // A trailing lambda given to an adaptor (Kotlin's `?.let { it.advice }`, Swift's `.flatMap { $0.potentialCondition }`).
        const open = text.indexOf('{', i);
        const close = matchBrace(text, open);
        push(m[1]!, at, true);
        segs[segs.length - 1]!.lambda = lambdaChain(text.slice(open, close + 1), m[1]!)!;
        i = close + 1;
        segs[segs.length - 1]!.through = offset + i;
      } else {
        push(m[1]!, at);
      }
    } else if ((m = /^\s*\\{1,2}\s*"([\w-]+)"/.exec(rest))) {
      // Play JSON's lookups: `(json \ "advice")`, `json \\ "msg"`.
      push(m[1]!, i + m[0].lastIndexOf(m[1]!));
      i += m[0].length;
    } else if ((m = /^\s*\[\s*(["']|:(?=[A-Za-z_]))([\w-]+)["']?\s*\]/.exec(rest))) {
      // A key (`["advice"]`, Ruby's `[:advice]`); a slice (`[:3]`) is the list itself.
      push(m[2]!, i + m[0].indexOf(m[2]!, m[0].indexOf(m[1]!)));
      i += m[0].length;
    } else if (segs.length > 0 && (m = /^\[\s*[A-Z][\w.]*\s*\]/.exec(rest))) {
      // A type argument (Scala's `.as[String]`): the segment runs through it.
      i += m[0].length;
      segs[segs.length - 1]!.through = offset + i;
    } else if ((m = /^\s*\[[^\]]*\]/.exec(rest))) {
      i += m[0].length;
    } else if ((m = /^[?!]+/.exec(rest))) {
      i += m[0].length;
    } else if (rest.startsWith('(') && segs.length > 0) {
      const close = matchParen(text, i);
      if (close < 0) break;
      segs[segs.length - 1]!.call = text.slice(i + 1, close).trim().length > 0;
      i = close + 1;
    } else {
      break;
    }
  }
  return segs;
}

/** An empty default after a read (`or {}`, `?? []`, `|| {}`). */
const FALLBACK = /\s*(?:\bor\b|\?\?|\|\||\?:)\s*(?:(?:const\s+)?(?:<[\w\s,?]*>\s*)?\{\}|(?:const\s+)?(?:<[\w\s,?]*>\s*)?\[\]|None|nil|null|""|''|emptyList\(\)|emptyMap\(\)|listOf\(\))\s*$/;

/** Whether the text starts with a braced lambda an adaptor reads a chain through. */
function trailingLambda(text: string): boolean {
  const open = text.indexOf('{');
  const close = matchBrace(text, open);
  return close < text.length && lambdaChain(text.slice(open, close + 1), 'let') !== null;
}

/** The offset of the `}` that closes the `{` at `open` (the text's length when none does). */
function matchBrace(text: string, open: number): number {
  let depth = 0;
  for (let k = open; k < text.length; k++) {
    if (text[k] === '{') depth++;
    else if (text[k] === '}' && --depth === 0) return k;
  }
  return text.length;
}

/** The offset of the `)` that closes the `(` at `open` (the text's length when none does). */
export function matchParen(text: string, open: number): number {
  let depth = 0;
  for (let k = open; k < text.length; k++) {
    if (text[k] === '(') depth++;
    else if (text[k] === ')' && --depth === 0) return k;
  }
  return text.length;
}

/** Segments after the receiver (`self.`, `this.`, `$this->`) that name data (transparent calls left out). */
export function dataSegments(segs: Segment[]): Segment[] {
  let s = segs;
  while (s.length > 0 && RECEIVERS.has(s[0]!.name)) s = s.slice(1);
  // A getter called without a key (Swift's `result.get()`, an Optional's `get()`) unwraps what it is called on.
  return s.filter((x, k) => k === 0 || !!x.lambda || !(TRANSPARENT.has(norm(x.name)) || TRANSPARENT.has(x.name) || (x.parens && UNWRAP_CALLS.has(x.name))));
}

/** Adaptors of an optional or a list that hand their lambda the value (Rust's `and_then`, Kotlin's `let`, Swift's `flatMap`). */
const ADAPTORS = new Set(['and_then', 'map', 'flat_map', 'flatMap', 'let', 'compactMap', 'andThen', 'then']);

/**
 * The names the one-parameter lambda given to an adaptor reads from its parameter: Rust's `|e| e.x.as_ref()`, Kotlin's
 * `{ e -> e.x }` and `{ it.x }`, Swift's `{ $0.x }`, Java's `e -> e.x()`, Dart's `(e) => e.x`; null when its body is
 * anything but such a chain.
 */
function lambdaChain(args: string, callee: string): string[] | null {
  if (!ADAPTORS.has(callee)) return null;
  const a = args.trim();
  const explicit =
    /^\|\s*&?\s*([A-Za-z_]\w*)\s*(?::[^|]*)?\|\s*([\s\S]+)$/.exec(a) ??
    /^\{\s*([A-Za-z_]\w*)\s*(?:->|=>)\s*([\s\S]+?)\s*\}$/.exec(a) ??
    /^\(?\s*([A-Za-z_]\w*)\s*\)?\s*(?:->|=>)\s*([\s\S]+)$/.exec(a);
  // Scala's placeholder: `.map(_.advice)`.
  const implicit = explicit ? null : /^\{\s*((it|\$0)\b[\s\S]*?)\s*\}$/.exec(a) ?? /^((_)\.[\s\S]+)$/.exec(a);
  const [param, body] = explicit ? [explicit[1]!, explicit[2]!.trim()] : implicit ? [implicit[2]!, implicit[1]!] : [null, null];
  if (!param || !body) return null;
  const chain = chainSegments(body, 0);
  const last = chain[chain.length - 1];
  if (chain.length < 2 || chain[0]!.name !== param || !last || (last.call ? last.end : last.through ?? last.end) < body.trimEnd().length) return null;
  const inner = dataSegments(chain).slice(1);
  return inner.length > 0 && inner.every((x) => !x.call && !x.lambda) ? inner.map(memberName) : null;
}

