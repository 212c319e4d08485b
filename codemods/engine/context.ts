/* eslint-disable @typescript-eslint/no-explicit-any -- ast-types nodes are a union of hundreds of types;
   the engine narrows them by `type` at each use. */
import type { ASTPath, Collection, JSCodeshift } from 'jscodeshift';
import { api, type Change, type Operation, type ResourceName } from '../../catalogue';
import type { Config } from '../../config';
import { UrlMapper, parseBase } from '../../config/urls';
import { markerText, type Finding } from '../types';
import { EditSet, LineIndex } from './edits';
import { nounTie, typeNameTie, words } from './words';

export type Node = any;
export type Path = ASTPath<any>;

/**
 * What the engine knows a value is. `request`: a body sent to the API; `result`: what an API call returns
 * (a fetch/axios response, or the parsed body for wrappers that return JSON); `body`: a parsed response body
 * or a part of it (`path` inside the resource; `*` for list items).
 */
export interface Tie {
  resource: ResourceName;
  role: 'request' | 'result' | 'body';
  path: string[];
  op?: Operation;
  /** How it was established: data flow from an API call, a declared type, or only a name. */
  via: 'flow' | 'type' | 'name';
  /** The value is a list of what `path` designates (`results`, `options` by name). */
  list?: boolean;
}

export interface ApiCall {
  resource: ResourceName;
  op: Operation;
  method: string;
  /** Paths of the expressions sent as body (object literals or identifiers). */
  bodies: Path[];
  /** Static text of the URL argument, `{}` for unknown parts. */
  url: string;
}

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head'];
/** Verbs that start the names of client helpers, and the operation each names. */
const HELPER_VERBS: Record<string, Operation> = {
  create: 'create',
  start: 'create',
  new: 'create',
  update: 'update',
  get: 'read',
  fetch: 'read',
  load: 'read',
  read: 'read',
  list: 'list',
};
/** Array methods whose callback receives the list's items. */
const ITEM_CALLBACKS = new Set(['map', 'filter', 'forEach', 'find', 'findLast', 'some', 'every', 'flatMap', 'reduce']);
/** Calls whose results are never this API's data, whatever the variable is called. */
const FOREIGN_CALLS = new Set(['exec', 'match', 'matchAll', 'getContext', 'useContext', 'createContext', 'test', 'querySelector']);

/** `sc-migrate-disable-next-line id, id -- reason` or `sc-migrate-disable-line …` (ids optional). */
const DIRECTIVE = /^\s*sc-migrate-disable-(next-line|line)(?:\s+((?:(?!--)[^\n])*))?(?:--.*)?\s*$/s;

/** The nearest ancestor path that holds a node (ast-types also has paths for the arrays in between). */
export function parentOf(path: Path): Path | null {
  let p = path.parentPath as Path | null;
  while (p && p.value !== p.node) p = p.parentPath as Path | null;
  return p;
}

export class FileContext {
  readonly lines: LineIndex;
  readonly edits = new EditSet();
  readonly findings: Finding[] = [];
  readonly mapper: UrlMapper;
  /** Nodes a rule has rewritten or reported, so that another rule leaves them alone. */
  readonly claimed = new Set<Node>();
  private readonly markers: { anchor: number; indent: string; text: string }[] = [];
  /** Lines a `sc-migrate-disable-…` comment covers, with the change ids it names (empty: all). */
  private directives: Map<number, Set<string>> | null = null;
  /** Manual sites already recorded (change, offset, message), so two routes to one site report it once. */
  private readonly manualKeys = new Set<string>();
  /** Properties to delete, per object literal; ranges are computed together so neighbours combine. */
  private readonly deletions = new Map<Node, Set<number>>();
  private readonly tieMemo = new Map<Node, Tie | null>();
  private readonly returnMemo = new Map<Node, Tie | null>();
  /** Paths of every node by exact type, from one traversal (rules query it instead of walking again). */
  private index: Map<string, Path[]> | null = null;
  private readonly callMemo = new Map<Node, ApiCall | null>();
  private readonly apiHosts: string[];

  constructor(
    readonly j: JSCodeshift,
    readonly root: Collection,
    readonly source: string,
    readonly config: Config,
    readonly changes: readonly Change[],
  ) {
    this.lines = new LineIndex(source);
    this.mapper = new UrlMapper(config);
    this.apiHosts = Object.values(config.environments).flatMap((e) => [
      parseBase(e.v1.baseUrl).host,
      parseBase(e.v2.baseUrl).host,
      parseBase(e.authUrl).host,
    ]);
  }

