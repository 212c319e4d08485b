import type { SgNode } from '@ast-grep/napi';
import { rulesOfKind, type Change } from '../../../catalogue';
import type { Finding } from '../../types';
import { LineIndex } from '../../engine/edits';
import type { Ctx } from './context';
import type { PolyFile } from './file';
import { all, namedKids, span } from './lang';
import { flattened } from '../components/template-reads';

/** A property of a view model that holds a read of a removed response field, and where that read is. */
export interface PresentedProp {
  /** The class that declares it (`ResultViewModel`). */
  owner: string;
  /** Its name as assigned (`Advice`, `Tests`). */
  prop: string;
  change: string;
  /** The read's message, and where it is (`ResultViewModel.cs:32`). */
  message: string;
  at: string;
}

/**
 * Properties of a view model set from a read of a removed response field (C#), or of a moved one by a name of the part
 * it left (`ConditionTriage`): `Advice = result.Advice;`,
 * `Tests = new(result.Test)`, `foreach (var t in result.Test) Tests.Add(t);`. Found from the sites the analysis reported
 * (facts stage, like carried-props.ts): the property shows what the API no longer sends, so its declaration
 * (`[ObservableProperty] private string? advice;`, `public ObservableCollection<string> Tests { get; }`) and the views
 * that bind it (xaml.ts: `{Binding Advice}` of a page whose `x:DataType` is the class) are sites for a person. Only a
 * member of the class around the assignment; a local, or another object's property, carries nothing here.
 */
export function presentedProps(file: PolyFile, filePath: string, findings: readonly Finding[], changes: readonly Change[]): PresentedProp[] {
  if (file.spec.id !== 'csharp' || findings.length === 0) return [];
  const removed = new Set(rulesOfKind('response-field-removed', changes).map((r) => r.rule.message));
  const moved = rulesOfKind('response-field-moved', changes).map((r) => ({ ...r, path: r.rule.from }));
  const sites = findings.filter((f) => f.fix === 'manual' && (removed.has(f.message) || moved.some((m) => m.rule.message === f.message)));
  if (sites.length === 0) return [];
  const lines = new LineIndex(file.source);
  const out = new Map<string, PresentedProp>();
  const base = filePath.replace(/\\/g, '/').split('/').pop()!;
  for (const f of sites) {
    const at = lines.lineStart(f.line) + f.column - 1;
    for (const { owner, prop } of holders(file, at)) {
      // A moved field is read from its new place and the member keeps a value, unless the member is named for the
      // part the field left (`ConditionTriage` of the potential condition's `triage`): that part has none.
      if (!removed.has(f.message) && flattened(prop, null, moved.filter((m) => m.rule.message === f.message))?.change.id !== f.change) continue;
      const key = `${owner}\u0000${prop}\u0000${f.change}`;
      if (!out.has(key)) out.set(key, { owner, prop, change: f.change, message: f.message, at: `${base}:${f.line}` });
    }
  }
  return [...out.values()];
}

/** The members of the class around `at` that the statement holding it assigns or fills with what it reads. */
function holders(file: PolyFile, at: number): { owner: string; prop: string }[] {
  const out: { owner: string; prop: string }[] = [];
  const inside = (n: SgNode | null | undefined) => !!n && span(n).start <= at && at < span(n).end;
  for (const a of all(file.root, 'assignment_expression')) {
    const kids = namedKids(a);
    const [left, right] = [kids[0], kids[kids.length - 1]];
    if (!inside(right) || !carried(right!, at) || a.parent()?.kind() === 'initializer_expression') continue;
    const name = memberName(left);
    if (name) out.push(...owned(file, a, name));
  }
  // `foreach (var t in result.Test) { Tests.Add(t); }`, `Tests.AddRange(result.Test)`: a collection the class holds.
  for (const loop of all(file.root, 'foreach_statement')) {
    const body = namedKids(loop).slice(-1)[0];
    const header = namedKids(loop).slice(0, -1).find(inside);
    if (!header || !carried(header, at) || !body) continue;
    for (const call of all(body, 'invocation_expression')) out.push(...added(file, call));
  }
  for (const call of all(file.root, 'invocation_expression')) {
    const args = namedKids(call).slice(-1)[0];
    if (inside(args) && carried(args!, at)) out.push(...added(file, call));
  }
  return out;
}

/**
 * Whether the read at `at` is what `top` gives, and all it gives: the read itself (`result.TriageExplanation?.
 * PotentialCondition?.Triage?.Label`), awaited, cast, converted (`.ToList()`), a list built from it (`new(result.Test)`),
 * with a literal fallback (`result.Advice ?? ""`) or a branch of a conditional. Not a test of it (`interview.
 * InterviewMode == true ? interview.Mode : …`, a lambda's `o => o.PreselectedValue == null`), a text made from it
 * (`string.Join(", ", q.Preselected)`), nor a read with a fallback that still gives a value (`… ?? Result.Triage?.Title`).
 */
