import type { Change } from '../../catalogue';
import { EditSet, LineIndex } from '../engine/edits';
import { markerEdits, type CommentStyle, type MarkerRequest } from '../markers';
import type { Finding } from '../types';
import { isSuppressed, textDirectives } from './comments';

/**
 * Edits and findings on one text, for the front-ends that are not jscodeshift's: config formats, the plain-text
 * pass and the other languages' parsers. Same contract as the JS engine's FileContext: fixes are text edits,
 * manual sites get one marker per anchor line in the file's comment syntax (when it has one), directive
 * comments silence a line, and a second run adds nothing.
 */
export class TextFile {
  readonly lines: LineIndex;
  private readonly edits = new EditSet();
  private readonly findings: Finding[] = [];
  private readonly markers: MarkerRequest[] = [];
  private readonly directives: Map<number, Set<string>>;
  private readonly manualKeys = new Set<string>();
  /** The comment syntax at an offset where it is not the file's (a PHP view's markup), when the front-end tells. */
  styleAt: ((offset: number) => CommentStyle | null) | null = null;

  /** When set: only these changes are rewritten; the others' fixes become manual sites saying why. */
  private fixOnly: { changes: ReadonlySet<string>; why: string } | null = null;

  constructor(
    readonly source: string,
    readonly changes: readonly Change[],
    readonly style: CommentStyle | null,
  ) {
    this.lines = new LineIndex(source);
    this.directives = source.includes('sc-migrate-disable') ? textDirectives(source.split('\n')) : new Map();
  }

  has(changeId: string): boolean {
    return this.changes.some((c) => c.id === changeId);
  }

  /** Whether a site of the change is already on the line of `offset` (another there would say the same). */
  hasSiteOn(change: string, offset: number): boolean {
    const line = this.lines.lineCol(offset).line;
    return this.findings.some((f) => f.change === change && f.line <= line && line <= f.endLine);
  }

  suppressed(change: string, offset: number): boolean {
    return this.directives.size > 0 && isSuppressed(this.directives, this.lines.lineCol(offset).line, change);
  }

  private range(start: number, end: number): Pick<Finding, 'line' | 'column' | 'endLine' | 'endColumn'> {
    const a = this.lines.lineCol(start);
    const b = this.lines.lineCol(end);
    return { line: a.line, column: a.column, endLine: b.line, endColumn: b.column };
  }

  /**
   * From here on, rewrite only `changes`; any other fix is reported as a manual site with `why`, and manual sites
   * are one per change and line (a rule's rewrite and its fallback are one site).
   */
  restrictFixes(changes: ReadonlySet<string>, why: string): void {
    this.fixOnly = { changes, why };
  }

  /** An automatic rewrite of [start, end). False when suppressed, restricted, or another edit holds the range. */
  fix(change: string, start: number, end: number, text: string, message: string, extra: Partial<Finding> = {}): boolean {
    if (this.fixOnly && !this.fixOnly.changes.has(change)) {
      // Reported once per change and line, and taken as handled so that the rule adds no fallback of its own.
      this.manual(change, start, end, `${message} (not rewritten: ${this.fixOnly.why})`);
      return true;
    }
    if (this.suppressed(change, start) || !this.edits.add({ start, end, text }, this.source)) return false;
    this.findings.push({ ...this.range(start, end), change, fix: 'auto', message, replacement: text, ...extra });
    return true;
  }

  /**
   * A use of a name whose value is rewritten where it is defined (`InterviewMode.COMPLAINT` of an enum whose wire
   * value becomes 'input'): an automatic site that needs no edit of its own (the JS engine's `note`).
   */
  note(change: string, start: number, end: number, message: string, definedAt?: string): void {
    if (this.suppressed(change, start) || this.hasSiteOn(change, start)) return;
    const text = this.source.slice(start, end);
    this.findings.push({ ...this.range(start, end), change, fix: 'auto', message, replacement: text, ...(definedAt ? { definedAt } : {}) });
  }