  /** Every node of the given exact types, in document order within each type. One traversal per file. */
  nodesOf(...types: string[]): Path[] {
    if (!this.index) {
      const index = new Map<string, Path[]>();
      this.root.find(this.j.Node).forEach((p: Path) => {
        const list = index.get(p.node.type);
        if (list) list.push(p);
        else index.set(p.node.type, [p]);
      });
      this.index = index;
    }
    if (types.length === 1) return this.index.get(types[0]!) ?? [];
    return types.flatMap((t) => this.index!.get(t) ?? []);
  }

  // ---------------------------------------------------------------- findings and edits

  /** Record an automatic fix: replace [start, end) by `text`. Returns false when another fix holds the range. */
  /**
   * Whether a person has acknowledged this change on this line with a directive comment, ESLint style:
   * `// sc-migrate-disable-next-line token-audience -- read from the environment, always a v2 audience`
   * on the line above, or `// sc-migrate-disable-line …` at its end. Without ids it covers every change.
   */
  suppressed(changeId: string, offset: number): boolean {
    if (!this.directives) {
      this.directives = new Map();
      const file = this.root.get().node as { comments?: Node[] };
      for (const c of file.comments ?? []) {
        const m = DIRECTIVE.exec(String(c.value));
        if (!m || !c.loc) continue;
        const line = m[1] === 'next-line' ? c.loc.end.line + 1 : c.loc.start.line;
        const ids = (m[2] ?? '').split(/[\s,]+/).filter(Boolean);
        const set = this.directives.get(line) ?? new Set<string>();
        if (ids.length === 0) set.add('*');
        for (const id of ids) set.add(id);
        this.directives.set(line, set);
      }
    }
    const set = this.directives.get(this.lines.lineCol(offset).line);
    return !!set && (set.has('*') || set.has(changeId));
  }

  fix(change: Change, start: number, end: number, text: string, message: string, site: Node = null): boolean {
    if (this.suppressed(change.id, start)) return false;
    if (!this.edits.add({ start, end, text })) return false;
    if (site) this.claimed.add(site);
    this.findings.push({ ...this.range(start, end), change: change.id, fix: 'auto', message, replacement: text });
    return true;
  }

  /** 1-based line/column range of [start, end). */
  private range(start: number, end: number): Pick<Finding, 'line' | 'column' | 'endLine' | 'endColumn'> {
    const a = this.lines.lineCol(start);
    const b = this.lines.lineCol(end);
    return { line: a.line, column: a.column, endLine: b.line, endColumn: b.column };
  }

  /** Record an automatic deletion of an object literal's property (ranges are computed in `output`). */
  deleteProperty(change: Change, objPath: Path, index: number, message: string): void {
    const obj = objPath.node;
    const prop = obj.properties[index];
    if (this.claimed.has(prop) || this.suppressed(change.id, prop.start)) return;
    this.claimed.add(prop);
    const set = this.deletions.get(obj) ?? new Set<number>();
    set.add(index);
    this.deletions.set(obj, set);
    this.findings.push({ ...this.range(prop.start, prop.end), change: change.id, fix: 'auto', message, replacement: '' });
  }

  /** Ranges that delete the given properties of an object literal, with their commas and emptied lines. */
  private deletionRanges(obj: Node, indices: Set<number>): { start: number; end: number }[] {
    const props: Node[] = obj.properties;
    const src = this.source;
    const ranges: { start: number; end: number }[] = [];
    const sorted = [...indices].sort((x, y) => x - y);
    const lineStartOf = (off: number) => src.lastIndexOf('\n', off - 1) + 1;
    const lineEndOf = (off: number) => {
      const nl = src.indexOf('\n', off);
      return nl < 0 ? src.length : nl + 1;
    };
    const commaAfter = (off: number, limit: number) => {
      const m = /^\s*,/.exec(src.slice(off, limit));
      return m ? off + m[0].length : off;
    };
    let i = 0;
    while (i < sorted.length) {
      let b = i;
      while (b + 1 < sorted.length && sorted[b + 1] === sorted[b]! + 1) b++;
      const first = sorted[i]!;
      const last = sorted[b]!;
      const startProp = props[first];
      const endProp = props[last];
      const next = props[last + 1];
      const prev = props[first - 1];
      const ownLine = this.beginsLine(startProp.start);
      if (next) {
        ranges.push(ownLine && this.beginsLine(next.start)
          ? { start: lineStartOf(startProp.start), end: lineStartOf(next.start) }
          : { start: startProp.start, end: next.start });
      } else {
        const afterComma = commaAfter(endProp.end, obj.end);
        const trailing = afterComma !== endProp.end;
        if (ownLine) {
          ranges.push(trailing || !prev
            ? { start: lineStartOf(startProp.start), end: lineEndOf(afterComma) }
            : { start: prev.end, end: endProp.end });
        } else if (prev) {
          ranges.push({ start: prev.end, end: afterComma });
        } else {
          ranges.push({ start: startProp.start, end: afterComma });
        }
      }
      i = b + 1;
    }
    return ranges;
  }

