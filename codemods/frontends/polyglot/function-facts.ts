import type { SgNode } from '@ast-grep/napi';
import type { PolyFile } from './file';
import { namedKids, paramNames, span, typeName, type FieldDecl, type TypeDecl } from './lang';
import { constructorOrder } from './constructor-order';
import { phpConstructorOrder } from './languages/php-constructor';
import { saysMode } from './ties';

/** What fileFacts (project.ts) reads of one function or type: names it uses, its parameters, body and return types, its fields' types. */

/** Identifiers a function uses that its file does not declare: what may be another file's path constant (`INTERVIEW_PATH.format(token=t)`). */
export function foreignRefs(file: PolyFile, fn: SgNode): string[] {
  const own = new Set(file.x.decls.map((d) => d.name));
  const keys = file.entryKeys();
  const out = new Set<string>();
  for (const node of identifierNodes(file, fn)) {
    if (keys.has(span(node).start)) continue;
    const name = node.text().replace(/^[$@]+/, '');
    // A case of a type of values (`TicketMode.COMPLAINT`, `Status.ACCEPTED`) is no path constant of that name.
    if (caseOfValueType(file.source.slice(Math.max(0, span(node).start - 80), span(node).start))) continue;
    if (name.length > 3 && !own.has(name)) out.add(name);
    if (out.size >= 40) break;
  }
  return [...out];
}

function identifierNodes(file: PolyFile, fn: SgNode): SgNode[] {
  return fn.findAll({ rule: { any: file.spec.nameKinds.map((kind) => ({ kind })) } });
}

/** Words that end the name of a type of values (an enum of modes, statuses, kinds; Ruby's `module Modes`), never of a holder of paths. */
const VALUE_TYPE = /(?:Modes?|Status(?:es)?|Types?|Kinds?|Levels?|Categor(?:y|ies)|States?|Priorit(?:y|ies))\s*(?:\.|::)\s*$/;

/** The text before an identifier ends with a member access on a type of values (`TicketMode.`, `Ticket::Status::`). */
function caseOfValueType(before: string): boolean {
  const m = VALUE_TYPE.exec(before);
  if (!m) return false;
  const head = /([A-Za-z_]\w*)\s*(?:\.|::)\s*$/.exec(before)?.[1] ?? '';
  return /^[A-Z]/.test(head) && (saysMode(head) || /[a-z](?:Status|Type|Kind|Level|Category|State|Priority)$|^(?:Status|Type|Kind|Level|Category|State|Priority)$/.test(head));
}

/**
 * The JSON keys a record's header declares, in order (`record Profile(int age, String sex)`, Kotlin's `data class
 * Profile(val age: Int)`, C#'s `record Profile(int Age)`): the language modules give header parameters first.
 */
export function headerOrder(t: TypeDecl, lang: string): { order?: string[] } {
  const header = t.fields.filter((f) => HEADER_PARAM.test(f.node.kind() as string));
  if (header.length > 0 && t.fields.slice(0, header.length).every((f) => HEADER_PARAM.test(f.node.kind() as string))) return { order: header.map((f) => f.key ?? f.name) };
  const order = header.length > 0 ? null : lang === 'java' || lang === 'csharp' ? constructorOrder(t) : lang === 'php' ? phpConstructorOrder(t) : null;
  return order ? { order } : {};
}

const HEADER_PARAM = /^(formal_parameter|parameter|class_parameter)$/;

/** Parameters marked as the request body (Spring's `@RequestBody`, Retrofit's `@Body`, Refit's `[Body]`, ASP.NET's `[FromBody]`): their types. */
export function bodyTypes(file: PolyFile, fn: SgNode): string[] {
  const text = fn.text();
  // The declaration before its body (an annotation's path may hold braces: `@PutMapping("/interviews/{token}/")`).
  const body = fn.children().find((c) => /body|block|statements/.test(c.kind() as string));
  const head = body ? text.slice(0, span(body).start - span(fn).start) : text;
  const out: string[] = [];
  for (const m of head.matchAll(/(?:@|\[)(?:RequestBody|Body|FromBody)\b(?:\([^)]*\))?\]?\s+([^,)]+)/g)) {
    const param = m[1]!.replace(/@\w+(?:\([^)]*\))?\s*/g, '').trim();
    // `Type name` (Java, C#) or `name: Type` (Kotlin, Swift).
    const colon = /^\w+\s*:\s*(.+)$/.exec(param);
    const type = typeName(colon ? colon[1]! : param.split(/\s+/)[0]!);
    if (type && /^[A-Z]/.test(type)) out.push(type);
  }
  return out;
}

