/** Text edits on the original source: the engine never reprints code, so untouched bytes stay identical. */
export interface Edit {
  start: number;
  end: number;
  text: string;
}

export class EditSet {
  /** Kept sorted by start (then end), so overlap checks look at neighbours only. */
  private readonly edits: Edit[] = [];

  private indexFor(edit: Edit): number {
    let lo = 0;
    let hi = this.edits.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const e = this.edits[mid]!;
      if (e.start < edit.start || (e.start === edit.start && e.end <= edit.end)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * Add an edit unless it overlaps one already taken (the first rule to claim a range wins). Given the source,
   * deletions that overlap deletions (two entries of one literal, each taken with the separator between them) join
   * into one, which takes the separator before it too when it reaches the literal's end (`{ a: 1, b: 2, c: 3 }`
   * less `b` and `c` is `{ a: 1 }`).
   */
  add(edit: Edit, source?: string): boolean {
    if (source !== undefined && edit.text === '' && edit.start < edit.end) {
      const met = this.edits.filter((e) => overlaps(e, edit));
      if (met.length > 0 && met.every((e) => e.text === '' && e.start < e.end)) {
        for (const e of met) this.edits.splice(this.edits.indexOf(e), 1);
        const joined = { start: Math.min(edit.start, ...met.map((e) => e.start)), end: Math.max(edit.end, ...met.map((e) => e.end)), text: '' };
        const before = /,[ \t]*$/.exec(source.slice(Math.max(0, joined.start - 40), joined.start));
        if (before && /^[ \t]*[}\])]/.test(source.slice(joined.end))) joined.start -= before[0].length;
        if (this.edits.some((e) => overlaps(e, joined))) {
          for (const e of met) this.edits.splice(this.indexFor(e), 0, e);
          return false;
        }
        this.edits.splice(this.indexFor(joined), 0, joined);
        return true;
      }
    }
    const i = this.indexFor(edit);
    // Taken edits never overlap, so sorted by start they are sorted by end too: scanning back, the first
    // non-empty edit that ends before this one starts means no earlier edit can reach it.
    for (let k = i - 1; k >= 0; k--) {
      const e = this.edits[k]!;
      if (overlaps(e, edit)) return false;
      if (e.start < e.end && e.end <= edit.start) break;
    }
    for (let k = i; k < this.edits.length && this.edits[k]!.start <= edit.end; k++) {
      if (overlaps(this.edits[k]!, edit)) return false;
    }
    this.edits.splice(i, 0, edit);
    return true;
  }

  /** Add an edit that supersedes the edits lying wholly inside its range (a deletion of what they changed). */
  addReplacing(edit: Edit): boolean {
    for (let i = this.edits.length - 1; i >= 0; i--) {
      const e = this.edits[i]!;
      if (e.start >= edit.start && e.end <= edit.end && !(e.start === e.end && (e.start === edit.start || e.start === edit.end))) {
        this.edits.splice(i, 1);
      }
    }
    return this.add(edit);
  }

  /** The edits taken, sorted by position. */
  list(): Edit[] {
    return [...this.edits];
  }

  get size(): number {
    return this.edits.length;
  }

  /** The source with every edit applied, built in one pass. */
  apply(source: string): string {
    const parts: string[] = [];
    let pos = 0;
    for (const e of this.edits) {
      parts.push(source.slice(pos, e.start), e.text);
      pos = e.end;
    }
    parts.push(source.slice(pos));
    return parts.join('');
  }
}

function overlaps(a: Edit, b: Edit): boolean {
  // Two insertions at the same point are allowed (markers stack); anything sharing a range is not.
  if (a.start === a.end || b.start === b.end) return a.start > b.start && a.start < b.end || b.start > a.start && b.start < a.end;
  return a.start < b.end && b.start < a.end;
}

/** Offsets of line starts, for turning offsets into 1-based line/column. */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(readonly source: string) {
    for (let i = 0; i < source.length; i++) if (source.charCodeAt(i) === 10) this.starts.push(i + 1);
  }

  lineCol(offset: number): { line: number; column: number } {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.starts[lo]! + 1 };
  }

  lineStart(line: number): number {
    return this.starts[line - 1] ?? this.source.length;
  }

  lineText(line: number): string {
    const start = this.lineStart(line);
    const end = line < this.starts.length ? this.starts[line]! : this.source.length;
    return this.source.slice(start, end).replace(/\r?\n$/, '');
  }

  get eol(): string {
    return /\r\n/.test(this.source) ? '\r\n' : '\n';
  }
}