  /** Record a site that needs a person; a marker comment goes above its statement. */
  manual(change: Change, path: Path, message: string, site: Node = path.node): void {
    const key = `${change.id}\u0000${site.start}\u0000${message}`;
    if (this.manualKeys.has(key) || this.suppressed(change.id, site.start)) return;
    this.manualKeys.add(key);
    this.findings.push({ ...this.range(site.start, site.end), change: change.id, fix: 'manual', message });
    this.claimed.add(site);
    const anchor = this.anchorOf(path);
    const lineNo = this.lines.lineCol(anchor).line;
    const indent = /^\s*/.exec(this.lines.lineText(lineNo))![0];
    this.markers.push({ anchor: this.lines.lineStart(lineNo), indent, text: markerText(change.id, message) });
  }

  /**
   * Where a marker can go: the start of the line of the nearest enclosing statement, class member, object
   * property or interface member that begins its line and is not inside JSX (a comment there would render).
   */
  private anchorOf(path: Path): number {
    let p: Path | null = path;
    let candidate: Path | null = null;
    while (p) {
      const n = p.node;
      if (n && /^JSX/.test(n.type)) candidate = null;
      else if (!candidate && n && this.isAnchorType(n.type) && this.beginsLine(n.start)) candidate = p;
      p = parentOf(p);
      if (p && p.node && /^JSX(Element|Fragment)$/.test(p.node.type)) candidate = null;
    }
    if (candidate) return candidate.node.start;
    // Fall back to the outermost statement.
    let q: Path = path;
    let stmt: Path = path;
    while (q.parentPath) {
      if (/Statement$|Declaration$/.test(q.node.type)) stmt = q;
      q = parentOf(q)!;
    }
    return stmt.node.start;
  }

  private isAnchorType(type: string): boolean {
    return (
      /Statement$/.test(type) ||
      /Declaration$/.test(type) ||
      type === 'ObjectProperty' ||
      type === 'Property' ||
      type === 'ObjectMethod' ||
      type === 'ClassProperty' ||
      type === 'ClassMethod' ||
      type === 'TSPropertySignature' ||
      type === 'SwitchCase'
    );
  }

  private beginsLine(offset: number): boolean {
    const { line } = this.lines.lineCol(offset);
    const start = this.lines.lineStart(line);
    return this.source.slice(start, offset).trim() === '';
  }

  /** The migrated text: fixes applied, then markers above their lines, skipping markers already there. */
  output(markers: boolean): string {
    for (const [obj, indices] of this.deletions) {
      for (const range of this.deletionRanges(obj, indices)) this.edits.addReplacing({ ...range, text: '' });
    }
    if (markers) {
      const eol = this.lines.eol;
      const byAnchor = new Map<number, { indent: string; texts: string[] }>();
      for (const m of this.markers) {
        const entry = byAnchor.get(m.anchor) ?? { indent: m.indent, texts: [] };
        if (!entry.texts.includes(m.text)) entry.texts.push(m.text);
        byAnchor.set(m.anchor, entry);
      }
      for (const [anchor, { indent, texts }] of byAnchor) {
        const existing = this.commentBlockAbove(anchor);
        const fresh = texts.filter((t) => !existing.includes(t));
        if (fresh.length === 0) continue;
        this.edits.add({ start: anchor, end: anchor, text: fresh.map((t) => `${indent}// ${t}${eol}`).join('') });
      }
    }
    return this.edits.apply(this.source);
  }

  /** The comment lines directly above the line starting at `offset`. */
  private commentBlockAbove(offset: number): string {
    const { line } = this.lines.lineCol(offset);
    const out: string[] = [];
    for (let l = line - 1; l >= 1; l--) {
      const text = this.lines.lineText(l).trim();
      if (!text.startsWith('//')) break;
      out.push(text);
    }
    return out.join('\n');
  }

  // ---------------------------------------------------------------- static values

