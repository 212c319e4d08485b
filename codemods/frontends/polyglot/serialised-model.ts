import type { SgNode } from '@ast-grep/napi';
import { words } from '../../engine/words';
import { encloses, type ContainerTie, type Ctx } from './context';
import { escapeRe } from './file';
import { span } from './lang';

/** Method names that say they give the model's wire form (`toJson`, `toRequestBody`, `to_dict`, `as_json`, `jsonSerialize`, `toMap`). */
const WIRE_WORDS = new Set(['json', 'map', 'body', 'dict', 'hash', 'payload', 'params', 'request', 'serialize', 'wire', 'array', 'h']);

/**
 * The literal a model type's serialising method returns (`Map<String, dynamic> toRequestBody() => {…}`,
 * `def to_dict(self): return {…}`, C++'s `QJsonObject Intent::toJson() const { return QJsonObject{…}; }`), or
 * builds in the variable it returns (`QJsonObject obj{…}; obj.insert(…); return obj;`): its keys are the model's
 * fields on the wire, so its tie is the model's.
 */
export function serialisedModel(ctx: Ctx, container: SgNode, scope: SgNode): ContainerTie | null {
  const { file } = ctx;
  if (scope === file.root) return null;
  const fn = file.functions().find((f) => f.node === scope || (f.start === span(scope).start && f.end === span(scope).end));
  if (!fn?.name || !words(fn.name).some((w) => WIRE_WORDS.has(w)) || words(fn.name)[0] === 'from') return null;
  const at = span(container);
  // A map literal, not a constructor call (`return cls(…)` in `from_json` builds the model from a reply).
  if (file.callSpans().some((c) => c.start === at.start && c.end === at.end) || /^\s*(?:new\s+)?[A-Za-z_][\w.]*\s*\(/.test(container.text())) return null;
  // Returned: after `=>` or `return` (a Dart map's type arguments, a C++ object's type may come first), or the last
  // expression of the body, or held by the variable the function returns.
  const before = file.source.slice(Math.max(0, at.start - 60), at.start);
  const returned = /(?:=>|\breturn)\s*(?:<[^<>]*>\s*)?$/.test(before) || (file.spec.id === 'cpp' && /\breturn\s+[A-Za-z_][\w:]*\s*$/.test(before));
  const last = /\n\s*$/.test(before) && /^\s*(?:end|\})?\s*$/.test(file.source.slice(at.end, fn.end));
  if (!returned && !last && !returnedHolder(ctx, container, fn)) return null;
  const type = file.x.types.filter((t) => encloses(t.node, scope)).pop()?.name ?? qualifiedOwner(fn.node);
  const tie = type ? ctx.ties.model(type) : null;
  return tie ? { ...tie, sent: false } : null;
}

/** Whether the literal initialises the variable the function ends by returning (`QJsonObject obj{…}; … return obj;`). */
function returnedHolder(ctx: Ctx, container: SgNode, fn: { node: SgNode; end: number }): boolean {
  const decl = ctx.file.x.decls.find((d) => d.init && encloses(fn.node, d.node) && span(d.init).start === span(container).start && span(d.init).end === span(container).end);
  return !!decl && new RegExp(`\\breturn\\s+${escapeRe(decl.name)}\\s*;?\\s*\\}?\\s*$`).test(ctx.file.source.slice(span(container).end, fn.end));
}

/** The class of a C++ method defined outside it (`QJsonObject Intent::toJson() const`): `Intent`. */
function qualifiedOwner(fn: SgNode): string | null {
  const head = fn.text().slice(0, Math.max(0, fn.text().indexOf('(')));
  return /(?:^|[\s*&])([A-Z]\w*)::~?\w+\s*$/.exec(head)?.[1] ?? null;
}