  /**
   * A site for a person. The marker goes above `anchor` (an offset on the anchor line; default: the site's
   * line, moved up over backslash continuations so that a shell or Dockerfile command stays whole).
   */
  manual(change: string, start: number, end: number, message: string, opts: { subject?: string; anchor?: number; marker?: boolean } = {}): void {
    const key = this.fixOnly ? `${change}\u0000${this.lines.lineCol(start).line}` : `${change}\u0000${start}\u0000${message}`;
    if (this.manualKeys.has(key) || this.suppressed(change, start)) return;
    // The same read found twice, once as a literal and once as its content (`"test"` and `test`): one site.
    if (this.findings.some((f) => f.change === change && f.message === message && this.sitesOf.has(f) && nested(this.sitesOf.get(f)!, start, end))) return;
    this.manualKeys.add(key);
    const finding: Finding = { ...this.range(start, end), change, fix: 'manual', message };
    this.findings.push(finding);
    this.sitesOf.set(finding, { start, end });
    if (opts.marker === false || !this.style) return;
    let line = this.lines.lineCol(opts.anchor ?? start).line;
    while (line > 1 && /\\\s*$/.test(this.lines.lineText(line - 1))) line--;
    const indent = /^\s*/.exec(this.lines.lineText(line))![0];
    const style = this.styleAt?.(this.lines.lineStart(line));
    const marker: MarkerRequest = { anchor: this.lines.lineStart(line), indent, change, message, subject: opts.subject, ...(style ? { style } : {}) };
    this.markers.push(marker);
    this.markerOf.set(finding, marker);
  }

  /** Where each manual finding's site is, and the marker it asked for (to drop both when a deletion takes the site). */
  private readonly sitesOf = new Map<Finding, { start: number; end: number }>();
  private readonly markerOf = new Map<Finding, MarkerRequest>();

  /**
   * Manual sites whose text an automatic deletion of the same run removed (`detail: opts[:detail]` in a body whose
   * `detail` entry is deleted): nothing is left for a person at that place, and a marker there would sit above code
   * that no longer exists (and a second run would take it away). The deletion's own finding reports the site.
   */
  private dropDeletedSites(): void {
    const deletions = this.edits.list().filter((e) => e.text === '' && e.end > e.start);
    if (deletions.length === 0) return;
    const gone = new Set<Finding>();
    for (const [f, site] of this.sitesOf) {
      if (deletions.some((d) => d.start <= site.start && site.end <= d.end && site.end > site.start)) gone.add(f);
    }
    if (gone.size === 0) return;
    const markers = new Set([...gone].map((f) => this.markerOf.get(f)).filter((m): m is MarkerRequest => !!m));
    for (let i = this.findings.length - 1; i >= 0; i--) if (gone.has(this.findings[i]!)) this.findings.splice(i, 1);
    for (let i = this.markers.length - 1; i >= 0; i--) if (markers.has(this.markers[i]!)) this.markers.splice(i, 1);
  }

  finish(markers: boolean): { output: string; findings: Finding[] } {
    this.dropDeletedSites();
    if (markers && this.style) {
      const selected = new Set(this.changes.map((c) => c.id));
      for (const e of markerEdits(this.source, this.markers, { style: this.style, selected, eol: this.lines.eol })) this.edits.add(e);
    }
    const findings = [...this.findings].sort((a, b) => a.line - b.line || a.column - b.column || a.change.localeCompare(b.change));
    return { output: this.edits.apply(this.source), findings };
  }
}

/** Whether one range holds the other, a quote's width apart at most on each side. */
function nested(site: { start: number; end: number }, start: number, end: number): boolean {
  const inside = (a: { start: number; end: number }, b: { start: number; end: number }) => a.start >= b.start && a.end <= b.end && a.start - b.start <= 1 && b.end - a.end <= 1;
  return inside(site, { start, end }) || inside({ start, end }, site);
}
