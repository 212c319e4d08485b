import type { SgNode } from '@ast-grep/napi';
import type { ResourceName } from '../../../catalogue';
import type { Config } from '../../../config';
import { findV1Urls, parseBase } from '../../../config/urls';
import { nestedResourceLits } from './nested-paths';
import { all, HOLE, loopDecl, span, type Call, type Decl, type Extracted, type LangSpec, type Lit } from './lang';
import { norm, type Vocabulary } from './vocabulary';
import { gapLit, HOLE_KIND } from './gap-literals';
import { apiHosts, escapeRe, functionName, holderOf, otherTypes, within } from './file-support';

export { apiHosts, escapeRe, functionName, holderOf, within } from './file-support';

/**
 * One parsed file: what its language module extracted, indexed for the rules: literals by node, the
 * function enclosing a node, declarations by name, and the resources the file's URL literals address.
 */
export class PolyFile {
  readonly lits: Lit[];
  readonly x: Omit<Extracted, 'lits'>;
  private readonly litAt = new Map<number, Lit>();
  private readonly declsByName = new Map<string, Decl[]>();
  /** Literals that address a resource (`"complaints/"`, `f"interviews/{t}/"`, a v1 base followed by a segment). */
  resourceLits: { lit: Lit; resource: ResourceName; rest: string }[] = [];
  private names: SgNode[] | undefined;
  /** The file talks to this API: a v1 or v2 address, the token service or a resource path in a literal. */
  readonly tied: boolean;

