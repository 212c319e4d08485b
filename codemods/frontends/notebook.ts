import { findNodeAtLocation, parseTree, type Node } from 'jsonc-parser';
import type { FrontEnd, FrontEndInput, FrontEndOutput } from '../../lib/types';
import { EditSet, LineIndex, type Edit } from '../engine/edits';
import type { Finding } from '../types';
import { ParseError } from '../types';
import { jsonFrontEnd } from './config';
import { decodeString } from './config/calls';
import { polyglotFrontEnd } from './polyglot/frontend';
import { LANGUAGES } from './polyglot';
import { python } from './polyglot/languages/python';

/**
 * Jupyter notebooks (`.ipynb`): the code cells of a Python kernel are read as one Python file by the Python
 * front-end (cells in order, each line a JSON string of the cell's `source`; IPython magics and shell escapes,
 * `%time`, `!pip`, read as comments), and the rest of the notebook (markdown cells, outputs, metadata) as JSON.
 * Fixes go back into the JSON strings they came from, escaped; a fix that would span two of them is reported for a
 * person instead. No marker comments: a notebook's cells are not the place for them, the report is.
 */
export const notebookFrontEnd: FrontEnd = {
  id: 'notebook',
  describe: 'Jupyter notebooks: Python code cells read by the Python front-end (fixes written back into the cells), markdown and outputs as JSON',
  matches: (absPath) => absPath.toLowerCase().endsWith('.ipynb'),
  analyze: analyzeNotebook,
};

let pythonFrontEnd: FrontEnd | null = null;

/** One character of the cells' text: where it is in the notebook, and in which JSON string. */
interface CellText {
  text: string;
  /** Per character: its offset in the notebook (-1 for the line ends put between cells). */
  at: number[];
  /** Per character: the offset just after it in the notebook. */
  after: number[];
  /** Per character: the JSON string it belongs to (-1 between cells). */
  string: number[];
  /** The JSON strings' contents, [start, end) in the notebook. */
  spans: [number, number][];
}

function analyzeNotebook(input: FrontEndInput): FrontEndOutput {
  const { source } = input;
  const root = parseTree(source, [], { allowTrailingComma: false, disallowComments: true });
  if (!root || root.type !== 'object') throw new ParseError('not a notebook: the file is not a JSON object');
  const cells = findNodeAtLocation(root, ['cells'])?.children ?? [];
  const code = isPython(root) ? cells.filter((c) => findNodeAtLocation(c, ['cell_type'])?.value === 'code') : [];
  const text = cellText(source, code);
  // The rest of the notebook, with the code cells' strings blanked (same length: every offset stays).
  const chars = source.split('');
  for (const [start, end] of text.spans) chars.fill(' ', start, end);
  const masked = chars.join('');
  const rest = jsonFrontEnd.analyze({ ...input, source: masked, markers: false });
  const edits = autoEdits(masked, rest);
  const findings: Finding[] = edits ? [...rest.findings] : rest.findings.map(manualOnly);
  let facts: FrontEndOutput['facts'];
  if (text.text.trim()) {
    pythonFrontEnd ??= polyglotFrontEnd(python, LANGUAGES);
    const r = pythonFrontEnd.analyze({ ...input, source: text.text, markers: false });
    facts = r.facts;
    const inCells = autoEdits(text.text, r);
    const lines = new LineIndex(text.text);
    const nb = new LineIndex(source);
    for (const f of r.findings) {
      const start = lines.lineStart(f.line) + f.column - 1;
      const end = lines.lineStart(f.endLine) + f.endColumn - 1;
      const edit = f.fix === 'auto' ? inCells?.find((e) => e.start === start && e.end === end) : undefined;
      const mapped = edit ? mapEdit(text, edit) : null;
      const from = nb.lineCol(text.at[Math.min(start, text.at.length - 1)] ?? 0);
      const to = nb.lineCol(end > start ? text.after[end - 1]! : text.at[Math.min(start, text.at.length - 1)] ?? 0);
      const place = { line: from.line, column: from.column, endLine: to.line, endColumn: to.column };
      if (mapped && edits) {
        edits.push(mapped);
        findings.push({ ...f, ...place });
      } else findings.push({ ...manualOnly(f), ...place });
    }
  }
  findings.sort((a, b) => a.line - b.line || a.column - b.column || a.change.localeCompare(b.change));
  return { output: edits ? applyEdits(source, edits) : source, findings, facts };
}

/** Whether the notebook's kernel is Python (kernelspec or language_info; a notebook that names none is taken for Python). */
function isPython(root: Node): boolean {
  const lang = findNodeAtLocation(root, ['metadata', 'kernelspec', 'language'])?.value ?? findNodeAtLocation(root, ['metadata', 'language_info', 'name'])?.value ?? findNodeAtLocation(root, ['metadata', 'kernelspec', 'name'])?.value;
  return lang === undefined || /^python/i.test(String(lang));
}

/** The code cells' text, in order, each ending with a line end; magics and shell escapes (`%time`, `!pip`) as comments. */
function cellText(source: string, cells: Node[]): CellText {
  const out: CellText = { text: '', at: [], after: [], string: [], spans: [] };
  let id = 0;
  for (const cell of cells) {
    const src = findNodeAtLocation(cell, ['source']);
    const strings = src?.type === 'array' ? (src.children ?? []).filter((s) => s.type === 'string') : src?.type === 'string' ? [src] : [];
    for (const s of strings) {
      const d = decodeString(source, s);
      const close = s.offset + s.length - 1;
      out.spans.push([s.offset + 1, close]);
      const text = d.text.replace(/^(\s*)[%!]/gm, '$1#');
      for (let i = 0; i < text.length; i++) {
        out.text += text[i];
        out.at.push(d.map[i]!);
        out.after.push(i + 1 < d.map.length ? d.map[i + 1]! : close);
        out.string.push(id);
      }
      id++;
    }
    if (out.text && !out.text.endsWith('\n')) {
      out.text += '\n';
      out.at.push(-1);
      out.after.push(-1);
      out.string.push(-1);
    }
  }
  return out;
}

/** The fixes of a front-end's output as edits of its input, or null when they do not rebuild its output exactly. */
function autoEdits(input: string, r: FrontEndOutput): Edit[] | null {
  const lines = new LineIndex(input);
  const edits = r.findings
    .filter((f) => f.fix === 'auto' && typeof f.replacement === 'string')
    .map((f) => ({ start: lines.lineStart(f.line) + f.column - 1, end: lines.lineStart(f.endLine) + f.endColumn - 1, text: f.replacement! }));
  return applyEdits(input, edits) === r.output ? edits : null;
}

/** An edit of the cells' text as an edit of the notebook, when it lies inside one JSON string. */
function mapEdit(t: CellText, e: Edit): Edit | null {
  if (e.end <= e.start || e.end > t.at.length) return null;
  const id = t.string[e.start]!;
  for (let i = e.start; i < e.end; i++) if (t.string[i] !== id || id < 0) return null;
  return { start: t.at[e.start]!, end: t.after[e.end - 1]!, text: JSON.stringify(e.text).slice(1, -1) };
}

/** The edits applied to `source`, or `source` as it is when two of them overlap. */
function applyEdits(source: string, edits: readonly Edit[]): string {
  const set = new EditSet();
  return edits.every((e) => set.add(e)) ? set.apply(source) : source;
}

function manualOnly(f: Finding): Finding {
  if (f.fix !== 'auto') return f;
  const { replacement: _r, ...rest } = f;
  return { ...rest, fix: 'manual', message: `${f.message} (not rewritten in this notebook: make the change in the cell)` };
}