  /** Static text of a string-ish expression; unknown parts become `{}`. Follows consts in this file. */
  staticText(path: Path | null, depth = 0): string | null {
    if (!path || depth > 4) return null;
    const n = path.node;
    if (!n) return null;
    switch (n.type) {
      case 'StringLiteral':
        return n.value;
      case 'Literal':
        return typeof n.value === 'string' ? n.value : null;
      case 'TemplateLiteral': {
        let s = '';
        n.quasis.forEach((q: Node, i: number) => {
          s += q.value.cooked ?? q.value.raw;
          if (i < n.expressions.length) s += this.staticText(path.get('expressions', i), depth + 1) ?? '{}';
        });
        return s;
      }
      case 'BinaryExpression':
        if (n.operator !== '+') return null;
        return `${this.staticText(path.get('left'), depth + 1) ?? '{}'}${this.staticText(path.get('right'), depth + 1) ?? '{}'}`;
      case 'Identifier': {
        const init = this.constInit(path);
        return init ? this.staticText(init, depth + 1) : null;
      }
      case 'MemberExpression':
      case 'OptionalMemberExpression': {
        // `this.baseUrl`, `config.baseUrl`: unknown, but a placeholder keeps the rest of the URL readable.
        return null;
      }
      case 'TSAsExpression':
      case 'TSNonNullExpression':
      case 'TSSatisfiesExpression':
      case 'ParenthesizedExpression':
        return this.staticText(path.get('expression'), depth + 1);
      default:
        return null;
    }
  }

  /** The initializer of a `const` (or never-reassigned `let`) binding of an identifier, if in this file. */
  constInit(path: Path): Path | null {
    const decl = this.declaratorOf(path);
    if (!decl) return null;
    const init = decl.get('init');
    return init && init.node ? init : null;
  }

  /** The VariableDeclarator that binds an identifier directly (`const x = …`), if any. */
  declaratorOf(path: Path): Path | null {
    const binding = this.bindingOf(path);
    if (!binding) return null;
    const parent = parentOf(binding);
    if (parent && parent.node.type === 'VariableDeclarator' && parent.node.id === binding.node) return parent;
    return null;
  }

  /** The path of the identifier that declares `path`'s name in its scope. */
  bindingOf(path: Path): Path | null {
    const name = path.node.name;
    const scope = (path as any).scope?.lookup(name);
    const bindings = scope?.getBindings()[name];
    if (!bindings || bindings.length === 0) return null;
    return bindings[0] as Path;
  }

  // ---------------------------------------------------------------- API calls

