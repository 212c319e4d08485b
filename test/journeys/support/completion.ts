/**
 * The person's completion of a migrated app: a stored patch over what `sc-migrate run` wrote, that may touch only
 * the sites `run` left for a person. A site is the statement below a `TODO(sc-migrate/<id>)` marker; a
 * declaration inside a block reaches to the end of that block (removing a binding means changing its uses).
 */

export const MARKER = 'TODO(sc-migrate/';

const indentOf = (line: string) => /^\s*/.exec(line)![0].length;

/** A line without its string literals and line comment, for counting brackets. */
function code(line: string): string {
  return line.replace(/'(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*"/g, '""').replace(/\/\/.*$/, '');
}

/** Lines (1-based, inclusive) each marker of `text` covers: itself, and the statement it marks. */
export function markedWindows(text: string): [number, number][] {
  const lines = text.split('\n');
  const windows: [number, number][] = [];
  lines.forEach((line, i) => {
    if (!line.includes(MARKER)) return;
    let s = i + 1;
    while (s < lines.length && lines[s]!.includes(MARKER)) s++;
    if (s >= lines.length) return;
    let depth = 0;
    let end = s;
    for (let j = s; j < lines.length; j++) {
      for (const ch of code(lines[j]!)) {
        if ('([{'.includes(ch)) depth++;
        else if (')]}'.includes(ch)) depth--;
      }
      end = j;
      const next = (lines[j + 1] ?? '').trim();
      const continues = /[=,(?:&|+\-[{]$/.test(code(lines[j]!).trimEnd()) || /^(\.|\?|:|&&|\|\|)/.test(next);
      if (depth <= 0 && !continues) break;
    }
    const start = lines[s]!;
    if (/^\s+(const|let|var)\b/.test(start)) {
      // A declaration inside a block: its scope, to the end of the block.
      let j = end + 1;
      while (j < lines.length && (lines[j]!.trim() === '' || indentOf(lines[j]!) >= indentOf(start))) j++;
      end = j - 1;
    }
    windows.push([i + 1, end + 1]);
  });
  return windows;
}

export interface Hunk {
  file: string;
  /** First line of the old text the hunk replaces (or after which it inserts), 1-based. */
  from: number;
  /** Last line it replaces; from - 1 for a pure insertion after line `from`. */
  to: number;
  text: string;
}

/** Hunks of a `git diff -U0` output, by file. */
export function hunksOf(diff: string): Hunk[] {
  const hunks: Hunk[] = [];
  let file = '';
  for (const line of diff.split('\n')) {
    const f = /^\+\+\+ b\/(.*)$/.exec(line);
    if (f) file = f[1]!;
    const h = /^@@ -(\d+)(?:,(\d+))? \+\d+(?:,\d+)? @@/.exec(line);
    if (h) {
      const start = Number(h[1]);
      const count = h[2] === undefined ? 1 : Number(h[2]);
      hunks.push(count === 0 ? { file, from: start, to: start, text: line } : { file, from: start, to: start + count - 1, text: line });
    } else if (hunks.length > 0 && /^[-+]/.test(line) && !/^(---|\+\+\+) /.test(line)) hunks.at(-1)!.text += `\n${line}`;
  }
  return hunks;
}

/** The hunks that lie outside every marked site of the old text of their file. */
export function hunksAwayFromMarkers(hunks: Hunk[], oldText: (file: string) => string): Hunk[] {
  return hunks.filter((h) => {
    const windows = markedWindows(oldText(h.file));
    for (let line = h.from; line <= h.to; line++) if (!windows.some(([a, b]) => line >= a && line <= b)) return true;
    return false;
  });
}