  constructor(
    readonly spec: LangSpec,
    readonly root: SgNode,
    readonly source: string,
    readonly vocab: Vocabulary,
    readonly config: Config,
    /** Where the run's stub servers serve the API (stub-mounts.ts): `buoy` of `"${server.baseUrl()}/buoy/"`. */
    private readonly mounts: ReadonlySet<string> = new Set(),
  ) {
    const kinds = new Set(spec.stringKinds);
    const lits: Lit[] = [];
    for (const n of all(root, ...spec.stringKinds, ...(spec.symbolKinds ?? []))) {
      // Nested string nodes (a string inside an interpolation) are literals of their own; a string whose
      // parent is a string kind (Kotlin's template parts) is part of it.
      if (kinds.has(n.parent()?.kind() as string)) continue;
      // `~w(complaint safe)`: each word a literal of its own.
      const words = spec.words?.(n)?.map((w) => ({ node: n, ...w, text: source.slice(w.start, w.end), parts: [{ ...w, text: source.slice(w.start, w.end) }], simple: true }));
      if (words) lits.push(...words);
      const l = words ? null : this.readLit(n);
      if (l) lits.push(l);
    }
    this.lits = lits;
    for (const l of lits) this.litAt.set(l.start, l);
    this.x = spec.extract(root, (n) => this.lit(n));
    for (const n of all(root, ...(spec.loopKinds ?? []))) {
      const d = loopDecl(spec, n);
      if (d) this.x.decls.push(d);
    }
    for (const d of this.x.decls) {
      const list = this.declsByName.get(d.name) ?? [];
      list.push(d);
      this.declsByName.set(d.name, list);
    }
    for (const lit of lits) {
      const hit = this.addressedResource(lit.text);
      if (hit) this.resourceLits.push({ lit, ...hit });
    }
    this.resourceLits = nestedResourceLits(this.resourceLits);
    // Names holding a resource path (`PATH_COMPLAINTS = "complaints/"`): their uses address it too.
    for (const d of this.x.decls) {
      // The literal itself, or a base joined to it (`CREATE = SC_BASE + "interviews/anonymous/"`).
      const init = d.init ? span(d.init) : null;
      const joined = init && /binary|concat|additive/.test(d.init!.kind() as string) && !d.init!.text().includes('(') ? this.resourceLits.filter((r) => r.lit.start >= init.start && r.lit.end <= init.end) : [];
      // Or a format string that starts with it (Rust's `format!("{}interviews/{}/", base, t)`).
      const formatted = init && /^format\s*\(/.test(d.init!.text()) ? this.resourceLits.filter((r) => r.lit.start >= init.start && r.lit.end <= init.end) : [];
      const hit = init ? this.resourceLits.find((r) => r.lit.start === init.start && r.lit.end === init.end) ?? (joined.length === 1 ? joined[0] : formatted.length === 1 ? formatted[0] : undefined) : undefined;
      // The types that hold the name (`SymptomCheckerClient` of `static final String COMPLAINT = "/complaints/{token}/"`).
      // So do constant groups (Ruby's `module Paths; COMPLAINT = "complaints/%<token>s/"`), beside a `Modes::COMPLAINT`.
      const holders = hit ? [...this.x.types.filter((t) => within(d.node, t.node)).map((t) => t.name), ...this.groupsAround(d.node)] : [];
      if (hit) this.pathNames.set(d.name, { resource: hit.resource, rest: hit.rest, ...(holders.length > 0 ? { holders } : {}) });
      if (hit) this.pathDecls.set(d.node, { resource: hit.resource, rest: hit.rest });
    }
    this.pathFunctions();
    // A table of paths (`PATHS = {"interview_create": "interviews/anonymous/"}`): `PATHS["interview_create"]` addresses its entry's resource.
    const byContainer = new Map<string, typeof this.x.pairs>();
    for (const p of this.x.pairs) {
      if (!p.value || !/^\w+$/.test(p.key)) continue;
      const c = span(p.container);
      const list = byContainer.get(`${c.start}:${c.end}`);
      if (list) list.push(p);
      else byContainer.set(`${c.start}:${c.end}`, [p]);
    }
    for (const d of byContainer.size ? this.x.decls : []) {
      if (!d.init) continue;
      const at = span(d.init);
      for (const p of byContainer.get(`${at.start}:${at.end}`) ?? []) {
        const v = span(p.value!);
        const hit = this.resourceLits.find((r) => r.lit.start === v.start && r.lit.end === v.end);
        if (hit) this.pathNames.set(`${d.name}[${p.key}]`, { resource: hit.resource, rest: hit.rest });
      }
    }
    this.keyedStores(lits);
    const hosts = apiHosts(config);
    this.tied = this.resourceLits.length > 0 || lits.some((l) => findV1Urls(config, l.text).length > 0 || hosts.some((h) => l.text.includes(h)));
  }

  /** The literal a node is (or wraps), if any. */
  lit(n: SgNode | null | undefined): Lit | null {
    if (!n) return null;
    const hit = this.litAt.get(span(n).start);
    if (hit && hit.end === span(n).end) return hit;
    const kids = n.children().filter((c) => c.isNamed());
    return kids.length === 1 && span(kids[0]!).start === span(n).start ? this.lit(kids[0]) : null;
  }

  private readLit(n: SgNode): Lit | null {
    const { start, end } = span(n);
    const kids = n.children();
    const content = new Set(this.spec.contentKinds);
    const escapes = new Set(this.spec.escapeKinds);
    if (this.spec.symbolKinds?.includes(n.kind() as string)) {
      const m = /^:?["']?([\w?!]+)["']?:?$/.exec(n.text());
      if (!m) return null;
      const off = start + n.text().indexOf(m[1]!);
      return { node: n, start, end, text: m[1]!, parts: [{ start: off, end: off + m[1]!.length, text: m[1]! }], simple: true };
    }
    if (this.spec.gapContent) return gapLit(n, this.source);
    if (kids.length === 0 || !kids.some((k) => content.has(k.kind() as string) || k.isNamed())) {
      // A leaf literal: strip its quotes.
      const t = n.text();
      // A C# verbatim string (`@"""extra"":""x"""`) opens with one quote, however many follow it.
      const m = /^(\$?@\$?)(")([\s\S]*)"$/.exec(t) ?? /^([a-zA-Z@$]*)("""|'''|["'`])([\s\S]*)\2$/.exec(t);
      if (!m) return kids.length === 0 ? null : { node: n, start, end, text: '', parts: [], simple: true };
      const s = start + m[1]!.length + m[2]!.length;
      return { node: n, start, end, text: m[3]!, parts: [{ start: s, end: s + m[3]!.length, text: m[3]! }], simple: !m[3]!.includes('\\') };
    }
    let text = '';
    const parts: Lit['parts'] = [];
    let simple = true;
    for (const [i, k] of kids.entries()) {
      const kind = k.kind() as string;
      const r = span(k);
      if (content.has(kind)) {
        // A raw string read as one part with its delimiters (Swift's `#"{"mode": …}"#`): the text between them.
        const open = r.start === start ? /^#*"{1,3}/.exec(k.text())?.[0].length ?? 0 : 0;
        const close = r.end === end ? /"{1,3}#*$/.exec(k.text().slice(open))?.[0].length ?? 0 : 0;
        parts.push({ start: r.start + open, end: r.end - close, text: k.text().slice(open, k.text().length - close) });
        text += k.text().slice(open, k.text().length - close);
      } else if (kind === '"' && kids.slice(0, i).some((c) => content.has(c.kind() as string)) && kids.slice(i + 1).some((c) => content.has(c.kind() as string) || c.isNamed())) {
        // A quote inside a multi-line string, a token of its own in some grammars (Swift's `"""{"mode": …}"""`).
        parts.push({ start: r.start, end: r.end, text: '"' });
        text += '"';
      } else if (escapes.has(kind)) {
        simple = false;
        text += k.text();
      } else if (k.isNamed() && HOLE_KIND.test(kind)) {
        simple = false;
        text += HOLE;
      }
    }
    if (parts.length > 1) simple = false;
    return { node: n, start, end, text, parts, simple };
  }

  /** The resource a URL or path literal addresses by its first path segment, and what follows the segment. */
  addressedResource(text: string): { resource: ResourceName; rest: string } | null {
    let t = text.trim();
    // A host and path without a scheme (Laravel's `Http::fake(['sandbox.example.com/api/interviews/*' => …])`): that address.
    if (/^[a-z\d-]+(?:\.[a-z\d-]+)+\/\S/i.test(t)) t = `https://${t}`;
    const abs = /^https?:\/\/([^/]*)(\/.*)?$/i.exec(t);
    if (abs) {
      // An absolute URL must be on a v1 (or v2) host of this API; another host's /api/ is not ours.
      const urls = findV1Urls(this.config, t);
      // A v2 address (a file already migrated, a second run): what follows the environment's v2 base.
      const v2 = Object.values(this.config.environments).map((e) => e.v2.baseUrl.replace(/\/?$/, '/')).find((b) => t.toLowerCase().startsWith(b.toLowerCase()));
      if (urls.length === 0 && !v2) return null;
      t = v2 && urls.length === 0 ? t.slice(v2.length) : t.replace(/^https?:\/\/[^/]*\/[^/]*\/?/i, '');
    }
    t = t.replace(new RegExp(`^(?:${HOLE}|%[sv]|\\{\\w*(?::[^{}]*)?\\}|/)+`), '');
    // A path under the v1 base's own path (a stub server's `"/api/interviews/anonymous/"`): what follows it.
    // So is one under the path a stub server of the run serves the API at (`"/buoy/interviews/anonymous/"`, stub-mounts.ts).
    if (!abs) for (const p of [...this.v1Paths(), ...this.mounts]) if (t.startsWith(`${p}/`)) t = t.slice(p.length + 1);
    for (const [segment, resource] of this.vocab.segments) {
      // A bare word (`"results"`, `"questions"`) is not a path unless a v1 base precedes it.
      if ((abs && t === segment) || t.startsWith(`${segment}/`) || t.startsWith(`${segment}?`) || t.startsWith(`${segment}${HOLE}`)) {
        return { resource, rest: t.slice(segment.length) };
      }
    }
    return null;
  }

  private basePaths?: string[];

  /** The paths of the v1 bases (`api`), without slashes. */
  private v1Paths(): string[] {
    return (this.basePaths ??= [...new Set(Object.values(this.config.environments).map((e) => parseBase(e.v1.baseUrl).path.replace(/^\/|\/$/g, '')).filter(Boolean))]);
  }

  /** The function (or the file) a node is in. */
  scopeOf(n: SgNode): SgNode {
    if (this.spec.virtual && this.spec.functionKinds.some((k) => this.spec.virtual![k])) {
      // Functions built from sibling runs are no parents of what they hold: the innermost one around the node.
      const at = span(n);
      const fns = this.functions().filter((f) => f.start <= at.start && at.end <= f.end && !(f.start === at.start && f.end === at.end));
      return fns.reduce<{ node: SgNode; start: number; end: number } | null>((best, f) => (!best || f.end - f.start < best.end - best.start ? f : best), null)?.node ?? this.root;
    }
    let p: SgNode | null = n.parent();
    const kinds = this.spec.functionKinds;
    while (p) {
      if (kinds.includes(p.kind() as string)) return p;
      p = p.parent();
    }
    return this.root;
  }

  /** The functions a node is in, innermost first (a lambda, then the method around it). */
  scopesOf(n: SgNode): SgNode[] {
    const out: SgNode[] = [];
    for (let s = this.scopeOf(n); s !== this.root; s = this.scopeOf(s)) out.push(s);
    return out;
  }

  /** Declarations of a name visible at a node: in its function first, then anywhere in the file. */
  declsOf(name: string, at: SgNode): Decl[] {
    const all = this.declsByName.get(name) ?? [];
    const scope = this.scopeOf(at);
    const inScope = all.filter((d) => within(d.node, scope));
    return inScope.length > 0 ? inScope : all.filter((d) => this.scopeOf(d.node) === this.root || !this.spec.functionKinds.includes(this.scopeOf(d.node).kind() as string));
  }

  /** Resource literals inside a node, and uses of names that hold one (this file's or, once known, the run's). */
  resourcesIn(n: SgNode): ResourceRef[] {
    const { start, end } = span(n);
    const lits: ResourceRef[] = this.resourceLits.filter((r) => r.lit.start >= start && r.lit.end <= end).map((r) => ({ start: r.lit.start, end: r.lit.end, resource: r.resource, rest: r.rest }));
    return [...lits, ...this.pathRefs().filter((r) => r.start >= start && r.end <= end)];
  }

  /** Path constants of the run's other files (`ApiConstants.PATH_COMPLAINTS`, a Go package's `pathQuestions`). */
  usePaths(paths: ReadonlyMap<string, { resource: ResourceName; rest: string; holders?: string[] }>): void {
    let added = false;
    for (const [name, hit] of paths) {
      if (this.pathNames.has(name) || this.declsByName.has(holderOf(name))) continue;
      this.pathNames.set(name, hit);
      added = true;
    }
    if (added) this.refs = undefined;
  }

  /**
   * Names this file declares with a resource path as their value, for the run's other files: constants and members,
   * not a function's own variable (`val path = s"interviews/$t/"` in one method says nothing of Akka's `path(…)` elsewhere).
   */
  localPaths(): { name: string; resource: ResourceName; rest: string }[] {
    const shared = (name: string) => (this.declsByName.get(holderOf(name)) ?? []).some((d) => this.scopeOf(d.node) === this.root);
    return [...this.pathNames].filter(([name]) => shared(name) || this.ownPathFns.has(name)).map(([name, hit]) => ({ name, ...hit }));
  }

  private readonly ownPathFns = new Set<string>();

  /**
   * Functions that only build a resource's path (`static String interview(String t) => 'interviews/$t/';`,
   * `def interview_path(t): return f"interviews/{t}/"`): a call of one addresses the resource, as a path
   * constant's use does. Named `name()`: only a call of the name is a use (a variable `interview` is not).
   */
  private pathFunctions(): void {
    if (this.resourceLits.length === 0) return;
    for (const fn of this.functions()) {
      if (!fn.name || this.declsByName.has(fn.name)) continue;
      const hits = this.resourceLits.filter((r) => r.lit.start >= fn.start && r.lit.end <= fn.end);
      const hit = hits[0];
      // The path formatted with the function's arguments (Qt's `QStringLiteral("interviews/%1/").arg(token)`) still only builds it.
      const formats = (c: Call) => FORMAT_CALLS.test(c.callee) && !!hit && span(c.node).start <= hit.lit.start && hit.lit.end <= span(c.node).end;
      if (!hit || hits.length !== 1 || this.x.calls.some((c) => span(c.node).start >= fn.start && span(c.node).end <= fn.end && !formats(c))) continue;
      // Nothing but its head and the path it returns: a function that also does something (an annotated endpoint
      // declaration, `@PUT("interviews/{t}/") fun update(…)`) is no path builder.
      if (fn.end - fn.start - (hit.lit.end - hit.lit.start) > PATH_FN_REST) continue;
      const before = this.source.slice(fn.start, hit.lit.start);
      const after = this.source.slice(hit.lit.end, fn.end);
      // A C++ string wrapper around the literal (`return QStringLiteral("complaints/");`) is blanked for the parser, not here.
      const wrapped = this.spec.id === 'cpp' ? CPP_WRAPPER : /$^/;
      if (!/(?:=>|=|\breturn)\s*$/.test(before.replace(wrapped, '')) && !/\)\s*\n\s*$/.test(before)) continue;
      const rest = after.replace(this.spec.id === 'cpp' ? /^\s*\)/ : /$^/, '').replace(/^(?:\s*\.\s*(?:arg|format|formatted)\s*\([^;{}]*\))+/, '');
      if (!/^\s*[;}]?\s*(?:end)?\s*$/.test(rest) && !(this.spec.id === 'cpp' && /^\s*;\s*\}\s*$/.test(rest))) continue;
      if (/^\s*@/.test(this.source.slice(fn.start, fn.end))) continue;
      const name = `${fn.name}()`;
      this.pathNames.set(name, { resource: hit.resource, rest: hit.rest });
      this.ownPathFns.add(name);
    }
  }

  /** The names of the constant groups (spec.groupKinds: Ruby's modules, C++ namespaces) around a node. */
  private groupsAround(node: SgNode): string[] {
    const kinds = this.spec.groupKinds ?? [];
    const out: string[] = [];
    for (let p = node.parent(); p && kinds.length > 0; p = p.parent()) {
      if (!kinds.includes(p.kind() as string)) continue;
      const name = p.children().find((c) => c.isNamed())?.text().split(/::|\./).pop();
      if (name) out.push(name);
    }
    return out;
  }
  private readonly pathNames = new Map<string, { resource: ResourceName; rest: string; holders?: string[] }>();
  private readonly pathDecls = new Map<SgNode, { resource: ResourceName; rest: string }>();
  private refs: ResourceRef[] | undefined;

  private pathRefs(): ResourceRef[] {
    if (this.refs) return this.refs;
    if (this.pathNames.size === 0) return (this.refs = []);
    const decls = new Set(this.x.decls.map((d) => span(d.nameNode).start));
    const keys = this.entryKeys();
    this.names ??= all(this.root, ...this.spec.nameKinds);
    this.refs = [];
    const tables = new Set([...this.pathNames.keys()].filter((k) => k.includes('[')).map(holderOf));
    const fns = new Set([...this.pathNames.keys()].filter((k) => k.endsWith('()')).map(holderOf));
    for (const n of this.names) {
      const name = n.text().replace(/^[$@]+/, '');
      const at = span(n);
      // A name each function gives its own path (`url = BASE + "complaints/"` in one test, `"intents/"` in the next): the one in scope.
      const own = this.declsOf(name, n).filter((d) => span(d.node).end <= at.start).pop();
      const hit = (this.declsByName.get(name) ?? []).filter((d) => this.pathDecls.has(d.node)).length > 1 ? own && this.pathDecls.get(own.node) : this.pathNames.get(name);
      if (hit && !decls.has(at.start) && !keys.has(at.start) && !otherTypes(this.source, at.start, this.pathNames.get(name)?.holders)) this.refs.push({ ...at, resource: hit.resource, rest: hit.rest });
      // A call of a function that builds the path (not its own definition's name).
      const built = fns.has(name) ? this.pathNames.get(`${name}()`) : undefined;
      if (built && /^\s*\(/.test(this.source.slice(at.end, at.end + 8)) && !this.functions().some((f) => f.name === name && f.start <= at.start && at.end <= f.end && this.ownPathFns.has(`${name}()`))) this.refs.push({ ...at, ...built });
      // `PATHS["questions"]`, `PATHS[:questions]`, `PATHS.get("questions")`: an entry of a table of paths.
      const entry = tables.has(name) ? /^\s*(?:\[\s*["':]?(\w+)["']?\s*\]|\.(?:get|fetch)\(\s*["':](\w+)["']?\s*\))/.exec(this.source.slice(at.end, at.end + 80)) : null;
      const row = entry ? this.pathNames.get(`${name}[${entry[1] ?? entry[2]}]`) : undefined;
      if (entry && row) this.refs.push({ start: at.start, end: at.end + entry[0].length, ...row });
    }
    return this.refs;
  }

  private keys?: Set<number>;

  /**
   * Where the members named entries fill start (`Interview = token` of an object initializer, `interview: token` of a
   * struct literal or a named argument): the model's member, never a reference to a path constant of that name.
   */
  entryKeys(): ReadonlySet<number> {
    return (this.keys ??= new Set(this.x.pairs.filter((p) => p.named).map((p) => span(p.keyNode).start)));
  }

  /**
   * `body["extra"] = extra`, `$body['extra'] = $x`, `body[:extra] = x`: a key stored into the map a variable
   * holds is an entry of that map (its literal or constructor call), never deleted (the statement is the author's).
   */
  private keyedStores(lits: Lit[]): void {
    for (const lit of lits) {
      if (!lit.simple || !this.vocab.fieldNames.has(norm(lit.text))) continue;
      const before = /([$@]?[A-Za-z_]\w*)\s*\[\s*$/.exec(this.source.slice(Math.max(0, lit.start - 80), lit.start));
      if (!before || !/^\s*\]\s*=(?!=)/.test(this.source.slice(lit.end, lit.end + 20))) continue;
      const name = before[1]!.replace(/^[$@]+/, '');
      const decl = this.declsOf(name, lit.node).filter((d) => d.init && span(d.init).end <= lit.start).pop();
      if (!decl?.init) continue;
      this.x.pairs.push({ node: lit.node, start: lit.start, end: lit.end, key: lit.text, keyNode: lit.node, value: null, container: decl.init, named: true });
    }
  }

  /** Every node of the given kinds inside a node. */
  within(n: SgNode, kinds: string[]): SgNode[] {
    return all(n, ...kinds);
  }

  private fns: { node: SgNode; name: string | null; start: number; end: number }[] | undefined;
  private calls: { call: Call; start: number; end: number }[] | undefined;

  /** The functions of the file, each with its name (null for a lambda) and offsets, found once. */
  functions(): { node: SgNode; name: string | null; start: number; end: number }[] {
    return (this.fns ??= all(this.root, ...this.spec.functionKinds).map((node) => ({ node, name: functionName(this.spec, node), ...span(node) })));
  }

  /** The calls with their offsets, measured once. */
  callSpans(): { call: Call; start: number; end: number }[] {
    return (this.calls ??= this.x.calls.map((call) => ({ call, ...span(call.node) })));
  }

  /** Line-and-text of identifiers named `name` (uses of a constant or variable). */
  usesOf(name: string): SgNode[] {
    const re = new RegExp(`^[$@]*${escapeRe(name)}$`);
    this.names ??= all(this.root, ...this.spec.nameKinds);
    return this.names.filter((n) => re.test(n.text()));
  }
}

/** Where a node addresses a resource: a path literal, or a use of a name holding one. */
export interface ResourceRef {
  start: number;
  end: number;
  resource: ResourceName;
  rest: string;
}

/** How much of a path-building function may be other than its path literal (its head, `return`, braces). */
const PATH_FN_REST = 120;

/** Calls that format a path with values (`.arg(token)`, `.format(t)`, `.formatted(t)`). */
const FORMAT_CALLS = /^(?:arg|format|formatted)$/;

/** A C++ string wrapper the parser reads blanked (`QStringLiteral(`, `U(`), just before a literal. */
const CPP_WRAPPER = /\b(?:U|_XPLATSTR|_T|TEXT|QStringLiteral|QLatin1String|QLatin1StringView|QString|utility::conversions::to_string_t)\s*\(\s*$/;
