import type { SgNode } from '@ast-grep/napi';
import type { PolyFile } from './file';
import type { Ctx } from './context';
import { span, type Call } from './lang';
import type { ValueTie } from './ties';
import { norm } from './vocabulary';

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
    if (call.args.slice(0, i + 1).some((a) => NAMED.test(a.text()))) return null;
    // A nested type by its outer one (`new Interview.Profile(0, sex)`).
    const type = call.callee.split('.').pop()!;
    const order = ctx.index.model(type)?.order;
    if (!order || call.args.length > order.length) return null;
    const tie = ctx.ties.model(type);
    return tie ? { key: norm(order[i]!), tie, type } : null;
  }
  return null;
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
