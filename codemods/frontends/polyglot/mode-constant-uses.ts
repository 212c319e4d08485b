import type { SgNode } from '@ast-grep/napi';
import type { Ctx } from './context';
import { span } from './lang';
import { saysMode } from './ties';
import { ourModeType } from './foreign';

/**
 * Uses of a constant that holds a removed interview mode (`InterviewModeSafe InterviewMode = "safe"` in a generated
 * client, `MODE_TRIAGE = "triage"` in a constants module), in its file or another of the run: each one is a flow
 * that asks for a mode v2 no longer has, and so a site for a person, as the definition is (the spec names no
 * replacement). Renamed modes are not (rewriting the definition moves every use), unless the definition is
 * generated and so never rewritten (values.ts).
 */
export function removedModeConstantUses(ctx: Ctx): void {
  const { file, index, vocab, out } = ctx;
  const own = new Map((ctx.removedModes ?? []).map((m) => [m.name, m.value]));
  // Another file's constant by a name that says mode (`MODE_TRIAGE`, `InterviewModeSafe`): a class's bare `TRIAGE`
  // may be any class's (its qualified uses, `InterviewMode::TRIAGE`, are mode-members.ts's).
  const lookup = (name: string) => own.get(name) ?? (saysMode(name) ? index.removedMode(name) : null);
  // Or qualified by this API's mode group (`SymptomChecker::Modes::SAFE`, `Modes.SAFE`): that group's constant.
  const qualified = (n: SgNode) => {
    const owner = /(\w+)\s*(?:::|\.)\s*$/.exec(file.source.slice(Math.max(0, span(n).start - 80), span(n).start))?.[1];
    return owner && saysMode(owner) && ourModeType(ctx, owner) ? own.get(n.text()) ?? index.removedMode(n.text()) : null;
  };
  mapEntryUses(ctx, own);
  // The tree is walked only when the text names one of them (most files name none).
  const names = [...own.keys(), ...index.removedModeNames];
  if (!names.some((n) => file.source.includes(n))) return;
  const defined = new Set(file.x.decls.map((d) => span(d.nameNode).start));
  for (const n of leaves(file.root)) {
    const name = n.text();
    const value = /^[A-Za-z_$]\w*$/.test(name) ? lookup(name) ?? qualified(n) : null;
    if (!value || defined.has(span(n).start)) continue;
    const mode = vocab.modes.get(value);
    // A renamed mode's constant is known only from a generated file (values.ts): its uses go with its regeneration.
    if (!mode || !out.has(mode.change.id) || out.hasSiteOn(mode.change.id, span(n).start)) continue;
    const regenerated = mode.to !== null ? ` The constant is generated: regenerated, it is named for '${mode.to}'.` : '';
    out.manual(mode.change.id, span(n).start, span(n).end, `\`${name}\` holds the mode '${value}': ${mode.message}${regenerated}`, { anchor: span(n).start, subject: value });
  }
}

/**
 * Lookups of an entry of a map of modes that holds a removed mode (`MODES = { triage: "triage" }` seen as
 * `MODES[triage]`): `InterviewService::MODES[:triage]`, `MODES["triage"]`, `MODES.fetch(:triage)`.
 */
function mapEntryUses(ctx: Ctx, own: ReadonlyMap<string, string>): void {
  const { file, index, vocab, out } = ctx;
  const entries = [...new Set([...own.keys(), ...index.removedModeNames])].map((n) => /^(?:(\w+)::)?(\w+)\[(\w+)\]$/.exec(n)).filter((m): m is RegExpExecArray => !!m && saysMode(m[2]!));
  if (!entries.some((m) => file.source.includes(m[2]!))) return;
  const at = new Set(leaves(file.root).map((n) => span(n).start));
  for (const [name, type, holder, key] of entries) {
    const value = own.get(name!) ?? index.removedMode(name!);
    const mode = value ? vocab.modes.get(value) : undefined;
    if (!value || !mode || mode.to !== null || !out.has(mode.change.id)) continue;
    const re = new RegExp(`\\b${holder}(?:\\s*\\[\\s*(?::${key}\\b|(["'])${key}\\1)\\s*\\]|\\.fetch\\(\\s*(?::${key}\\b|(["'])${key}\\2))`, 'g');
    for (const m of file.source.matchAll(re)) {
      const start = m.index;
      const end = start + m[0].length;
      if (!at.has(start) || out.hasSiteOn(mode.change.id, start)) continue;
      // Another map of the same name: this file's own that holds no removed mode, or another type's (`Desk::MODES`).
      if (!own.has(name!) && file.x.decls.some((d) => d.name === holder)) continue;
      const owner = /(\w+)(?:::|\.)$/.exec(file.source.slice(Math.max(0, start - 80), start))?.[1];
      if (owner && owner !== type) continue;
      out.manual(mode.change.id, start, end, `\`${m[0]}\` holds the mode '${value}': ${mode.message}`, { anchor: start, subject: value });
    }
  }
}

/** Identifier-like leaves (no named children), outside strings, comments and namespace or package declarations. */
function leaves(root: SgNode): SgNode[] {
  const out: SgNode[] = [];
  const walk = (n: SgNode) => {
    const kind = n.kind() as string;
    // Namespaces and package names (`namespace Northvale.Triage.Web`) name no constant; a namespace's body
    // (`namespace Sc { … }`, C#'s file-scoped `namespace Sc;` and the declarations it holds) is read, less its name.
    if (/^(?:file_scoped_)?namespace_(?:declaration|definition)$/.test(kind)) {
      const kids = n.children().filter((c) => c.isNamed());
      const name = kids.findIndex((c) => /^(?:identifier|qualified_name|namespace_name|name)$/.test(c.kind() as string));
      for (const k of kids.filter((_, i) => i !== name)) walk(k);
      return;
    }
    if (/string|comment|literal_content|heredoc|namespace|package_(?:clause|declaration)|using_directive/.test(kind)) return;
    const kids = n.children().filter((c) => c.isNamed());
    if (kids.length === 0) {
      if (/identifier|constant|^name$/.test(kind)) out.push(n);
      return;
    }
    for (const k of kids) walk(k);
  };
  walk(root);
  return out;
}
