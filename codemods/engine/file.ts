import type { Collection, JSCodeshift } from 'jscodeshift';
import { api, type Change } from '../../catalogue';
import { words } from './words';
import type { Config } from '../../config';
import { UrlMapper, parseBase } from '../../config/urls';
import { COMMENTS, markerEdits, type MarkerRequest } from '../markers';
import type { Finding } from '../types';
import { parentOf, type Node, type Path } from './ast';
import { apiCall } from './ties/url';
import { foreignImports, talksToOtherApiOnly } from './other-api';
import { EditSet, LineIndex, type Edit } from './edits';
import { NodeIndex } from './node-index';
import { declaredModels } from './ties/resource-models';
import { holdsApiModeMap } from './ties/mode-maps';
import type { ApiCall, Tie } from './ties/tie';
import type { ProjectFacts } from './ties/project';

/** `sc-migrate-disable-next-line id, id -- reason` or `sc-migrate-disable-line …` (ids optional). */
const DIRECTIVE = /^\s*sc-migrate-disable-(next-line|line)(?:\s+((?:(?!--)[^\n])*))?(?:--.*)?\s*$/s;

/** A finding with the offsets of its site, kept until the final text is known. */
interface Site {
  finding: Finding;
  start: number;
  end: number;
  /** The deletion this finding is (its site is inside its own deletion range). */
  deletion?: boolean;
  marker?: MarkerRequest;
}

/**
 * One file under migration: its parse, the edits and findings rules record, and the memo tables the ties
 * (codemods/engine/ties/) share. Rules never edit text directly; they call `fix`, `deleteProperty` or
 * `manual`, and `finish` turns what they recorded into the final text, with markers computed on it.
 */
export class FileContext {
  readonly lines: LineIndex;
  readonly mapper: UrlMapper;
  /** Hosts of every configured environment (v1, v2, token service): URLs on them are this API's. */
  readonly apiHosts: string[];
  /** Nodes a rule has rewritten or reported, so that another rule leaves them alone. */
  readonly claimed = new Set<Node>();
  private readonly edits = new EditSet();
  private readonly sites: Site[] = [];
  private directives: Map<number, Set<string>> | null = null;
  private readonly manualKeys = new Set<string>();
  /** Properties to delete, per object literal; ranges are computed together so neighbours combine. */
  private readonly deletions = new Map<Node, Set<number>>();
  private readonly nodeIndex: NodeIndex;

  // Memo tables of the ties (one entry per node).
  readonly tieMemo = new Map<Node, Tie | null>();
  readonly returnMemo = new Map<Node, Tie | null>();
  readonly callMemo = new Map<Node, ApiCall | null>();
  readonly paramTies = new Map<Node, Tie>();
  readonly ownedMemo = new Map<Node, boolean>();
  readonly requestMemo = new Map<Node, Tie | null>();

  constructor(
    readonly j: JSCodeshift,
    readonly root: Collection,
    readonly source: string,
    readonly config: Config,
    readonly changes: readonly Change[],
    readonly filePath: string,
    readonly project: ProjectFacts,
    nodeIndex?: NodeIndex,
  ) {
    this.lines = new LineIndex(source);
    this.nodeIndex = nodeIndex ?? new NodeIndex(j, root);
    this.mapper = UrlMapper.of(config);
    this.apiHosts = Object.values(config.environments).flatMap((e) => [
      parseBase(e.v1.baseUrl).host,
      parseBase(e.v2.baseUrl).host,
      parseBase(e.authUrl).host,
    ]);
  }

  /** Every node of the given exact types, in the order `find` gives them within each type. One walk per file. */
  nodesOf(...types: string[]): Path[] {
    return this.nodeIndex.nodesOf(...types);
  }

  /** Every identifier named `name` inside `scope`, as `j(scope).find(j.Identifier, { name })` gives them. */
  identifiersIn(scope: Path, name: string): Path[] {
    return this.nodeIndex.identifiersIn(scope, name);
  }

  /** Names that imports bind in this file: an identifier with another name is not imported. */
  importedLocals(): Set<string> {
    return this.nodeIndex.importedLocals();
  }

