import type { PolyFile } from './file';
import { within } from './file';
import { span, type TypeDecl } from './lang';
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