/** A function's parameter names: the first parameter list after its name (a Go method's receiver comes before it). */
export function paramsOf(file: PolyFile, fn: SgNode): string[] {
  let named = false;
  // C and C++: the name and its parameters are a declarator's (`bool SymptomClient::set_mode(const std::string& token)`).
  const declarator = functionDeclarator(fn);
  for (const c of declarator ? declarator.children().filter((k) => /param/.test(k.kind() as string)).slice(0, 1) : fn.children()) {
    named ||= !!declarator;
    const kind = c.kind() as string;
    if (/body|block|statements/.test(kind)) break;
    // Lua's `function _M.add_complaint(…)` and `function Client:add_complaint(…)`: the name is the table's member.
    named ||= file.spec.nameKinds.includes(kind) || /^(?:dot|method)_index_expression$/.test(kind);
    if (!named || !/param/.test(kind)) continue;
    // C#'s extension receiver (`this HttpClient http`) is no argument, as a Go method's receiver is not.
    const text = c.text().replace(/^\s*\(|\)\s*$/g, '').replace(/[@#]\[?[\w.]+(?:\([^)]*\))?\]?/g, '').replace(/^\s*this\s+[^,]+,?/, '');
    const names = paramNames(text, file.spec.lambdas?.pick ?? 'first');
    return names.filter((n) => n !== 'self' && n !== 'cls' && n !== '()');
  }
  return [];
}

/** The function declarator of a C or C++ function (under the pointers and references of its return type), or null. */
export function functionDeclarator(fn: SgNode): SgNode | null {
  if (fn.kind() !== 'function_definition') return null;
  let d = fn.children().find((c) => /declarator$/.test(c.kind() as string));
  while (d && d.kind() !== 'function_declarator') d = d.children().find((c) => /declarator$/.test(c.kind() as string));
  return d ?? null;
}

/** The type a function declares it returns, unwrapped (`suspend fun f(): Response<Interview>` → Interview). */
export function returnType(file: PolyFile, fn: SgNode): string | null {
  let lists = 0;
  let named = false;
  for (const c of fn.children()) {
    const kind = c.kind() as string;
    if (/body|block|statements/.test(kind)) break;
    // Lua's `function _M.add_complaint(…)` and `function Client:add_complaint(…)`: the name is the table's member.
    named ||= file.spec.nameKinds.includes(kind) || /^(?:dot|method)_index_expression$/.test(kind);
    // Go: `func (c *Client) Get(t string) (*Result, error)`: the list after the parameters holds the results.
    if (/param/.test(kind) && named && ++lists >= 2 && file.spec.id === 'go') return typeName(namedKids(c)[0]?.text().replace(/^\w+\s+(?=\S)/, ''));
    if (/param|modifier|annotation|attribute/.test(kind) || !c.isNamed() || file.spec.nameKinds.includes(kind)) continue;
    if (/type|generic_name|qualified_name/.test(kind) || (kind === 'qualified_identifier' && functionDeclarator(fn))) return typeName(c.text().replace(/^(->|:)\s*/, ''));
  }
  return null;
}

/** The type a field holds, from the text around its name (`val x: T`, `T x;`, `X *T \`json…\``, `public ?T $x`). */
export function fieldType(file: PolyFile, f: FieldDecl): string | null {
  if (f.type) return f.type;
  const text = f.node.text();
  const at = f.nameNode.range().end.index - f.node.range().start.index;
  const after = text.slice(at);
  if (file.spec.id === 'python' && /^\s*=/.test(after)) return typeName(/^\s*=\s*([A-Z]\w*)\s*\(/.exec(after)?.[1]);
  if (['kotlin', 'swift', 'python', 'scala'].includes(file.spec.id)) return typeName(/^\s*:\s*([^=,){\n]+)/.exec(after)?.[1]);
  if (file.spec.id === 'go') return typeName(/^\s+([*[\]\w.]+)/.exec(after)?.[1]);
  const before = text.slice(0, f.nameNode.range().start.index - f.node.range().start.index);
  const declared = typeName(/([\w.?]+(?:<[^>]*>)?(?:\[\])?)\s*$/.exec(before)?.[1]);
  // PHP: a list typed in the docblock above (`/** @var Condition[] */ public array $conditions;`): its items' type.
  if (file.spec.id === 'php' && (!declared || /^(?:array|iterable)$/i.test(declared))) {
    const doc = f.node.prev();
    const item = doc?.kind() === 'comment' ? /@var\s+\??\\?(?:\w+\\)*(\w+)\[\]/.exec(doc.text())?.[1] : undefined;
    if (item) return item;
  }
  return declared;
}

/** A function's key in modeTypedDecls: its kind and span. */
export const functionKey = (kind: string, start: number, end: number): string => `${kind}:${start}:${end}`;

/**
 * Declarations typed with a mode type, by the function that declares them (its parameters): one pass over the file's
 * declarations, not one per function.
 */
export function modeTypedDecls(file: PolyFile): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const d of file.x.decls) {
    const t = typeName(d.type);
    if (!t || !saysMode(t)) continue;
    const p = d.node.parent();
    if (!p) continue;
    const key = functionKey(p.kind() as string, span(p).start, span(p).end);
    out.set(key, [...(out.get(key) ?? []), t]);
  }
  return out;
}

/**
 * Methods a call is handed to run (`call(request.buoy.add_complaint, token, text)`, `deferToThread(self.client.get_result, t)`,
 * `loop.run_in_executor(None, client.create_interview, p)`): a reference on a receiver, given as an argument, is called
 * as surely as `client.add_complaint(…)` would be. Its name, for the function's callees.
 */
export function passedMethods(args: readonly SgNode[]): string[] {
  return args.map((a) => PASSED.exec(a.text().trim())?.[1]).filter((n): n is string => !!n);
}
const PASSED = /^[A-Za-z_$][\w$]*(?:(?:\.|->|::)[A-Za-z_$][\w$]*)*(?:\.|->|::)([A-Za-z_]\w*)$/;