function carried(top: SgNode, at: number): boolean {
  for (let n: SgNode | undefined = top; n; ) {
    const kind = n.kind() as string;
    const kids = namedKids(n);
    const next = kids.find((k) => span(k).start <= at && at < span(k).end);
    if (!next) return true;
    if (kind === 'binary_expression') {
      if (!n.children().some((c) => c.kind() === '??') || next !== kids[0] || !literalish(kids[kids.length - 1]!)) return false;
    } else if (kind === 'conditional_expression') {
      if (next === kids[0]) return false;
    } else if (kind === 'invocation_expression') {
      // `result.Test.ToList()`: the read is the receiver of a conversion.
      const callee = kids[0]!;
      const method = callee.kind() === 'member_access_expression' ? namedKids(callee).slice(-1)[0]?.text() ?? '' : '';
      if (next !== callee || !/^(?:To[A-Z]\w*|As[A-Z]\w*|Trim\w*)$/.test(method)) return false;
    } else if (!CARRYING.has(kind)) return false;
    n = next;
  }
  return true;
}

/** What passes a value on unchanged: the read's own chain, parentheses, casts, `await`, `!`, a collection built from it. */
const CARRYING = new Set([
  'member_access_expression',
  'conditional_access_expression',
  'member_binding_expression',
  'element_access_expression',
  'element_binding_expression',
  'parenthesized_expression',
  'cast_expression',
  'await_expression',
  'postfix_unary_expression',
  'object_creation_expression',
  'implicit_object_creation_expression',
  'argument_list',
  'argument',
  'identifier',
  'bracketed_argument_list',
]);

/** A fallback that gives nothing of the API: a literal, `null`, an empty collection (`new List<string>()`, `[]`). */
function literalish(n: SgNode): boolean {
  const kind = n.kind() as string;
  if (/literal|^null/.test(kind)) return true;
  if (kind === 'collection_expression') return /^\[\s*\]$/.test(n.text());
  if (kind === 'object_creation_expression' || kind === 'implicit_object_creation_expression') return /^\(\s*\)\s*(?:\{\s*\})?$|^$/.test(n.text().replace(/^new\s*[\w.<>?, ]*/, ''));
  return kind === 'invocation_expression' && /^(?:Array\.Empty|Enumerable\.Empty)\b/.test(n.text());
}

/** `Tests.Add(x)`, `this.Tests.AddRange(xs)`: the collection member it fills. */
function added(file: PolyFile, call: SgNode): { owner: string; prop: string }[] {
  const callee = namedKids(call)[0];
  if (callee?.kind() !== 'member_access_expression') return [];
  const [target, method] = [namedKids(callee)[0], namedKids(callee).slice(-1)[0]];
  if (!method || !/^(?:Add|AddRange|Insert)$/.test(method.text())) return [];
  const name = memberName(target);
  return name ? owned(file, call, name) : [];
}

/** `Advice`, `this.Advice`, `_advice`: a name that can be a member of the class around it. */
function memberName(n: SgNode | undefined): string | null {
  if (!n) return null;
  if (n.kind() === 'identifier') return n.text();
  if (n.kind() === 'member_access_expression' && namedKids(n)[0]?.kind() === 'this_expression') return namedKids(n).slice(-1)[0]?.text() ?? null;
  return null;
}

/** The class around `n` when it declares a member of that name (CommunityToolkit's `[ObservableProperty] advice` for `Advice`). */
function owned(file: PolyFile, n: SgNode, name: string): { owner: string; prop: string }[] {
  for (let p = n.parent(); p; p = p.parent()) {
    if (p.kind() !== 'class_declaration' && p.kind() !== 'record_declaration' && p.kind() !== 'struct_declaration') continue;
    const type = file.x.types.find((t) => t.node.range().start.index === p!.range().start.index);
    if (!type || !type.fields.some((f) => sameMember(f.name, name))) return [];
    return [{ owner: type.name, prop: name.replace(/^_+/, '').replace(/^m_/, '').replace(/^\w/, (c) => c.toUpperCase()) }];
  }
  return [];
}

/** A member and the name it is used by: itself, or the field behind a generated property (`advice`, `_advice` for `Advice`). */
export function sameMember(declared: string, used: string): boolean {
  const bare = (s: string) => s.replace(/^m_/, '').replace(/^_+/, '').toLowerCase();
  return bare(declared) === bare(used);
}

/** The declarations of the run's presented properties in this file: each holds what the API no longer sends. */
export function presentedPropSites(ctx: Ctx): void {
  const { file, out, index } = ctx;
  const presented = index.presentedProps;
  if (!presented || presented.size === 0 || file.spec.id !== 'csharp') return;
  for (const t of file.x.types) {
    for (const p of presented.get(t.name) ?? []) {
      if (!out.has(p.change)) continue;
      for (const f of t.fields.filter((x) => sameMember(x.name, p.prop))) {
        const at = span(f.nameNode);
        if (out.hasSiteOn(p.change, at.start)) continue;
        out.manual(p.change, at.start, at.end, `\`${f.name}\` holds what ${p.at} reads: ${p.message}`, { anchor: span(f.node).start, subject: f.name });
      }
    }
  }
}
