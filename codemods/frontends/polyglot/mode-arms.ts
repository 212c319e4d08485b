import { encloses, type Ctx } from './context';
import { foreignName } from './foreign';
import { span, type Call, type Lit } from './lang';
import { chainSegments, dataSegments, modeOwnerTie, saysMode } from './ties';
import { api } from '../../../catalogue';
import { norm } from './vocabulary';
import { words } from '../../engine/words';

/** Switch and match arms that map a mode case to its wire value, or the wire value to its case (values.ts). */

/**
 * The wire value of a mode case in a switch arm that maps the case to its name: `InterviewMode.Complaint =>
 * "complaint"`, `InterviewMode.COMPLAINT -> "complaint"`, `case .complaint: return "complaint"`. The case
 * must be the value's own name, of a mode type (the owner, or the parameters of the function the arm is in).
 */
export function armOfMode(ctx: Ctx, lit: Lit): boolean {
  const { file } = ctx;
  const m = /(?:^|[\s(,{;])(?:case\s+)?(?:([A-Z]\w*)\s*)?(?:\.|::)\s*(\w+)\s*(?:=>|->|:)\s*(?:return\s+)?$|(?:^|[\s(,{;])case\s+(\w+)\s*(?:->|:)\s*(?:return\s+)?$|^\s*(\w+)\s*->\s*$/.exec(armHead(file.source, lit.start)) ?? parsedArm(file.source, lit);
  if (!m) return false;
  const member = m[2] ?? m[3] ?? m[4]!;
  if (norm(member) !== norm(lit.text) && !m.input.includes('=>')) return false;
  // A mode type names the resource it belongs to (`InterviewMode`); another's (`TicketMode`) is not this API's.
  const ours = (type: string) => !!modeOwnerTie(type) || (ctx.tied && words(type).every((w) => saysMode(w)));
  // Rust's `Self::Complaint => "complaint"`: the type of the `impl` block around it.
  const owner = m[1] === 'Self' ? lit.node.ancestors().find((a) => a.kind() === 'impl_item')?.children().find((c) => c.kind() === 'type_identifier')?.text() : m[1];
  if (owner) return saysMode(owner) && ours(owner);
  if (m[1]) return false;
  const fn = file.scopeOf(lit.node);
  if (fn === file.root) return false;
  const head = fn.text().slice(0, Math.max(0, fn.text().indexOf('{')) || 200);
  const types = [...head.matchAll(/\b[A-Z]\w*/g)].map((t) => t[0]).filter((t) => saysMode(t));
  if (types.length > 0) return types.some(ours);
  // `case COMPLAINT: return "complaint"` in a method of the mode enum itself (`switch (this)`, Kotlin's `when (this)`).
  const around = file.x.types.filter((t) => encloses(t.node, lit.node)).pop();
  if (around && saysMode(around.name) && /\b(?:this|self)\b/.test(fn.text())) return ours(around.name);
  return ctx.tied && saysMode(head) && !foreignName(ctx, head);
}

/**
 * The text of an arm before its value: the value's line up to it, and, when the value starts its own line (alone or
 * after `return`), the label on the line before (`case InterviewMode.complaint:` / `return 'complaint';`, Kotlin's
 * `InterviewMode.COMPLAINT ->` / `"complaint"`).
 */
function armHead(source: string, at: number): string {
  const lineStart = source.lastIndexOf('\n', at - 1) + 1;
  const own = source.slice(lineStart, at);
  if (lineStart === 0 || !/^\s*(?:return\s+)?$/.test(own)) return own;
  // The label's line: the one before, over whole-line comments (a marker of an earlier run sits between them).
  let prevEnd = lineStart - 1;
  let prevStart = source.lastIndexOf('\n', prevEnd - 1) + 1;
  for (let k = 0; k < 4 && prevStart > 0 && /^\s*(?:\/\/|#|--|\/\*.*\*\/\s*$)/.test(source.slice(prevStart, prevEnd)); k++) {
    prevEnd = prevStart - 1;
    prevStart = source.lastIndexOf('\n', prevEnd - 1) + 1;
  }
  return `${source.slice(prevStart, prevEnd).trimEnd()} ${own.trim()}${own.trim() ? ' ' : ''}`;
}

/**
 * The other direction, a wire value mapped to its case (Rust's `FromStr`: `"complaint" => Ok(Self::Complaint)`, `"safe" |
 * "triage" => Ok(Self::Safe)`): the arm's literals, then the case of the same name as one of them.
 */
export function parsedArm(source: string, lit: Lit): RegExpExecArray | null {
  const lineStart = source.lastIndexOf('\n', lit.start - 1) + 1;
  const lineEnd = source.indexOf('\n', lit.end);
  const line = source.slice(lineStart, lineEnd < 0 ? source.length : lineEnd);
  const m = /^\s*((?:"[\w-]*"\s*\|\s*)*"[\w-]*")\s*=>\s*(?:return\s+)?(?:Ok\(\s*|Some\(\s*)?(?:([A-Z]\w*)\s*)?::\s*(\w+)/.exec(line);
  if (!m) return null;
  const values = [...m[1]!.matchAll(/"([\w-]*)"/g)].map((v) => norm(v[1]!));
  return values.includes(norm(lit.text)) && values.includes(norm(m[3]!)) ? Object.assign([m[0], m[2], m[3]] as unknown as RegExpExecArray, { input: m[0], index: 0 }) : null;
}

/**
 * An ActiveRecord enum of a model's mode column whose values are the wire values (`enum mode: { complaint: "complaint",
 * safe: "safe" }`, Rails 7's `enum :mode, { … }`): the entry's key is its value's own name, the column says mode, and the
 * model names the resource the modes belong to (`InterviewSession`), or the file talks to the API. Stored rows hold the
 * value too, so this is a setting to report, never to rewrite.
 */
export function modelEnumValue(ctx: Ctx, lit: Lit, key: string): boolean {
  const { file } = ctx;
  if (file.spec.id !== 'ruby' || norm(key) !== norm(lit.text)) return false;
  const lineStart = file.source.lastIndexOf('\n', lit.start - 1) + 1;
  const m = /^\s*enum\s*\(?\s*(?::(\w+)\s*,|(\w+):)\s*\{[^{}]*$/.exec(file.source.slice(lineStart, lit.start));
  const column = m?.[1] ?? m?.[2];
  if (!column || !saysMode(column) || foreignName(ctx, column)) return false;
  const model = file.x.types.filter((t) => encloses(t.node, lit.node)).pop();
  if (!model) return false;
  const resource = ctx.vocab.modeResource;
  return (!!resource && words(model.name).some((w) => norm(w) === norm(resource))) || (ctx.tied && !foreignName(ctx, model.name));
}

/** Getters that take a default after the key (`opts.get("mode", "complaint")`, `Keyword.get(opts, :mode, "complaint")`). */
const DEFAULTING = /^(?:get|fetch|get_lazy|getOrDefault|get_or|getOr|opt|opt_string|optString)$/;

/** Whether a literal is the default (last argument) of a getter whose key (the one before it) is the mode field. */
export function modeKeyDefault(ctx: Ctx, call: Call, lit: Lit): boolean {
  const n = call.args.length;
  if (!DEFAULTING.test(call.callee) || n < 2 || span(call.args[n - 1]!).start !== lit.start || span(call.args[n - 1]!).end !== lit.end) return false;
  const key = ctx.file.lit(call.args[n - 2]!);
  return !!key?.simple && norm(key.text) === norm(api.modeField);
}

/**
 * The default of a read of the mode key of the API's answer (`data.get("mode", "complaint")`, Ruby's `data.fetch("mode",
 * "complaint")`): what the app assumes the interview's mode is. The value read from must be tied to the interview
 * (`data = create_interview(…)`); a desk ticket's `data.get("mode", "complaint")` is not. Reported.
 */
export function readDefault(ctx: Ctx, call: Call, lit: Lit): boolean {
  if (call.args.length !== 2 || !modeKeyDefault(ctx, call, lit)) return false;
  const text = call.node.text();
  const at = text.search(new RegExp(`\\.\\s*${call.callee}\\s*\\(`));
  if (at <= 0) return false;
  const segs = dataSegments(chainSegments(text.slice(0, at), span(call.node).start));
  if (segs.length === 0 || foreignName(ctx, segs.map((s) => s.name).join(' '))) return false;
  const tie = ctx.ties.ofChain(segs, call.node);
  return !!tie && tie.resource === ctx.vocab.modeResource;
}