  /** What this file imports by name, with the module and the exported name. */
  imports(): readonly { local: string; specifier: string; exportName: string }[] {
    return this.nodeIndex.imports();
  }

  /**
   * Whether this file talks to another API and never to this one: it sends requests to URLs or paths that are
   * not this API's and none that are. Names alone (`mode`, `result`) do not tie such a file's values to the API.
   */
  otherApiOnly(): boolean {
    if (this.otherOnly === undefined) this.otherOnly = talksToOtherApiOnly(this);
    return this.otherOnly;
  }
  private otherOnly: boolean | undefined;

  /**
   * Whether the file deals with this API's data at all: an API call, or a name of one of its resources (`interview`,
   * `useInterviewStore`, `Result`), or its base address (a settings module: `{ baseUrl: 'https://…/api/',
   * startMode: env.MODE ?? 'complaint' }`). Values that only a name ties (`x.mode === 'complaint'`) count only then.
   */
  touchesApi(): boolean {
    if (this.touches === undefined) {
      const nouns = new Set(Object.values(api.resources).flatMap((r) => r.nouns.map((n) => n.toLowerCase())));
      // What a module of the run that talks only to another API exports is that API's (`fileComplaint` of a helpdesk client).
      const foreign = foreignImports(this);
      const imports = this.nodesOf('ImportDeclaration').filter((p: Path) => !this.project.otherApiModule?.(this.filePath, String(p.node.source.value)));
      // …and so is what the file hands to it (`openTicket({ mode, extra: { interview: id } })`).
      const handed = foreign.size === 0 ? [] : this.nodesOf('CallExpression').filter((p: Path) => p.node.callee.type === 'Identifier' && foreign.has(p.node.callee.name)).map((p: Path) => p.node);
      const inHanded = (n: Node) => handed.some((c: Node) => n.start! >= c.start! && n.end! <= c.end!);
      this.touches =
        this.nodesOf('Identifier').some((p: Path) => !foreign.has(p.node.name) && words(p.node.name).some((w) => nouns.has(w.replace(/s$/, ''))) && !inHanded(p.node)) ||
        // `import { setMode } from '../api/interview'`: a module named for a resource.
        imports.some((p: Path) => String(p.node.source.value).split(/[/.@~-]+/).some((w) => nouns.has(w.toLowerCase().replace(/s$/, '')))) ||
        this.nodesOf('CallExpression').some((p: Path) => apiCall(this, p) !== null) ||
        declaredModels(this) === true ||
        holdsApiModeMap(this) ||
        this.nodesOf('StringLiteral', 'Literal', 'TemplateElement').some((p: Path) => this.namesApiBase(p.node));
    }
    return this.touches;
  }
  private touches: boolean | undefined;

