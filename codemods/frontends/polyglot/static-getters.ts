import { encloses, type Ctx } from './context';
import { span } from './lang';
import { norm, type FieldSite } from './vocabulary';

/** Helpers that read a key, or a path of keys, of the value given as their first argument. */
const ONE_KEY = new Set(['get', 'fetch', 'fetch!', 'get_lazy', 'data_get']);
const PATH = new Set(['get_in', 'dig', 'fetch_in', 'data_get']);

/**
 * Keys read through a helper that takes the value as its first argument, not as its receiver: Elixir's
 * `Map.get(body, "advice")`, `body |> Map.fetch!("advice")` (the piped value is the first argument),
 * `get_in(body, ["potential_condition", "triage"])`, Laravel's `data_get($r, 'potential_condition.triage')`.
 * The value must be tied to the API's resource; each key read steps into it, and the first removed or moved
 * response field is reported at its key.
 */
export function staticGetters(ctx: Ctx): void {
  const { file, vocab, out, ties } = ctx;
  patternReads(ctx);
  for (const call of file.x.calls) {
    const path = PATH.has(call.callee);
    if (!path && !ONE_KEY.has(call.callee)) continue;
    // A helper of a module or a bare function (`Map.get(…)`, `get_in(…)`), not a method of a receiver.
    const head = call.node.text().slice(0, call.node.text().indexOf(call.callee));
    if (head && !/^(?:[A-Z][\w.]*\.|[A-Z][\w\\]*::)$/.test(head.trim())) continue;
    const [subject, keysArg] = call.args;
    if (!subject || !keysArg || encloses(subject, call.node)) continue;
    let tie = ties.ofExpr(subject);
    if (!tie) continue;
    const lits = file.lits.filter((l) => l.simple && encloses(keysArg, l.node)).sort((a, b) => a.start - b.start);
    for (const lit of path ? lits : lits.slice(0, 1)) {
      for (const name of lit.text.split(path && lits.length === 1 ? '.' : /$^/)) {
        tie = ties.step(tie, name);
        const site: FieldSite | undefined = vocab.fields(tie.resource, tie.path.map(norm), 'response')[0];
        if (!site || !out.has(site.change.id)) continue;
        out.manual(site.change.id, lit.start, lit.end, site.message, { anchor: span(call.node).start, subject: name });
        break;
      }
    }
  }
}

/** Keys a pattern reads from a value tied to the resource (`%{"advice" => a} = body`): the first changed field on the way. */
function patternReads(ctx: Ctx): void {
  const { file, vocab, out, ties } = ctx;
  for (const read of file.x.keyReads ?? []) {
    let tie = ties.ofExpr(read.subject);
    if (!tie) continue;
    for (const name of read.keys) {
      tie = ties.step(tie, name);
      const site: FieldSite | undefined = vocab.fields(tie.resource, tie.path.map(norm), 'response')[0];
      if (!site || !out.has(site.change.id)) continue;
      out.manual(site.change.id, span(read.keyNode).start, span(read.keyNode).end, site.message, { anchor: span(read.keyNode).start, subject: name });
      break;
    }
  }
}
