import { Lang, parse, type SgNode } from '@ast-grep/napi';
import { findNodeAtLocation, type Node } from 'jsonc-parser';
import { decodeString, type Body, type BodyProp } from './calls';

/**
 * Request bodies that a Postman item's pre-request script builds: the request's raw body is one variable
 * (`{{interviewBody}}`) and the script sets it from an object (`pm.variables.set('interviewBody',
 * JSON.stringify({ profile, interview_mode: true }))`), or the script sets the body itself
 * (`pm.request.body.raw = JSON.stringify(body)`). The object's properties, with those of the `const` objects its
 * values name (`profile` → `const profile = { age, race }`), are the body's, at their places in the collection.
 */

const SCOPES = /^pm\.(?:variables|collectionVariables|environment|globals)\.set$/;

/** The lines of an item's scripts that listen for `listen` (`prerequest`, `test`), each as one text with the source offset of each character. */
export function itemScripts(source: string, item: Node, listen: string): Body[] {
  const out: Body[] = [];
  const events = findNodeAtLocation(item, ['event']);
  for (const e of events?.children ?? []) {
    if (findNodeAtLocation(e, ['listen'])?.value !== listen) continue;
    const exec = findNodeAtLocation(e, ['script', 'exec']);
    const lines = exec?.type === 'array' ? (exec.children ?? []).filter((l) => l.type === 'string') : exec?.type === 'string' ? [exec] : [];
    let text = '';
    const map: number[] = [];
    for (const l of lines) {
      const d = decodeString(source, l);
      text += d.text + '\n';
      map.push(...d.map, l.offset + l.length - 1);
    }
    if (text) out.push({ text, map });
  }
  return out;
}

/** The properties of the body the item's pre-request scripts build for a raw body that is `{{variable}}` as a whole. */
export function scriptedBody(source: string, item: Node, raw: string): BodyProp[] {
  const variable = /^\s*\{\{\s*([\w.-]+)\s*\}\}\s*$/.exec(raw)?.[1];
  const out: BodyProp[] = [];
  for (const script of itemScripts(source, item, 'prerequest')) {
    let root: SgNode;
    try {
      root = parse(Lang.JavaScript, script.text).root();
    } catch {
      continue;
    }
    const consts = constObjects(root);
    for (const value of builtBodies(root, variable)) out.push(...objectProps(value, [], script, consts, 0));
  }
  return out;
}

/** The expressions stringified into the body: `pm.variables.set('<variable>', JSON.stringify(x))`, `pm.request.body.raw = JSON.stringify(x)`. */
function builtBodies(root: SgNode, variable: string | undefined): SgNode[] {
  const out: SgNode[] = [];
  const stringified = (n: SgNode | null | undefined): SgNode | null => {
    if (n?.kind() !== 'call_expression' || n.field('function')?.text() !== 'JSON.stringify') return null;
    return args(n)[0] ?? null;
  };
  if (variable) {
    for (const call of root.findAll({ rule: { kind: 'call_expression' } })) {
      if (!SCOPES.test(call.field('function')?.text() ?? '')) continue;
      const [name, value] = args(call);
      if (name?.kind() !== 'string' || name.text().slice(1, -1) !== variable) continue;
      const body = stringified(value);
      if (body) out.push(body);
    }
  }
  for (const a of root.findAll({ rule: { kind: 'assignment_expression' } })) {
    if (a.field('left')?.text() !== 'pm.request.body.raw') continue;
    const body = stringified(a.field('right'));
    if (body) out.push(body);
  }
  return out;
}

function args(call: SgNode): SgNode[] {
  return (call.field('arguments')?.children() ?? []).filter((c) => c.isNamed() && c.kind() !== 'comment');
}

/** `const name = { … }` declarations of the script, by name. */
function constObjects(root: SgNode): Map<string, SgNode> {
  const out = new Map<string, SgNode>();
  for (const d of root.findAll({ rule: { kind: 'variable_declarator' } })) {
    const name = d.field('name');
    const value = d.field('value');
    if (name?.kind() === 'identifier' && value?.kind() === 'object') out.set(name.text(), value);
  }
  return out;
}

function objectProps(n: SgNode, path: string[], script: Body, consts: Map<string, SgNode>, depth: number): BodyProp[] {
  const obj = n.kind() === 'identifier' ? consts.get(n.text()) : n;
  if (obj?.kind() !== 'object' || depth > 4) return [];
  const out: BodyProp[] = [];
  for (const p of obj.children()) {
    let key: SgNode | null = null;
    let value: SgNode | null = null;
    if (p.kind() === 'pair') {
      key = p.field('key');
      value = p.field('value');
    } else if (p.kind() === 'shorthand_property_identifier') {
      key = p;
      value = p;
    }
    if (!key || !value) continue;
    const name = key.kind() === 'string' ? key.text().slice(1, -1) : key.kind() === 'property_identifier' || key.kind() === 'shorthand_property_identifier' ? key.text() : null;
    if (name === null) continue;
    const next = [...path, name];
    const k = range(script, key);
    const v = range(script, value);
    const kind = value.kind();
    const str = kind === 'string' && !/[\\]/.test(value.text());
    out.push({
      path: next,
      key: { start: k.start, end: k.end },
      value: {
        type: str ? 'string' : kind === 'number' ? 'number' : 'other',
        value: str ? value.text().slice(1, -1) : kind === 'number' ? Number(value.text()) : undefined,
        start: v.start,
        end: v.end,
        inner: str ? range(script, value, 1) : undefined,
      },
    });
    if (p.kind() === 'shorthand_property_identifier') {
      const named = consts.get(p.text());
      if (named) out.push(...objectProps(named, next, script, consts, depth + 1));
    } else out.push(...objectProps(value, next, script, consts, depth + 1));
  }
  return out;
}

/** A node's range in the collection (inside its quotes with `trim`), and whether it is written there as it reads. */
function range(script: Body, n: SgNode, trim = 0): { start: number; end: number; exact: boolean } {
  const r = n.range();
  const s = r.start.index + trim;
  const e = r.end.index - trim;
  if (e <= s) return { start: script.map[s] ?? 0, end: script.map[s] ?? 0, exact: true };
  const start = script.map[s]!;
  const end = script.map[e - 1]! + 1;
  return { start, end, exact: end - start === e - s };
}
