import type { SgNode } from '@ast-grep/napi';
import { escapeRe, within, type PolyFile } from './file';
import { span, typeName } from './lang';
import type { ValueTie } from './ties';

/** Declared types that say nothing of what a parameter holds: a decoded body of some shape. */
const LOOSE = /^(array|mixed|object|iterable|hash|dict|dictionary|map|any|jsonnode|jsonelement|jobject|jsonobject)$/i;

/**
 * A parameter of a model type's method that holds the resource's decoded body: `ResultData::fromArray(array $data)`,
 * `Result#initialize(json)`, `Interview.from_response(json)`. Inside a class whose name designates the resource
 * (`model` answers only in a file that talks to the API or for a type the run's index knows), the untyped or
 * loosely typed parameter of one of its methods is read as the resource (`$data['advice']`, `raw['test']`).
 */
export function modelParamTie(file: PolyFile, model: (name: string) => ValueTie | null, name: string, at: SgNode): ValueTie | null {
  const fn = file.scopesOf(at).find((s) => !file.spec.lambdas?.kinds.includes(s.kind() as string));
  if (!fn) return null;
  const params = fn.children().find((c) => /param/.test(c.kind() as string));
  if (!params || !new RegExp(`(^|[^\\w$@])[$@]?${escapeRe(name)}\\b`).test(params.text())) return null;
  const declared = file.declsOf(name, at).find((d) => within(d.node, params));
  const type = typeName(declared?.type ?? null);
  if (type && !LOOSE.test(type)) return null;
  const owner = file.x.types.filter((t) => within(fn, t.node)).pop();
  const tie = owner ? model(owner.name) : null;
  return tie ? { ...tie, path: [...tie.path], model: owner!.name } : null;
}

/**
 * A parameter of a file's own helper, from what its callers in the file pass: `serialize(parsed!(post('complaints/',
 * body)))` makes `json` in `def serialize(json)` a complaint, `$this->toIntent($this->send('intents/', …))` makes
 * `$data` an intent. Every call that passes it must tie it, to one resource.
 */
export function callerParamTie(file: PolyFile, ofExpr: (n: SgNode) => ValueTie | null, name: string, at: SgNode): ValueTie | null {
  const fn = file.scopesOf(at).find((s) => !file.spec.lambdas?.kinds.includes(s.kind() as string));
  if (!fn) return null;
  const own = file.functions().find((f) => f.start === span(fn).start && f.end === span(fn).end);
  const params = fn.children().find((c) => /param/.test(c.kind() as string));
  if (!own?.name || !params) return null;
  const list = splitTop(params.text().replace(/^\(|\)$/g, ''));
  const index = list.findIndex((p) => new RegExp(`(^|[^\\w$@])[$@]?${escapeRe(name)}\\b`).test(p) && !/^\s*\w+\s*:/.test(p));
  if (index < 0) return null;
  const calls = file.x.calls.filter((c) => c.callee === own.name && !within(c.node, fn) && c.args.length > index);
  if (calls.length === 0) return null;
  const ties = calls.map((c) => ofExpr(c.args[index]!));
  const first = ties[0];
  return first && ties.every((t) => t && t.resource === first.resource && t.path.join('.') === first.path.join('.')) ? { ...first, via: first.via } : null;
}

function splitTop(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of text) {
    if ('([{<'.includes(ch)) depth++;
    else if (')]}>'.includes(ch)) depth--;
    if (ch === ',' && depth === 0) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  if (cur.trim()) out.push(cur);
  return out;
}
