import * as path from 'node:path';
import { api } from '../../../catalogue';
import { headNamesAnotherThing, namesAnotherThing } from '../../engine/ties/mode-types';
import type { SgNode } from '@ast-grep/napi';
import { encloses, type Ctx } from './context';
import { ourModeType, foreignOwner } from './foreign';
import { span, typeName, type Call, type Lit } from './lang';
import { chainSegments, dataSegments, saysMode } from './ties';
import { norm, type ModeValue } from './vocabulary';
import { endpointOfCall } from './case-endpoints';
import { enumPolicy } from './enum-policy';

/**
 * Removed interview modes written as members of a mode type (`InterviewMode.SAFE`, Swift's `.triage`): passed to a call
 * that sets the mode, matched against a value of the mode type, or stored in one. Reported for a person (the spec
 * names no replacement).
 */

/**
 * Whether a call sets the API's interview mode: one of its endpoints (or their wrappers) that updates the mode's
 * resource, a function of this file that takes a mode and calls one (`apply(.safe)`), or, while the run knows
 * none of the API's endpoints in this language, a call whose name says mode in a file that talks to the API
 * (where the endpoints are known, another object's `queue_mode(t, :safe)` is not one of them).
 */
export function setsMode(ctx: Ctx, call: Call): boolean {
  const e = endpointOfCall(ctx.index, call);
  if (e) return e.resource === ctx.vocab.modeResource && e.op !== 'create' && e.op !== 'read';
  const { file } = ctx;
  for (const fn of file.functions()) {
    if (fn.name !== call.callee) continue;
    const params = fn.node.children().filter((c) => /param/.test(c.kind() as string)).map((c) => c.text()).join(' ');
    const head = params || fn.node.text().slice(0, fn.node.text().indexOf('{') + 1 || 200);
    const calls = file.callSpans().filter((c) => c.start >= fn.start && c.end <= fn.end && c.call !== call);
    if (saysMode(head) && calls.some((c) => ctx.index.endpoint(c.call.callee)?.resource === ctx.vocab.modeResource)) return true;
  }
  return saysMode(call.callee) && ctx.tied && !ctx.index.hasEndpoints;
}

/** Test frameworks' equality assertions (values.ts reads those of literals). */
const EQUALITY_ASSERT = /^(assert_?equals?|assert_eq|assertEqual|XCTAssertEqual|Equal|AreEqual|(?:EXPECT|ASSERT)_(?:EQ|STREQ)|QCOMPARE|BOOST_(?:CHECK|REQUIRE)_EQUAL)$/i;

/** A call of a function of the run whose parameter is of this API's mode type (`func switchMode(to mode: InterviewMode)`). */
function takesMode(ctx: Ctx, call: Call): boolean {
  const type = ctx.index.modeType(call.callee);
  return !!type && ourModeType(ctx, type);
}

/** Whether an expression compared with a value holds this API's interview mode (`mode` of an `InterviewMode` type, `interview.mode`). */
export function holdsMode(ctx: Ctx, other: SgNode): boolean {
  const { file } = ctx;
  // `switch self { case .complaint: … }` in a method of this API's mode type.
  if (/^(?:self|this)$/.test(other.text().trim())) {
    const owner = file.x.types.filter((t) => encloses(t.node, other)).pop();
    return !!owner && saysMode(owner.name) && ourModeType(ctx, owner.name);
  }
  const segs = dataSegments(chainSegments(other.text(), span(other).start));
  const last = segs[segs.length - 1];
  // `func (m Mode) IsInitial() bool { return m == "complaint" }`: a value of a mode type.
  if (segs.length === 1 && other.text().trim() === last?.name) {
    const typed = file.declsOf(last.name, other).map((d) => typeName(d.type)).find((t): t is string => !!t && saysMode(t));
    // Of this API's mode type (`InterviewMode`, `Mode`), not another thing's (`TicketMode`).
    if (typed) return ourModeType(ctx, typed);
  }
  if (!last || !saysMode(last.name) || foreignOwner(ctx, other)) return false;
  // Another field of the API whose name says mode (the removed `interview_mode` flag, `sent["interview_mode"]`) holds no mode.
  if (norm(last.name) !== norm(api.modeField) && ctx.vocab.fieldNames.has(norm(last.name))) return false;
  const tie = segs.length > 1 ? ctx.ties.ofChain(segs.slice(0, -1), other) : null;
  if (tie && tie.resource === ctx.vocab.modeResource) return true;
  // Only the file ties it: a `mode` read inside a class named for another thing (a test server's `class Tickets`
  // handler, a `FeedbackForm`) is that thing's.
  const owner = file.x.types.filter((t) => encloses(t.node, other)).pop();
  if (owner && headNamesAnotherThing(owner.name)) return false;
  // A `Mode` of the class itself in a class named for another thing that declares a mode of its own (a
  // `FeedbackViewModel` with `private string mode`): that thing's mode.
  if (owner && segs.length === 1 && namesAnotherThing(owner.name) && owner.fields.some((f) => norm(f.key ?? f.name) === norm(api.modeField))) return false;
  return ctx.tied;
}

