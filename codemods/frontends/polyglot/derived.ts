import type { SgNode } from '@ast-grep/napi';
import { escapeRe, type PolyFile } from './file';
import { span, type TypeDecl } from './lang';
import { chainSegments, dataSegments } from './ties';
import { withoutComments } from './comments';
import { norm } from './vocabulary';

/**
 * Derived readers: a model's method without parameters whose short body reads one of the API's changed fields
 * (`def advice_text; advice.to_s; end`, `def condition_triage; raw.dig('triage_explanation', 'potential_condition',
 * 'triage'); end`, a Python `@property`). Code elsewhere that calls it on the model reads that field; each method
 * gets the key paths its body may read, checked against the model's resource where it is called.
 */
export interface Derived {
  name: string;
  /** Key paths relative to the model: with the chain's root (a field of the model) and without it (the whole body held under a name). */
  paths: string[][];
}

/** The longest body a derived reader may have: a line or two. */
const MAX_BODY = 240;

export function derivedReaders(file: PolyFile, type: TypeDecl, params: (fn: SgNode) => string[]): Derived[] {
  const { vocab } = file;
  const out: Derived[] = [];
  const fieldNames = new Set(type.fields.map((f) => f.name));
  const inner = file.x.types.filter((t) => t !== type && within(t.node, type.node));
  for (const fn of file.functions()) {
    if (!fn.name || !within(fn.node, type.node) || inner.some((t) => within(fn.node, t.node))) continue;
    if (vocab.fieldNames.has(norm(fn.name)) || fieldNames.has(fn.name) || params(fn.node).length > 0) continue;
    // Comments blanked: a marker of an earlier run (`# TODO(sc-migrate/…): … \`preselected\` …`) names the field in prose.
    const { text: body, blanked } = withoutComments(fn.node);
    if (body.length - blanked > MAX_BODY + fn.name.length + 40) continue;
    // A serializer (`toRequestBody() => {'detail': detail}`, `to_h`) sends the fields it names; it reads none for its caller.
    if (/^(?:to|as|serialize|dump|encode)(?:[A-Z_]|$)/.test(fn.name) || file.x.pairs.some((p) => within(p.node, fn.node))) continue;
    const paths: string[][] = [];
    // Each prefix of the path that ends at a changed field (`dig(:potential_condition, :triage, :level)` reads `triage`).
    const add = (p: string[]) => {
      for (let n = p.length; n > 0; n--) {
        const q = p.slice(0, n).map(norm);
        if (vocab.fieldNames.has(q[n - 1]!) && !paths.some((r) => r.join('.') === q.join('.'))) paths.push(q);
      }
    };
    for (const chain of file.within(fn.node, file.spec.chainKinds)) {
      const raw = chainSegments(chain.text(), span(chain).start);
      const segs = dataSegments(raw);
      // `self[:test]`, `this.advice`: a key of the model itself (a SimpleDelegator presenter over the API's hash).
      const onSelf = raw.length > 1 && SELF.has(raw[0]!.name);
      const names: string[] = [];
      for (const s of segs) {
        if (s.call) break;
        names.push(s.name);
      }
      if (names.length === 0 || names[0] === fn.name) continue;
      // An item of a collection the body walks (`options.filter(o -> !o.preselected())`, `{ |o| o.preselected }`): a
      // field of each item, not of the model; the method's caller reads none of it.
      if (itemName(body, names[0]!)) continue;
      if (fieldNames.has(names[0]!) || names.length > 1 || onSelf) add(names);
      if (names.length > 1) add(names.slice(1));
    }
    // A field of the model named bare in the body (`Array(test).map { … }`, `advice.is_a?(Hash)`).
    for (const f of type.fields) {
      if (!vocab.fieldNames.has(norm(f.name))) continue;
      if (new RegExp(`(?<![\\w.:"'$-])@?${escapeRe(f.name)}\\b(?!\\s*[:=(])`).test(body.slice(body.indexOf(fn.name) + fn.name.length))) add([f.key ?? f.name]);
    }
    if (paths.length > 0) out.push({ name: fn.name, paths });
  }
  return out;
}

const SELF = new Set(['self', 'this', '$this']);

/** Whether `name` is declared in `body` as a lambda's or block's parameter, or a loop's variable. */
function itemName(body: string, name: string): boolean {
  const n = escapeRe(name);
  return new RegExp(`(?:\\b${n}\\s*(?:->|=>)|\\(\\s*${n}\\s*\\)\\s*(?:->|=>)|\\{\\s*${n}\\s+in\\b|\\|\\s*${n}\\s*\\||\\blambda\\s+${n}\\s*:|\\bfor\\s*\\(?\\s*(?:[\\w<>?]+\\s+)?\\$?${n}\\s+(?:in|:)\\s)`).test(body);
}

function within(n: SgNode, outer: SgNode): boolean {
  const a = span(n);
  const b = span(outer);
  return a.start >= b.start && a.end <= b.end;
}
