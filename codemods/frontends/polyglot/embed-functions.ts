import type { SgNode } from '@ast-grep/napi';
import { encloses, type Ctx } from './context';
import { span, type TypeDecl } from './lang';

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The embedded type a function of a model fills: the model hands the function, by name, to a call that names one of
 * its embedded fields (Ecto's `cast_embed(:profile, with: &profile_changeset/2)`, `cast_assoc(:options, with: …)`),
 * so the keys the function lists (`cast(profile, attrs, [:race, :bmi])`) are the embed's, not the model's own.
 * Null when the function is handed to no such call, or to calls of two embeds.
 */
export function handedEmbed(ctx: Ctx, type: TypeDecl, n: SgNode): TypeDecl | null {
  const { file } = ctx;
  const at = span(n);
  const fn = file.functions().filter((f) => f.name && f.start <= at.start && at.end <= f.end && encloses(type.node, f.node)).pop();
  if (!fn?.name) return null;
  const named = new RegExp(`(?:&|\\bwith:\\s*)${escapeRe(fn.name)}\\b`);
  const embeds = new Set<string>();
  for (const call of file.x.calls) {
    if (!encloses(type.node, call.node) || encloses(fn.node, call.node) || !named.test(call.node.text())) continue;
    for (const lit of file.lits) {
      if (!lit.simple || !encloses(call.node, lit.node)) continue;
      const field = type.fields.find((f) => f.type && f.name === lit.text);
      if (field) embeds.add(field.type!);
    }
  }
  if (embeds.size !== 1) return null;
  const name = [...embeds][0]!;
  return file.x.types.find((t) => t.name === name && encloses(type.node, t.node)) ?? null;
}