/**
 * The mode a member names when a use of it must be looked at: a removed mode, or a renamed one whose case of a mode
 * type is named by its value (`case complaint` in a String enum: renaming the case renames every `.complaint`).
 */
function memberMode(ctx: Ctx, name: string, at?: SgNode, owner?: string): ModeValue | undefined {
  const value = ctx.vocab.modes.get(norm(name));
  if (!value || !ctx.out.has(value.change.id)) return undefined;
  if (value.to === null) return value;
  // Spelled as the value itself (Swift's `case complaint`), and not an arm that maps the case to its wire value
  // (`case .complaint: return "input"`, a mode's value): that mapping is the literal's, rewritten where it is.
  // (C#'s `Complaint` too, where a serializer of the run writes members in a naming policy's case: `complaint`.)
  // (Rust's `Complaint` under its enum's `#[serde(rename_all = "snake_case")]`: that type's use by the name as written.)
  const styled = owner !== undefined && ctx.index.styledIn.has(`${owner}.${name}`);
  if (!ctx.vocab.modes.has(name) && !enumPolicy(ctx) && !styled) return undefined;
  const wire = at ? /^[^\n]*?(?:->|=>|:)\s*(?:return\s+)?["']([\w-]*)["']/.exec(ctx.file.source.slice(span(at).end, span(at).end + 80))?.[1] : undefined;
  if (wire !== undefined && (ctx.vocab.modes.has(wire) || [...ctx.vocab.modes.values()].some((v) => v.to === wire))) return undefined;
  const own = ctx.file.x.types.some((t) => saysMode(t.name) && ourModeType(ctx, t.name) && t.cases.some((c) => c.name === name && c.values.length === 0));
  // Qualified by a type of the run (`InterviewModes.Complaint`): a case of that type named by its value, not another
  // type's case of the same name (a constant `Complaint = "input"` beside another app's `enum InterviewMode { complaint }`).
  const named = owner !== undefined && ctx.index.declares(owner) ? ctx.index.nameValuedIn.has(`${owner}.${name}`) : ctx.index.nameValued.has(name);
  return own || named ? value : undefined;
}

/**
 * `InterviewMode.SAFE`, `.safe` passed to a mode call or matched against a mode (`case .safe:`): a removed mode used by
 * its enum case. A renamed mode's qualified member (`InterviewMode.COMPLAINT`) is noted: no edit, the definition moves it;
 * a renamed case named by its value (Swift's `.complaint`) is a site.
 */
export function removedModeMembers(ctx: Ctx): void {
  const { file, out } = ctx;
  for (const node of file.within(file.root, file.spec.chainKinds)) {
    const all = chainSegments(node.text(), span(node).start);
    // A group reached through the module that holds it (Lua's `constants.MODES.COMPLAINT`, `Constants.Modes.SAFE`):
    // the group is the owner.
    const segs = all.length === 3 && /^[A-Z]/.test(all[1]!.name) ? all.slice(1) : all;
    if (segs.length !== 2) continue;
    const [owner, member] = segs as [typeof segs[0], typeof segs[0]];
    // `self::Triage`, `static::SAFE` in a method of the mode type: a member of the type around it.
    const ownerName = SELF.test(owner.name) ? file.x.types.filter((t) => encloses(t.node, node)).pop()?.name ?? owner.name : owner.name;
    memberUse(ctx, ownerName, owner.start, member, node);
  }
  // `val START = COMPLAINT` in the mode enum's companion: a case of the enum around it, by its bare name.
  for (const d of file.x.decls) {
    // `val values = List(Complaint, Safe, Triage)`, `EnumSet.of(SAFE, TRIAGE)`: each bare case a list of the enum's holds.
    const listed = d.init ? CASE_LIST.exec(d.init.text()) : null;
    if (listed) {
      const names = listed[1] ?? listed[2]!;
      const at = span(d.init!).start + d.init!.text().indexOf(names);
      for (const m of names.matchAll(/\b[A-Z]\w*\b/g)) {
        // The enum around it, or its companion's (Scala's `object InterviewMode` beside `sealed abstract class InterviewMode`).
        const around = new Set(file.x.types.filter((t) => encloses(t.node, d.node)).map((t) => t.name));
        const owner = file.x.types.filter((t) => around.has(t.name) && t.cases.some((c) => c.name === m[0])).pop();
        const start = at + m.index;
        // A removed mode only: a renamed one's case moves with its definition, the list needs nothing.
        if (owner && ctx.vocab.modes.get(norm(m[0]))?.to === null) memberUse(ctx, owner.name, start, { name: m[0], start, end: start + m[0].length }, d.init!);
      }
      continue;
    }
    const name = d.init?.text().trim() ?? '';
    if (!/^[A-Z]\w*$/.test(name)) continue;
    const owner = file.x.types.filter((t) => encloses(t.node, d.node) && t.cases.some((c) => c.name === name)).pop();
    if (owner) memberUse(ctx, owner.name, span(d.init!).start, { name, start: span(d.init!).start, end: span(d.init!).end }, d.init!);
  }
  // Implicit members (`.safe`) and symbols passed to a call whose name says mode.
  for (const call of file.x.calls) {
    for (const a of call.args) {
      const m = /^\.(\w+)$/.exec(a.text().trim());
      const value = m ? memberMode(ctx, m[1]!) : undefined;
      if (!value) continue;
      // `XCTAssertEqual(interview.mode, .complaint)`: an equality assertion against a value of the mode.
      const asserted = EQUALITY_ASSERT.test(call.callee) && call.args.length === 2 && holdsMode(ctx, call.args.find((x) => x !== a)!);
      if (asserted || setsMode(ctx, call) || takesMode(ctx, call)) out.manual(value.change.id, span(a).start, span(a).end, value.message, { anchor: span(a).start });
    }
  }
  // `switch mode { case .safe, .triage: … }`, `if mode == .safe`: an implicit member matched against a value of a mode type.
  // Java's `case SAFE ->` over an enum: a bare constant of the switch's enum, in a case label only.
  for (const cmp of file.x.compares) {
    const label = /label|case/.test(cmp.node.kind() as string);
    const member = cmp.sides.find((s) => /^\.\w+$/.test(s.text().trim())) ?? (label ? cmp.sides.slice(1).find((s) => /^[A-Z][A-Z0-9_]*$/.test(s.text().trim())) : undefined);
    const value = member ? memberMode(ctx, member.text().trim().replace(/^\./, ''), member) : undefined;
    if (!member || !value) continue;
    const other = cmp.sides.find((s) => s !== member);
    // A bare constant: only over a value declared with this API's mode type (not a `mode` of a `QueueMode`).
    const bare = !/^\./.test(member.text().trim());
    const typed = bare && other ? file.declsOf(other.text().trim(), other).map((d) => typeName(d.type)).find((t): t is string => !!t) : null;
    if (bare && !(typed && saysMode(typed) && ourModeType(ctx, typed))) continue;
    if (other && holdsMode(ctx, other)) out.manual(value.change.id, span(member).start, span(member).end, value.message, { anchor: span(member).start });
  }
  // `mode = .safe`, `var mode: InterviewMode = .triage`: stored in a value of the mode type.
  // Or chosen by a condition (`let next: InterviewMode = skip ? .triage : .safe`, `mode ?? .safe`): each implicit member.
  for (const d of file.x.decls) {
    if (!d.init) continue;
    const text = d.init.text();
    const start = span(d.init).start;
    const whole = /^\s*\.(\w+)\s*$/.exec(text);
    const chosen = whole ? [] : CHOICE.test(text) ? [...text.matchAll(/(?:\?\?|[?:](?=\s))\s*\.(\w+)\b(?!\s*[.(])/g)] : [];
    const members = whole ? [{ name: whole[1]!, at: start, end: span(d.init).end }] : chosen.map((m) => ({ name: m[1]!, at: start + m.index + m[0].length - m[1]!.length - 1, end: start + m.index + m[0].length }));
    if (members.length === 0) continue;
    // Typed here or where the name is declared (`@Published var mode: InterviewMode`), with this API's mode type.
    const owner = file.x.types.filter((t) => encloses(t.node, d.node)).pop();
    const typed = typeName(d.type) ?? file.x.decls.filter((x) => x.name === d.name && x.type && (!owner || encloses(owner.node, x.node))).map((x) => typeName(x.type)).find((t): t is string => !!t && saysMode(t));
    if (!typed || !saysMode(typed) || !ourModeType(ctx, typed)) continue;
    for (const m of members) {
      const value = memberMode(ctx, m.name);
      if (value) out.manual(value.change.id, m.at, m.end, value.message, { anchor: m.at });
    }
  }
}

/** A collection of bare names (`List(Complaint, Safe)`, `listOf(SAFE)`, `EnumSet.of(SAFE, TRIAGE)`, `[SAFE, TRIAGE]`): the names. */
const CASE_LIST = /^\s*(?:(?:[A-Z]\w*\s*\.\s*)?(?:List|Seq|Set|Vector|Array|listOf|setOf|arrayOf|mutableListOf|of|asList)\s*(?:\[[\w\s,.]*\])?\s*\(\s*((?:[A-Z]\w*\s*,\s*)*[A-Z]\w*)\s*,?\s*\)|\[\s*((?:[A-Z]\w*\s*,\s*)*[A-Z]\w*)\s*,?\s*\])\s*$/;

/** An initialiser that picks one of two values: a conditional (`c ? .a : .b`) or a default (`x ?? .a`), nothing else. */
const CHOICE = /^[^{}()]*\?[^{}()]*$/;

/** A member of a mode type used by its owner's name (`InterviewMode.SAFE`, `self::Triage`, a bare `COMPLAINT` in its enum). */
function memberUse(ctx: Ctx, ownerName: string, ownerStart: number, member: { name: string; start: number; end: number }, node: SgNode): void {
  const { file, out } = ctx;
  const raw = ctx.vocab.modes.get(norm(member.name));
  if (!raw || !out.has(raw.change.id)) return;
  if (!saysMode(ownerName) || !ourModeType(ctx, ownerName)) return;
  if (raw.to !== null) {
    // A renamed mode's member (`InterviewMode.COMPLAINT`) whose wire value a file of the run still gives as the old
    // one, which the run rewrites there: this use needs no edit. Once migrated, the member says nothing more.
    const key = `${ownerName}.${member.name}`;
    const here = ctx.renamedMembers?.find((m) => m.name === key);
    const at = here ? `line ${here.line}` : ctx.index.renamedMember(key);
    if (at) {
      const where = here || !ctx.filePath ? at : relativeTo(ctx.filePath, at);
      out.note(raw.change.id, ownerStart, member.end, `\`${file.source.slice(ownerStart, member.end)}\` is the mode '${norm(member.name)}': renamed '${raw.to}' where it is defined (${where}); this use needs no edit`, where);
      return;
    }
  }
  const value = memberMode(ctx, member.name, node, ownerName);
  if (value) out.manual(value.change.id, member.start, member.end, value.message, { anchor: member.start });
}

/**
 * A value matched in an arm that maps it to the mode case of its own name (`"complaint" -> Complaint`, `"safe" ->
 * InterviewMode.Safe`, `case "triage": return .triage`): the wire value of this API's mode type, read from its answers.
 * The case must be of a mode type of the API: the one it is qualified with, a type of this file that declares it, or
 * the type the function around it names.
 */
export function armToMode(ctx: Ctx, lit: Lit): boolean {
  const { file } = ctx;
  // C and Java write the arm as a test: `if (value == "complaint") return InterviewMode::Complaint;`.
  const m = /^\s*(?:(?:->|=>|:)\s*(?:return\s+)?|\)+\s*\{?\s*return\s+)(?:([A-Z]\w*)\s*(?:\.|::)\s*|\.\s*)?(\w+)\s*(?:[\n;,}]|$)/.exec(file.source.slice(lit.end, lit.end + 80));
  if (!m || norm(m[2]!) !== norm(lit.text)) return false;
  if (m[1]) return saysMode(m[1]) && ourModeType(ctx, m[1]);
  if (file.x.types.some((t) => t.cases.some((c) => c.name === m[2]) && saysMode(t.name) && ourModeType(ctx, t.name))) return true;
  const fn = file.scopeOf(lit.node);
  const head = fn === file.root ? '' : fn.text().slice(0, Math.max(0, fn.text().search(/[{=]\s*(?:when|switch|match)\b/)) || 200);
  return [...head.matchAll(/\b[A-Z]\w*/g)].some((t) => saysMode(t[0]) && ourModeType(ctx, t[0]));
}

/** `InterviewMode::Complaint`, `care::InterviewMode::Complaint`, `InterviewMode.COMPLAINT`, or one given alone to a call (`to_string(InterviewMode::Complaint)`). */
const CASE_TEXT = /^\s*(?:[\w:.]+\s*\(\s*)?(?:\w+\s*::\s*)*([A-Z]\w*)\s*(?:::|\.)\s*(\w+)\s*(?:\)\s*)?$/;

/**
 * A wire value compared with the mode case of its own name through a conversion, either way round (a test of the mode
 * type's `to_string` / `from_string`): `to_string(InterviewMode::Complaint) == "complaint"`, `mode_from_string("complaint")
 * == InterviewMode::Complaint`. The case must be of this API's mode type; `sides` are the comparison's.
 */
export function caseCompared(ctx: Ctx, sides: readonly SgNode[], lit: Lit): boolean {
  const other = sides.find((s) => !encloses(s, lit.node));
  const m = other ? CASE_TEXT.exec(other.text()) : null;
  if (!m || norm(m[2]!) !== norm(lit.text)) return false;
  // The literal alone on its side, or the one argument of a call there (`mode_from_string("complaint")`).
  const own = sides.find((s) => encloses(s, lit.node));
  if (!own || !/^\s*(?:[\w:.]+\s*\(\s*)?["'][\w-]*["']\s*(?:\)\s*)?$/.test(own.text())) return false;
  return saysMode(m[1]!) && ourModeType(ctx, m[1]!);
}

/**
 * The member of this API's mode type (`InterviewMode.COMPLAINT`) a mode literal gives its wire value: the case it is
 * written in (`@SerializedName("complaint") COMPLAINT`, `COMPLAINT("complaint")`), the constant of a mode group it
 * initialises (`const string Complaint = "complaint"` in `InterviewModes`), or the member an arm maps it to or from
 * (`InterviewMode::Complaint => "complaint"`, `"complaint" => Ok(InterviewMode::Complaint)`).
 */
export function renamedMember(ctx: Ctx, lit: Lit, kind: string): string | null {
  const { file } = ctx;
  if (kind === 'enum') {
    const type = file.x.types.find((t) => t.cases.some((c) => c.values.includes(lit)));
    const c = type?.cases.find((x) => x.values.includes(lit));
    return type && c ? `${type.name}.${c.name}` : null;
  }
  if (kind === 'constant') {
    const decl = file.x.decls.find((d) => d.init && span(d.init).start === lit.start && span(d.init).end === lit.end);
    const owner = decl && file.x.types.filter((t) => encloses(t.node, decl.node)).pop();
    return decl && owner && saysMode(owner.name) && ourModeType(ctx, owner.name) ? `${owner.name}.${decl.name}` : null;
  }
  if (kind !== 'arm' && kind !== 'comparison') return null;
  const before = /\b([A-Z]\w*)\s*(?:\.|::)\s*(\w+)\s*(?:=>|->|:)\s*(?:return\s+)?$/.exec(file.source.slice(Math.max(0, lit.start - 80), lit.start));
  const after = /^\s*(?:(?:=>|->|:)\s*(?:return\s+)?|\)+\s*\{?\s*return\s+)(?:Ok\s*\(\s*|Some\s*\(\s*)?([A-Z]\w*)\s*(?:\.|::)\s*(\w+)\b/.exec(file.source.slice(lit.end, lit.end + 80));
  const m = before ?? after;
  return m && saysMode(m[1]!) && ourModeType(ctx, m[1]!) ? `${m[1]}.${m[2]}` : null;
}

/** The names a type's own methods call it by (PHP's `self::`, `static::`). */
const SELF = /^(?:self|static)$/;

/** `path:line` of another file, relative to the folder of the file that uses it (`../model/InterviewMode.java:7`). */
function relativeTo(from: string, at: string): string {
  const m = /^(.*):(\d+)$/.exec(at);
  return m ? `${path.relative(path.dirname(from), m[1]!).split(path.sep).join('/')}:${m[2]}` : at;
}
