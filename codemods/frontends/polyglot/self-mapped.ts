import type { PolyFile } from './file';
import { within } from './file';
import { sameNode, span, type TypeDecl } from './lang';
import { escapeRe } from './file';
import { norm } from './vocabulary';

/**
 * The fields a model fills itself by reading their key out of a parsed answer inside its own body
 * (`msg=data.get("msg")` in a `from_dict` classmethod, `@msg = attrs['msg']` in Ruby's `initialize`,
 * `json.getString("msg")` in a Java factory). Such a field is the app's own name for the value: where the API moves
 * the key, the read of the key inside the model is the one line that changes; the field and every read of it
 * elsewhere hold the value as before. A key only written (a serializer's `{"extra": self.extra}`) is no read.
 */
export function selfMapped(file: PolyFile, type: TypeDecl): string[] {
  if (type.fields.length === 0) return [];
  const pairKeys = new Set(file.x.pairs.map((p) => span(p.keyNode).start));
  const keys = new Set<string>();
  for (const lit of file.lits) {
    if (!lit.simple || pairKeys.has(lit.start) || !within(lit.node, type.node)) continue;
    // A key given to a subscript or a getter: `data["msg"]`, `data.get("msg")`, `attrs.fetch(:msg)`, `dig('msg')`.
    if (!/(?:\[|\(|,)\s*$/.test(file.source.slice(Math.max(0, lit.start - 40), lit.start))) continue;
    // The field's own declaration (`attr_reader :token, :msg`, `Struct.new(:token, :msg)`) or the key its annotation gives.
    if (type.fields.some((f) => span(f.nameNode).start === lit.start || (f.keyNode && span(f.keyNode).start === lit.start))) continue;
    keys.add(norm(lit.text));
  }
  return type.fields.filter((f) => keys.has(norm(f.key ?? f.name))).map((f) => f.name);
}

/**
 * Fields a model is given at its construction from the key of the same name read out of a parsed answer
 * (`models.ModeUpdate(accepted_only=False, msg=data["msg"])`, `msg=data.get("msg")`): as for a model that
 * reads the key itself, the field is the app's own name for the value, and the read at the call is what changes
 * where the API moves the key. Named by the constructor's type (the last segment of its callee). Python only.
 */
export function mappedAtConstruction(file: PolyFile): { type: string; field: string }[] {
  const out: { type: string; field: string }[] = [];
  // Python's keyword arguments, written by hand; a generated mapper (Dart's `_$XFromJson`) is the model's own mapping.
  if (file.spec.id !== 'python') return out;
  for (const call of file.x.calls) {
    if (!/^[A-Z]\w*$/.test(call.callee)) continue;
    for (const p of file.x.pairs) {
      if (!p.named || !p.value || !sameNode(p.container, call.node)) continue;
      const key = escapeRe(p.key);
      // A subscript or a getter of the same key on a name (`data["msg"]`, `data.get("msg")`, `json.getString("msg")`).
      if (new RegExp(`^[A-Za-z_$@][\\w.$@]*\\s*(?:\\.\\s*\\w+\\s*\\(\\s*|\\[\\s*):?["']?${key}["']?\\s*[\\]),]`).test(p.value.text().trim())) out.push({ type: call.callee, field: p.key });
    }
  }
  return out;
}