  /** Whether a literal holds an address on a host of the API itself (v1 or v2; the token service is shared). */
  private namesApiBase(n: Node): boolean {
    const text = n.type === 'TemplateElement' ? n.value.cooked : n.value;
    if (typeof text !== 'string') return false;
    const m = /^https?:\/\/([^/?#:]+)(\/[^?#]*)?/i.exec(text);
    if (!m) return false;
    const host = m[1]!.toLowerCase();
    const at = (m[2] ?? '/').replace(/\/*$/, '/');
    return Object.values(this.config.environments).some((e) =>
      [e.v1.baseUrl, e.v2.baseUrl].map(parseBase).some((b) => b.host === host && at.startsWith(b.path.replace(/\/*$/, '/'))),
    );
  }

  hasChange(id: string): boolean {
    return this.changes.some((c) => c.id === id);
  }

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

  /** 1-based line/column range of [start, end). */
  range(start: number, end: number): Pick<Finding, 'line' | 'column' | 'endLine' | 'endColumn'> {
    const a = this.lines.lineCol(start);
    const b = this.lines.lineCol(end);
    return { line: a.line, column: a.column, endLine: b.line, endColumn: b.column };
  }

  /** Record an automatic fix: replace [start, end) by `text`. Returns false when another fix holds the range. */
  fix(change: Change, start: number, end: number, text: string, message: string, site: Node = null, role?: Finding['role']): boolean {
    if (this.suppressed(change.id, start)) return false;
    if (!this.edits.add({ start, end, text })) return false;
    if (site) this.claimed.add(site);
    this.sites.push({ finding: { ...this.range(start, end), change: change.id, fix: 'auto', message, replacement: text, ...(role ? { role } : {}) }, start, end });
    return true;
  }

  /**
   * Record a use of a constant whose value is rewritten where it is defined (`definedAt`, `path:line`): an
   * automatic site that needs no edit of its own.
   */
  note(change: Change, site: Node, message: string, definedAt: string): void {
    if (this.suppressed(change.id, site.start) || this.claimed.has(site)) return;
    this.claimed.add(site);
    const text = this.source.slice(site.start, site.end);
    this.sites.push({ finding: { ...this.range(site.start, site.end), change: change.id, fix: 'auto', message, replacement: text, definedAt }, start: site.start, end: site.end });
  }

  /** Record an automatic deletion of an object literal's property (ranges are computed in `finish`). */
  deleteProperty(change: Change, objPath: Path, index: number, message: string): void {
    const obj = objPath.node;
    const prop = obj.properties[index];
    if (this.claimed.has(prop) || this.suppressed(change.id, prop.start)) return;
    this.claimed.add(prop);
    const set = this.deletions.get(obj) ?? new Set<number>();
    set.add(index);
    this.deletions.set(obj, set);
    this.sites.push({
      finding: { ...this.range(prop.start, prop.end), change: change.id, fix: 'auto', message, replacement: '' },
      start: prop.start,
      end: prop.end,
      deletion: true,
    });
  }

  /**
   * Record a site that needs a person; a marker comment goes above its statement. `subject` is the field or
   * value the message names, so that one marker can name every field of one statement.
   */
  manual(change: Change, path: Path, message: string, site: Node = path.node, subject?: string): void {
    const key = `${change.id}\u0000${site.start}\u0000${message}`;
    if (this.manualKeys.has(key) || this.suppressed(change.id, site.start)) return;
    this.manualKeys.add(key);
    this.claimed.add(site);
    const anchorLine = this.lines.lineCol(this.anchorOf(path)).line;
    const indent = /^\s*/.exec(this.lines.lineText(anchorLine))![0];
    this.sites.push({
      finding: { ...this.range(site.start, site.end), change: change.id, fix: 'manual', message },
      start: site.start,
      end: site.end,
      marker: { anchor: this.lines.lineStart(anchorLine), indent, change: change.id, message, subject },
    });
  }

  /** Whether a site of this change is reported on this (1-based) line already. */
  hasSiteOn(changeId: string, line: number): boolean {
    return this.sites.some((s) => s.finding.change === changeId && s.finding.line === line);
  }

  /**
   * A site inside a comment (a JSDoc `@property`): reported at its offsets, its marker above the comment.
   */
  manualAt(change: Change, start: number, end: number, anchor: number, message: string, subject?: string): void {
    const key = `${change.id}\u0000${start}\u0000${message}`;
    if (this.manualKeys.has(key) || this.suppressed(change.id, start)) return;
    this.manualKeys.add(key);
    const anchorLine = this.lines.lineCol(anchor).line;
    const indent = /^\s*/.exec(this.lines.lineText(anchorLine))![0];
    this.sites.push({
      finding: { ...this.range(start, end), change: change.id, fix: 'manual', message },
      start,
      end,
      marker: { anchor: this.lines.lineStart(anchorLine), indent, change: change.id, message, subject },
    });
  }

  /**
   * Where a marker can go: the start of the line of the nearest enclosing statement, declaration, class
   * member, type member or switch case that begins its line and is not inside JSX (a comment there would
   * render). Object properties are not anchors: one statement gets one marker, however many fields it sends.
   */
  private anchorOf(path: Path): number {
    let p: Path | null = path;
    let candidate: Path | null = null;
    while (p) {
      const n = p.node;
      if (n && /^JSX/.test(n.type)) candidate = null;
      else if (!candidate && n && isAnchorType(n.type) && this.beginsLine(n.start)) candidate = p;
      p = parentOf(p);
      if (p && p.node && /^JSX(Element|Fragment)$/.test(p.node.type)) candidate = null;
    }
    if (candidate) return candidate.node.start;
    let q: Path = path;
    let stmt: Path = path;
    while (q.parentPath) {
      if (/Statement$|Declaration$/.test(q.node.type)) stmt = q;
      q = parentOf(q)!;
    }
    return stmt.node.start;
  }

  beginsLine(offset: number): boolean {
    const { line } = this.lines.lineCol(offset);
    return this.source.slice(this.lines.lineStart(line), offset).trim() === '';
  }

  /**
   * The migrated text and the findings that hold in it: property deletions are applied first; a finding whose
   * site lies inside text the run deletes is dropped with its marker; markers are then planned on what stays.
   */
  finish(markers: boolean): { output: string; findings: Finding[]; edits: Edit[] } {
    const deleted: { start: number; end: number }[] = [];
    for (const [obj, indices] of this.deletions) {
      for (const range of deletionRanges(this, obj, indices)) {
        this.edits.addReplacing({ ...range, text: '' });
        deleted.push(range);
      }
    }
    const gone = (s: Site) => !s.deletion && deleted.some((d) => s.start >= d.start && s.end <= d.end && d.end > d.start);
    const kept = this.sites.filter((s) => !gone(s));
    if (markers) {
      const requests = kept.flatMap((s) => (s.marker ? [s.marker] : []));
      const selected = new Set(this.changes.map((c) => c.id));
      for (const e of markerEdits(this.source, requests, { style: COMMENTS.slash, selected, eol: this.lines.eol })) {
        this.edits.add(e);
      }
    }
    const findings = kept
      .map((s) => s.finding)
      .sort((a, b) => a.line - b.line || a.column - b.column || a.change.localeCompare(b.change));
    return { output: this.edits.apply(this.source), findings, edits: this.edits.list() };
  }
}

const ANCHOR_TYPES = new Set(['ClassProperty', 'ClassMethod', 'ObjectMethod', 'ClassPrivateProperty', 'TSPropertySignature', 'ObjectTypeProperty', 'TSEnumMember', 'SwitchCase']);

function isAnchorType(type: string): boolean {
  return /Statement$/.test(type) || /Declaration$/.test(type) || ANCHOR_TYPES.has(type);
}

/** Ranges that delete the given properties of an object literal, with their commas and emptied lines. */
function deletionRanges(ctx: FileContext, obj: Node, indices: Set<number>): { start: number; end: number }[] {
  const props: Node[] = obj.properties;
  const src = ctx.source;
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
    const startProp = props[sorted[i]!];
    const endProp = props[sorted[b]!];
    const next = props[sorted[b]! + 1];
    const prev = props[sorted[i]! - 1];
    const ownLine = ctx.beginsLine(startProp.start);
    if (next) {
      ranges.push(
        ownLine && ctx.beginsLine(next.start)
          ? { start: lineStartOf(startProp.start), end: lineStartOf(next.start) }
          : { start: startProp.start, end: next.start },
      );
    } else {
      const afterComma = commaAfter(endProp.end, obj.end);
      const trailing = afterComma !== endProp.end;
      if (ownLine) {
        ranges.push(
          trailing || !prev
            ? { start: lineStartOf(startProp.start), end: lineEndOf(afterComma) }
            : { start: prev.end, end: endProp.end },
        );
      } else if (prev) {
        ranges.push({ start: prev.end, end: afterComma });
      } else {
        ranges.push({ start: startProp.start, end: afterComma });
      }
    }
    i = b + 1;
  }
  return emptied(src, obj, props.length === sorted.length, ranges) ?? ranges;
}

/** When every property goes and nothing but blanks stays between the braces, the object becomes `{}`. */
function emptied(src: string, obj: Node, all: boolean, ranges: { start: number; end: number }[]): { start: number; end: number }[] | null {
  if (!all || src[obj.start] !== '{' || src[obj.end - 1] !== '}') return null;
  let rest = '';
  let at = obj.start + 1;
  for (const r of [...ranges].sort((x, y) => x.start - y.start)) {
    rest += src.slice(at, Math.max(at, r.start));
    at = Math.max(at, r.end);
  }
  rest += src.slice(at, obj.end - 1);
  return /^\s*$/.test(rest) ? [{ start: obj.start + 1, end: obj.end - 1 }] : null;
}
