import type { Collection } from 'jscodeshift';
import type { NodeIndex } from './node-index';

/** One parse of a file's text, with the node index built on it (both independent of the facts a pass is given). */
export interface ParsedFile {
  root: Collection;
  index: NodeIndex;
}

/**
 * The trees one run has parsed, by file (and parser): the pipeline analyses some files twice, the second time
 * with what the other files told it (lib/project.ts), and that pass reuses the first one's tree, node index and
 * the scope lookups memoised on its paths instead of parsing and walking the same text again. An entry is only
 * used for the very text it was parsed from (the same file, unchanged); rules never change a tree. Bounded by the
 * size of the texts it keeps: past the limit, files are parsed again as before.
 */
export class ParsedFiles {
  private readonly entries = new Map<string, { source: string; parsed: ParsedFile }>();
  private bytes = 0;

  /**
   * 8 MB of source: a Babel tree takes some 50 times its text in memory (measured on the sample apps; more with its node index), so the trees kept
   * stay within about half a GB (the heavy benchmark corpus, 3.4 MB of sources, fits whole).
   */
  constructor(private readonly maxBytes = 8 * 1024 * 1024) {}

  get(filePath: string, parser: string, source: string): ParsedFile | undefined {
    const entry = this.entries.get(`${parser}\u0000${filePath}`);
    return entry && entry.source === source ? entry.parsed : undefined;
  }

  set(filePath: string, parser: string, source: string, parsed: ParsedFile): void {
    const key = `${parser}\u0000${filePath}`;
    const old = this.entries.get(key);
    if (old) this.bytes -= old.source.length;
    else if (this.bytes + source.length > this.maxBytes) return;
    this.entries.set(key, { source, parsed });
    this.bytes += source.length;
  }
}
