import type { SgNode } from '@ast-grep/napi';
import type { Ctx } from './context';
import { within } from './file';
import { span, type FieldDecl, type TypeDecl } from './lang';
import type { FieldSite } from './vocabulary';

/**
 * A model's own reads of one of its fields that the API no longer carries: inside the type, through its receiver
 * (`self.advice`, `this.advice`, `$this->advice`, `@advice`) or, in languages whose members are in scope in their
 * methods (`implicitSelf`), by the bare name (Ruby's `Array(test)`, a Kotlin or Swift computed property's `advice`).
 * Its assignments through the receiver (`self.race = nil` in an initializer) go with it too.
 * A name declared in the function that reads it (a parameter or local of that name) is that variable, not the field.
 */
export function ownReads(ctx: Ctx, type: TypeDecl, field: FieldDecl, site: FieldSite): void {
  const { file, out } = ctx;
  const decls = new Set(file.x.decls.map((d) => span(d.nameNode).start));
  const keys = new Set(file.x.pairs.map((p) => span(p.keyNode).start));
  const cap = field.name.charAt(0).toUpperCase() + field.name.slice(1);
  const accessors = file.functions().filter((f) => f.name === `get${cap}` || f.name === `is${cap}`);
  for (const use of file.usesOf(field.name)) {
    const at = span(use);
    if (!within(use, type.node) || within(use, field.node) || decls.has(at.start) || keys.has(at.start)) continue;
    if (type.fields.some((f) => span(f.nameNode).start === at.start)) continue;
    const before = file.source.slice(Math.max(0, at.start - 12), at.start);
    const after = file.source.slice(at.end, at.end + 40);
    // A type of that name in a declaration (`public InterviewMode? InterviewMode { get; }`).
    if (/^[?\][<>]*\s+[A-Za-z_]\w*\s*[{;=,)]/.test(after) || file.x.types.some((t) => t.name === field.name) || ctx.index.declares(field.name)) continue;
    const receiver = /(?:\b(?:self|this)\s*(?:\?\.|\.)|\$this\s*->)\s*$/.test(before);
    // A call of a method of that name, a symbol (`&:advice`, `attr_reader :advice`), a named argument; an assignment
    // to it unless through the receiver (an initializer's `self.race = nil` goes with the field).
    // A memberwise initialiser's `self.bmi = bmi` is initializers.ts's, with its parameter.
    const assigned = /^\s*=(?!=)/.test(after);
    if (/^\s*(?:\(|:(?!:))/.test(after) || (assigned && (!receiver || new RegExp(`^\\s*=\\s*${field.name}\\s*(?:[;\\n]|$)`).test(after))) || /[:&]$/.test(before)) continue;
    // Another value's member (`other.advice`).
    if (!receiver && /(?:\.|->|::)\s*$/.test(before)) continue;
    const ivar = use.text().startsWith('@');
    if (!receiver && !ivar && !file.spec.implicitSelf) continue;
    if (!receiver && !ivar && localOf(ctx, field.name, use)) continue;
    // An accessor of the field (`getAdvice() { return advice; }`) is reported with the field.
    if (accessors.some((f) => f.start <= at.start && at.end <= f.end)) continue;
    out.manual(site.change.id, at.start, at.end, site.message, { anchor: at.start, subject: field.key ?? field.name });
  }
}

/** Whether a name is declared (a parameter, a local) in a function around a node, inside the type. */
function localOf(ctx: Ctx, name: string, use: SgNode): boolean {
  const { file } = ctx;
  for (const scope of file.scopesOf(use)) {
    if (file.declsOf(name, use).some((d) => within(d.node, scope) && !d.node.text().startsWith('@'))) return true;
    const head = scope.text().slice(0, Math.max(0, scope.text().search(/[{\n]/)));
    if (new RegExp(`[(|,\\s]${name}\\b\\s*[:,)|=]`).test(head)) return true;
  }
  return false;
}
