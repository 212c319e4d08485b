/**
 * Help text people read in a terminal: examples and exit codes for every command, laid out by us (a command
 * on its own line, what it does indented below) and wrapped to the terminal, so nothing wraps mid-example.
 */

/** Columns of the help text: the terminal's width, else `COLUMNS`, else 80; at most 110. */
export function helpWidth(stream: { columns?: number } = process.stdout, env: NodeJS.ProcessEnv = process.env): number {
  const cols = stream.columns || Number(env.COLUMNS) || 80;
  return Math.max(40, Math.min(110, cols));
}

/**
 * Words of `text` in lines of at most `width` columns: the first line starts with `indent`, the others with
 * `rest` (default: the same). A word longer than a line stays whole.
 */
export function wrapText(text: string, width: number, indent: string, rest: string = indent): string[] {
  const lines: string[] = [];
  let line = '';
  const prefix = () => (lines.length === 0 ? indent : rest);
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && prefix().length + line.length + 1 + word.length > width) {
      lines.push(prefix() + line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(prefix() + line);
  return lines;
}

export interface HelpText {
  examples: [command: string, what: string][];
  exitCodes: [code: number, meaning: string][];
  /** Paragraphs after the exit codes. */
  notes?: string[];
}

/** `Examples:` (each command, then what it does) and `Exit codes:`, wrapped to `width`. */
export function helpEpilogue(help: HelpText, width: number = helpWidth()): string {
  const out: string[] = ['Examples:'];
  for (const [command, what] of help.examples) {
    out.push(...wrapText(command, width, '  ', '      '), ...wrapText(what, width, '    '));
  }
  out.push('', 'Exit codes:');
  for (const [code, meaning] of help.exitCodes) {
    out.push(...wrapText(meaning, width, `  ${code}  `, '     '));
  }
  for (const note of help.notes ?? []) out.push('', ...wrapText(note, width, ''));
  return out.join('\n');
}