  /** The resource and operation a URL's static text addresses, or null when it is not this API's. */
  urlTarget(text: string): { resource: ResourceName; hasId: boolean; rest: string } | null {
    let rest = text;
    const abs = /^https?:\/\/([^/?#{]+)(\/[^?#]*)?/i.exec(text);
    if (abs) {
      const host = abs[1]!.toLowerCase();
      if (!this.apiHosts.includes(host)) return null;
      rest = (abs[2] ?? '').replace(/^\/+/, '');
      for (const e of Object.values(this.config.environments)) {
        for (const base of [e.v1.baseUrl, e.v2.baseUrl]) {
          const p = parseBase(base).path.replace(/^\//, '');
          if (p && parseBase(base).host === host && (rest === p || rest.startsWith(`${p}/`))) {
            rest = rest.slice(p.length).replace(/^\/+/, '');
          }
        }
      }
    } else {
      rest = rest.replace(/^(\{\})?\/*/, '');
    }
    const seg = /^([A-Za-z_-]+)(?:\/+(.*))?$/.exec(rest);
    if (!seg) return null;
    for (const [name, r] of Object.entries(api.resources)) {
      if (seg[1] === r.segment) {
        const after = (seg[2] ?? '').replace(/[?#].*$/, '');
        return { resource: name as ResourceName, hasId: after.replace(/\/+$/, '') !== '', rest: after };
      }
    }
    return null;
  }

  /** Whether a call sends a request to this API, and which. Memoized. */
  apiCall(path: Path): ApiCall | null {
    const n = path.node;
    if (this.callMemo.has(n)) return this.callMemo.get(n)!;
    const result = this.computeApiCall(path);
    this.callMemo.set(n, result);
    return result;
  }

  private computeApiCall(path: Path): ApiCall | null {
    const n = path.node;
    if (n.type !== 'CallExpression' && n.type !== 'OptionalCallExpression') return null;
    const args: Node[] = n.arguments;
    let urlIndex = -1;
    let target: ReturnType<FileContext['urlTarget']> = null;
    let urlText = '';
    for (let i = 0; i < Math.min(args.length, 2); i++) {
      const text = this.staticText(path.get('arguments', i));
      if (text === null) continue;
      const t = this.urlTarget(text);
      if (t) {
        urlIndex = i;
        target = t;
        urlText = text;
        break;
      }
    }
    // axios-style config object: `axios({ url, method, data })`.
    if (!target && args[0] && args[0].type === 'ObjectExpression') {
      const urlProp = this.propertyPath(path.get('arguments', 0), 'url');
      const text = urlProp ? this.staticText(urlProp.get('value')) : null;
      const t = text ? this.urlTarget(text) : null;
      if (t) {
        target = t;
        urlText = text!;
        urlIndex = -1;
      }
    }
    if (!target) return null;

    const calleeName = this.calleeName(n.callee);
    let method = HTTP_METHODS.includes(calleeName.toLowerCase()) ? calleeName.toUpperCase() : '';
    const bodies: Path[] = [];
    args.forEach((arg, i) => {
      if (i === urlIndex) return;
      const argPath = path.get('arguments', i);
      if (arg.type === 'StringLiteral' && HTTP_METHODS.includes(String(arg.value).toLowerCase())) {
        method = String(arg.value).toUpperCase();
        return;
      }
      if (arg.type === 'ObjectExpression' && this.looksLikeRequestOptions(arg)) {
        const m = this.propertyPath(argPath, 'method');
        const mt = m ? this.staticText(m.get('value')) : null;
        if (mt) method = mt.toUpperCase();
        for (const key of ['body', 'data', 'json']) {
          const p = this.propertyPath(argPath, key);
          if (p) bodies.push(this.unwrapStringify(p.get('value')));
        }
        return;
      }
      if (i > urlIndex && (arg.type === 'ObjectExpression' || arg.type === 'Identifier')) bodies.push(argPath);
    });
    if (!method) method = bodies.length > 0 ? 'POST' : 'GET';
    let op: Operation = api.methodOperations[method] ?? 'read';
    if (target.resource === api.answerResource && target.hasId && (op === 'create' || op === 'update')) op = 'answer';
    if (target.resource === 'interview' && op === 'update' && bodies.some((b) => this.objectHasKey(b, api.modeField))) {
      op = 'mode-update';
    }
    if (op === 'read' && !target.hasId) op = 'list';
    return { resource: target.resource, op, method, bodies, url: urlText };
  }

  /** A request-options object: has `method`, `body`, `data`, `json` or `headers`. */
  private looksLikeRequestOptions(obj: Node): boolean {
    return obj.properties.some((p: Node) => ['method', 'body', 'data', 'json', 'headers'].includes(this.keyName(p) ?? ''));
  }

  private unwrapStringify(path: Path): Path {
    const n = path.node;
    if (
      n.type === 'CallExpression' &&
      n.callee.type === 'MemberExpression' &&
      this.keyName({ key: n.callee.property, computed: n.callee.computed }) === 'stringify' &&
      n.arguments.length > 0
    ) {
      return path.get('arguments', 0);
    }
    return path;
  }

  /** Whether an object literal (or the literal a const holds) has a key. */
  objectHasKey(path: Path, key: string): boolean {
    const obj = this.objectLiteral(path);
    return !!obj && obj.node.properties.some((p: Node) => this.keyName(p) === key);
  }

  /** The object literal an expression is, or that a const identifier holds. */
  objectLiteral(path: Path | null): Path | null {
    if (!path || !path.node) return null;
    const n = path.node;
    if (n.type === 'ObjectExpression') return path;
    if (n.type === 'TSAsExpression' || n.type === 'TSSatisfiesExpression' || n.type === 'ParenthesizedExpression') {
      return this.objectLiteral(path.get('expression'));
    }
    if (n.type === 'Identifier') return this.objectLiteral(this.constInit(path));
    return null;
  }

  calleeName(callee: Node): string {
    if (!callee) return '';
    if (callee.type === 'Identifier') return callee.name;
    if ((callee.type === 'MemberExpression' || callee.type === 'OptionalMemberExpression') && !callee.computed) {
      return callee.property.name ?? '';
    }
    return '';
  }

  keyName(prop: Node): string | null {
    if (!prop || !prop.key) return null;
    if (prop.computed) return prop.key.type === 'StringLiteral' ? prop.key.value : null;
    if (prop.key.type === 'Identifier') return prop.key.name;
    if (prop.key.type === 'StringLiteral' || prop.key.type === 'Literal') return String(prop.key.value);
    return null;
  }

  propertyPath(objPath: Path, key: string): Path | null {
    const props: Node[] = objPath.node.properties ?? [];
    const i = props.findIndex((p) => (p.type === 'ObjectProperty' || p.type === 'Property') && this.keyName(p) === key);
    return i >= 0 ? objPath.get('properties', i) : null;
  }

  /** Name of a member expression's property, when static. */
  memberName(n: Node): string | null {
    if (n.type !== 'MemberExpression' && n.type !== 'OptionalMemberExpression') return null;
    if (!n.computed) return n.property.type === 'Identifier' ? n.property.name : null;
    if (n.property.type === 'StringLiteral') return n.property.value;
    if (n.property.type === 'NumericLiteral') return '*';
    return '*';
  }

  // ---------------------------------------------------------------- ties

  /** What an expression is, as far as this file shows. Memoized. */
  tieOf(path: Path | null): Tie | null {
    if (!path || !path.node) return null;
    const n = path.node;
    if (this.tieMemo.has(n)) return this.tieMemo.get(n)!;
    this.tieMemo.set(n, null); // cycle guard
    const t = this.computeTie(path);
    this.tieMemo.set(n, t);
    return t;
  }

  private computeTie(path: Path): Tie | null {
    const n = path.node;
    switch (n.type) {
      case 'AwaitExpression':
      case 'TSNonNullExpression':
      case 'ParenthesizedExpression':
        return this.tieOf(path.get(n.type === 'AwaitExpression' ? 'argument' : 'expression'));
      case 'TSAsExpression':
      case 'TSSatisfiesExpression':
        return this.typeTie(n.typeAnnotation) ?? this.tieOf(path.get('expression'));
      case 'CallExpression':
      case 'OptionalCallExpression':
        return this.callTie(path);
      case 'MemberExpression':
      case 'OptionalMemberExpression': {
        const obj = this.tieOf(path.get('object'));
        const name = this.memberName(n);
        if (!obj || name === null) return null;
        return this.step(obj, name);
      }
      case 'Identifier':
        return this.identifierTie(path);
      case 'ObjectExpression':
        return this.requestTieOfObject(path);
      default:
        return null;
    }
  }

  /** Moving into a field of a tied value. */
  step(t: Tie, name: string): Tie | null {
    if (name === '*') return this.item(t);
    if (t.list) return null;
    if (t.role === 'result') {
      if (name === 'data' || name === 'body') return { ...t, role: 'body', path: [] };
      if (name === 'status' || name === 'headers' || name === 'ok') return null;
      return { ...t, role: 'body', path: [name] };
    }
    return { ...t, path: [...t.path, name] };
  }

  /** An item of a tied list. */
  item(t: Tie): Tie {
    return t.list ? { ...t, list: false } : { ...t, path: [...t.path, '*'] };
  }

  private callTie(path: Path): Tie | null {
    const n = path.node;
    const call = this.apiCall(path);
    if (call) return { resource: call.resource, op: call.op, role: 'result', path: [], via: 'flow' };
    const callee = n.callee;
    if (callee.type === 'MemberExpression' || callee.type === 'OptionalMemberExpression') {
      const name = this.memberName(callee);
      const objTie = this.tieOf(path.get('callee', 'object'));
      if (objTie && name === 'json') return { ...objTie, role: 'body', path: [] };
      if (objTie && name === 'then' && n.arguments[0]) return this.returnTie(path.get('arguments', 0), objTie);
      if (objTie && name && ['find', 'findLast', 'at'].includes(name)) return this.item(objTie);
      if (objTie && name && ['filter', 'slice', 'concat', 'sort', 'reverse'].includes(name)) return objTie;
      return null;
    }
    if (callee.type === 'Identifier') {
      const fn = this.functionOf(path.get('callee'));
      if (fn) return this.returnTie(fn, null);
      // A helper defined elsewhere, named for what it does: `createInterview(…)`, `getResult(token)`.
      if (!fn) return this.helperNameTie(callee.name);
    }
    return null;
  }

  /** What a call to `verbNoun(…)` returns, when the verb says the operation and the noun the resource. */
  private helperNameTie(name: string): Tie | null {
    const w = words(name);
    if (w.length < 2) return null;
    const op = HELPER_VERBS[w[0]!];
    const noun = nounTie(w.slice(1).join('_'));
    if (!op || !noun || noun.path.length > 0) return null;
    return { resource: noun.resource, role: 'result', path: [], op: noun.list && op === 'read' ? 'list' : op, via: 'name', list: noun.list };
  }

  /** The function an identifier names in this file (declaration or const arrow/function). */
  private functionOf(idPath: Path): Path | null {
    const binding = this.bindingOf(idPath);
    if (!binding) return null;
    const parent = parentOf(binding)!;
    if (parent.node.type === 'FunctionDeclaration' && parent.node.id === binding.node) return parent;
    const init = this.constInit(idPath);
    if (init && /Function/.test(init.node.type)) return init;
    return null;
  }

  /** What a function returns, given what its first parameter is (for `.then(cb)`). */
  private returnTie(fnPath: Path, firstParam: Tie | null): Tie | null {
    const fn = fnPath.node;
    if (!/Function/.test(fn.type)) return null;
    if (!firstParam) {
      if (this.returnMemo.has(fn)) return this.returnMemo.get(fn)!;
      this.returnMemo.set(fn, null);
      const t = this.computeReturnTie(fnPath);
      this.returnMemo.set(fn, t);
      return t;
    }
    if (fn.params[0]) this.bindParam(fnPath.get('params', 0), firstParam);
    return this.computeReturnTie(fnPath);
  }

  private computeReturnTie(fnPath: Path): Tie | null {
    const fn = fnPath.node;
    if (fn.body.type !== 'BlockStatement') return this.tieOf(fnPath.get('body'));
    let found: Tie | null = null;
    this.j(fnPath.get('body')).find(this.j.ReturnStatement).forEach((ret: Path) => {
      if (found || !ret.node.argument) return;
      // Only returns of this function, not of nested ones.
      let p = parentOf(ret)!;
      while (p && p.node !== fn && !/Function/.test(p.node.type)) p = parentOf(p)!;
      if (p && p.node === fn) found = this.tieOf(ret.get('argument'));
    });
    return found;
  }

  private readonly paramTies = new Map<Node, Tie>();

  /** Record what a callback's parameter is (identifiers and destructuring patterns). */
  bindParam(paramPath: Path, tie: Tie): void {
    const p = paramPath.node;
    if (p.type === 'Identifier') this.paramTies.set(p, tie);
    else if (p.type === 'ObjectPattern') this.paramTies.set(p, tie);
    else if (p.type === 'AssignmentPattern') this.bindParam(paramPath.get('left'), tie);
  }

  /** The tie an ObjectPattern's source gives it (for destructuring reads), or null. */
  patternTie(patternPath: Path): Tie | null {
    const p = patternPath.node;
    if (this.paramTies.has(p)) return this.paramTies.get(p)!;
    const parent = parentOf(patternPath)!;
    if (parent.node.type === 'VariableDeclarator' && parent.node.id === p) {
      return this.typeTie(p.typeAnnotation?.typeAnnotation) ?? this.tieOf(parent.get('init'));
    }
    if (parent.node.type === 'AssignmentPattern' && parent.node.left === p) return this.patternTie(parent);
    // A parameter: declared type, or what the enclosing call passes to callbacks.
    if (p.typeAnnotation) return this.typeTie(p.typeAnnotation.typeAnnotation);
    const fromCallback = this.callbackParamTie(patternPath);
    if (fromCallback) return fromCallback;
    // Nested pattern: `{ profile: { race } }`.
    if ((parent.node.type === 'ObjectProperty' || parent.node.type === 'Property') && parent.node.value === p) {
      const outer = parentOf(parent)!;
      const outerTie = this.patternTie(outer);
      const key = this.keyName(parent.node);
      return outerTie && key ? this.step(outerTie, key) : null;
    }
    return null;
  }

  /** A callback parameter of `list.map(x => …)` / `promise.then(x => …)` on a tied value. */
  private callbackParamTie(paramPath: Path): Tie | null {
    const fnPath = parentOf(paramPath);
    if (!fnPath || !/Function/.test(fnPath.node.type) || fnPath.node.params[0] !== paramPath.node) return null;
    const callPath = parentOf(fnPath);
    if (!callPath || !/CallExpression$/.test(callPath.node.type) || !callPath.node.arguments.includes(fnPath.node)) {
      return null;
    }
    const callee = callPath.node.callee;
    const name = this.memberName(callee);
    if (!name) return null;
    const objTie = this.tieOf(callPath.get('callee', 'object'));
    if (!objTie) return null;
    if (name === 'then') return objTie;
    if (ITEM_CALLBACKS.has(name) && name !== 'reduce') return this.item(objTie);
    return null;
  }

  private identifierTie(path: Path): Tie | null {
    const n = path.node;
    const binding = this.bindingOf(path);
    if (binding) {
      if (this.paramTies.has(binding.node)) return this.paramTies.get(binding.node)!;
      const declared = this.typeTie(binding.node.typeAnnotation?.typeAnnotation);
      if (declared) return declared;
      const parent = parentOf(binding)!;
      if (parent.node.type === 'VariableDeclarator' && parent.node.id === binding.node) {
        const init = parent.get('init');
        if (init.node) {
          const t = this.tieOf(init);
          if (t) return t;
          if (!this.nameMayTie(init.node)) return null;
        }
      } else if ((parent.node.type === 'ObjectProperty' || parent.node.type === 'Property') && parent.node.value === binding.node) {
        // Destructured: `const { data } = await api.get(…)`.
        const pattern = parentOf(parent)!;
        const t = pattern.node.type === 'ObjectPattern' ? this.patternTie(pattern) : null;
        const key = this.keyName(parent.node);
        if (t && key) return this.step(t, key);
      } else {
        const cb = this.callbackParamTie(binding);
        if (cb) return cb;
      }
    }
    const byName = nounTie(n.name);
    if (!byName) return null;
    return { resource: byName.resource, role: 'body', path: byName.path, via: 'name', list: byName.list };
  }

  /** A variable's name may stand for the API's data only when its value could be it. */
  private nameMayTie(init: Node): boolean {
    switch (init.type) {
      case 'AwaitExpression':
        return this.nameMayTie(init.argument);
      case 'CallExpression':
      case 'OptionalCallExpression':
        return !FOREIGN_CALLS.has(this.calleeName(init.callee));
      case 'Identifier':
      case 'MemberExpression':
      case 'OptionalMemberExpression':
      case 'TSAsExpression':
        return true;
      default:
        return false;
    }
  }

  /** What a declared type says a value is (`Result`, `ComplaintBody`, `Result[]`, `Result | null`). */
  typeTie(typeNode: Node): Tie | null {
    if (!typeNode) return null;
    switch (typeNode.type) {
      case 'TSTypeReference': {
        const name = typeNode.typeName?.type === 'Identifier' ? typeNode.typeName.name : null;
        if (!name) return null;
        if (['Promise', 'Array', 'ReadonlyArray'].includes(name) && typeNode.typeParameters?.params?.[0]) {
          const inner = this.typeTie(typeNode.typeParameters.params[0]);
          return inner && name !== 'Promise' ? { ...inner, list: true } : inner;
        }
        const t = typeNameTie(name);
        if (!t) return null;
        return { resource: t.resource, role: t.role === 'request' ? 'request' : 'body', path: t.path, via: 'type', list: t.list };
      }
      case 'TSArrayType': {
        const inner = this.typeTie(typeNode.elementType);
        return inner ? { ...inner, list: true } : null;
      }
      case 'TSUnionType':
        for (const t of typeNode.types) {
          const tie = this.typeTie(t);
          if (tie) return tie;
        }
        return null;
      case 'TSParenthesizedType':
        return this.typeTie(typeNode.typeAnnotation);
      default:
        return null;
    }
  }

  /**
   * An object literal is a request body when it is sent to the API (an argument of an API call, directly or
   * through a const), or declared with a request type (`const body: ComplaintBody = {…}`), or sits at a path
   * inside such a body.
   */
  requestTieOfObject(path: Path): Tie | null {
    const parent = parentOf(path);
    if (!parent) return null;
    const pn = parent.node;
    if ((pn.type === 'ObjectProperty' || pn.type === 'Property') && pn.value === path.node) {
      const outer = this.requestTieOfObject(parentOf(parent)!);
      const key = this.keyName(pn);
      if (outer && key) return { ...outer, path: [...outer.path, key] };
      // `request('complaints/', { method: 'POST', body: { … } })`: the options object is not the body.
      const call = this.enclosingCallSending(path);
      return call ? { resource: call.resource, op: call.op, role: 'request', path: [], via: 'flow' } : null;
    }
    if (pn.type === 'TSAsExpression' || pn.type === 'TSSatisfiesExpression') {
      const t = this.typeTie(pn.typeAnnotation);
      if (t && t.role === 'request') return t;
    }
    if (pn.type === 'VariableDeclarator' && pn.init === path.node) {
      const declared = this.typeTie(pn.id.typeAnnotation?.typeAnnotation);
      if (declared && declared.role === 'request') return declared;
      if (pn.id.type === 'Identifier') return this.requestTieOfBinding(parent.get('id'));
    }
    if (pn.type === 'ReturnStatement' || pn.type === 'ArrowFunctionExpression') {
      return null;
    }
    // Directly an argument (or options.body/data/json) of an API call.
    const call = this.enclosingCallSending(path);
    if (call) return { resource: call.resource, op: call.op, role: 'request', path: [], via: 'flow' };
    return null;
  }

  /** The API call that sends `path` as its body, looking through `JSON.stringify` and options objects. */
  private enclosingCallSending(path: Path): ApiCall | null {
    let p: Path | null = path;
    for (let i = 0; i < 6 && p; i++) {
      const parent = parentOf(p);
      if (!parent) return null;
      const pn = parent.node;
      if (/CallExpression$/.test(pn.type)) {
        const call = this.apiCall(parent);
        if (call) return call.bodies.some((b) => b.node === path.node || b.node === p!.node) ? call : null;
      } else if (!['ObjectProperty', 'Property', 'ObjectExpression'].includes(pn.type)) {
        return null;
      }
      p = parent;
    }
    return null;
  }

  /** A `const body = {…}` is a request body when an API call in the file sends `body`. */
  private requestTieOfBinding(idPath: Path): Tie | null {
    const name = idPath.node.name;
    const scopePath = (idPath as any).scope?.path as Path | undefined;
    if (!scopePath) return null;
    let found: Tie | null = null;
    this.j(scopePath)
      .find(this.j.Identifier, { name })
      .forEach((ref: Path) => {
        if (found || ref.node === idPath.node) return;
        if (this.bindingOf(ref)?.node !== idPath.node) return;
        const call = this.enclosingCallSending(ref);
        if (call) found = { resource: call.resource, op: call.op, role: 'request', path: [], via: 'flow' };
      });
    return found;
  }
}
