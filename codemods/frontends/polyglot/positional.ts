import type { SgNode } from '@ast-grep/napi';
import type { PolyFile } from './file';
import type { Ctx } from './context';
import { span, type Call } from './lang';
import type { ValueTie } from './ties';
import { norm, type FieldSite } from './vocabulary';

/** A named argument (`age = 1`, `age: 1`, `$age: 1`): not filled by position. */
const NAMED = /^[$@]?\w+\s*(?::(?!:)|=(?!=))/;

/**
 * The field a positional argument of a record's constructor fills: `new Profile(1, "male")` on `record
 * Profile(int age, String sex)`, Kotlin's `Profile(1, "male")` on a data class, C#'s `new Profile(1, "male")` on a
 * positional record. The header's order is the run's index's (the record may be declared in another file); the
 * tie is the record's own (its name, or where the run's index places it).
 */
export function positionalField(ctx: Ctx, arg: SgNode): { key: string; tie: ValueTie; type: string } | null {
  const at = span(arg);
  for (const { call, i } of argsOf(ctx.file).get(`${at.start}:${at.end}`) ?? []) {
    if (!/^[A-Z]/.test(call.callee)) continue;
    if (call.args.slice(0, i + 1).some((a) => NAMED.test(a.text()) || namedValues(ctx.file).has(span(a).start))) return null;
    // A nested type by its outer one (`new Interview.Profile(0, sex)`).
    const type = call.callee.split('.').pop()!;
    const order = ctx.index.model(type)?.order;
    if (!order || call.args.length > order.length) return null;
    const tie = ctx.ties.model(type);
    return tie ? { key: norm(order[i]!), tie, type } : null;
  }
  return null;
}

/** An argument that gives a field no value: the field is left out of the JSON (`@JsonInclude(NON_NULL)`). */
const ABSENT = /^(?:null|nil|None|default|undefined|Optional\.empty\(\)|JsonNull\.INSTANCE)$/;

/**
 * A removed field given a value by position to a model's constructor (`new Profile(age, sex, race, null)`,
 * Kotlin's `ModeUpdate(mode, true)`, C#'s `new IntentRequest(token, name, why, ctx)`): what a request's named
 * key or a model's named argument is, reported on the argument. Fields a request no longer takes, then those only
 * the responses carried (a test that builds a response). An argument that gives nothing (`null`, `nil`) is left.
 */
export function positionalFields(ctx: Ctx): void {
  const { file, vocab, out } = ctx;
  if (vocab.fieldNames.size === 0) return;
  for (const call of file.x.calls) {
    if (!/^[A-Z]/.test(call.callee.split('.').pop() ?? '')) continue;
    for (const arg of call.args) {
      if (ABSENT.test(arg.text().trim())) continue;
      const field = positionalField(ctx, arg);
      if (!field || !vocab.fieldNames.has(field.key)) continue;
      const path = [...field.tie.path, field.key];
      const site: FieldSite | undefined = vocab.fields(field.tie.resource, path, 'request')[0] ?? vocab.fields(field.tie.resource, path, 'response')[0];
      if (!site || !out.has(site.change.id)) continue;
      const at = span(arg);
      out.manual(site.change.id, at.start, at.end, site.message, { anchor: at.start, subject: field.key });
    }
  }
}

const namedSets = new WeakMap<PolyFile, Set<number>>();

/** Where the values of named arguments start (a grammar whose argument node is the value alone: Kotlin's `age = 1`). */
function namedValues(file: PolyFile): Set<number> {
  let s = namedSets.get(file);
  if (!s) namedSets.set(file, (s = new Set(file.x.pairs.filter((p) => p.named && p.value).map((p) => span(p.value!).start))));
  return s;
}

const argIndexes = new WeakMap<PolyFile, Map<string, { call: Call; i: number }[]>>();

/** The calls of a file by the span of each argument (`start:end`), built once per file. */
function argsOf(file: PolyFile): Map<string, { call: Call; i: number }[]> {
  let m = argIndexes.get(file);
  if (!m) {
    m = new Map();
    for (const call of file.x.calls) {
      call.args.forEach((a, i) => {
        const s = span(a);
        const key = `${s.start}:${s.end}`;
        const list = m!.get(key);
        if (list) list.push({ call, i });
        else m!.set(key, [{ call, i }]);
      });
    }
    argIndexes.set(file, m);
  }
  return m;
}
