import type { SgNode } from '@ast-grep/napi';
import type { Ctx } from './context';
import { span } from './lang';
import { saysMode } from './ties';

/**
 * Uses of a constant that holds a removed interview mode (`InterviewModeSafe InterviewMode = "safe"` in a generated
 * client, `MODE_TRIAGE = "triage"` in a constants module), in its file or another of the run: each one is a flow
 * that asks for a mode v2 no longer has, and so a site for a person, as the definition is (the spec names no
 * replacement). Renamed modes are not: rewriting the definition moves every use.
 */
export function removedModeConstantUses(ctx: Ctx): void {
  const { file, index, vocab, out } = ctx;
  const own = new Map((ctx.removedModes ?? []).map((m) => [m.name, m.value]));
  // Another file's constant by a name that says mode (`MODE_TRIAGE`, `InterviewModeSafe`): a class's bare `TRIAGE`
  // may be any class's (its qualified uses, `InterviewMode::TRIAGE`, are mode-members.ts's).
  const lookup = (name: string) => own.get(name) ?? (saysMode(name) ? index.removedMode(name) : null);
  // The tree is walked only when the text names one of them (most files name none).
  const names = [...own.keys(), ...[...index.removedModeNames].filter(saysMode)];
  if (!names.some((n) => file.source.includes(n))) return;
  const defined = new Set(file.x.decls.map((d) => span(d.nameNode).start));
  for (const n of leaves(file.root)) {
    const name = n.text();
    const value = /^[A-Za-z_$]\w*$/.test(name) ? lookup(name) : null;
    if (!value || defined.has(span(n).start)) continue;
    const mode = vocab.modes.get(value);
    if (!mode || mode.to !== null || !out.has(mode.change.id) || out.hasSiteOn(mode.change.id, span(n).start)) continue;
    out.manual(mode.change.id, span(n).start, span(n).end, `\`${name}\` holds the mode '${value}': ${mode.message}`, { anchor: span(n).start, subject: value });
  }
}

/** Identifier-like leaves (no named children), outside strings, comments and namespace or package declarations. */
function leaves(root: SgNode): SgNode[] {
  const out: SgNode[] = [];
  const walk = (n: SgNode) => {
    const kind = n.kind() as string;
    // Namespaces and package names (`namespace Northvale.Triage.Web`) name no constant.
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
