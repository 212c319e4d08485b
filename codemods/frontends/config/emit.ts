import type { Role } from '../../roles';
import type { TextFile } from '../text-file';

/**
 * Where the config analysis puts its findings: a TextFile (edits, manual sites, markers). In report-only mode
 * (Markdown) an edit becomes a manual site that says what to write.
 */
export class Emitter {
  constructor(
    readonly file: TextFile,
    readonly rewrite: boolean,
    /** Makes a message safe for the file's comments (no `--` in XML). */
    readonly safe: (message: string) => string = (m) => m,
  ) {}

  fix(change: string, start: number, end: number, text: string, message: string, opts: { role?: Role | 'split'; anchor?: number } = {}): void {
    if (!this.file.has(change)) return;
    if (this.rewrite) this.file.fix(change, start, end, text, message, opts.role ? { role: opts.role } : {});
    else this.file.manual(change, start, end, this.safe(`in v2 this is \`${text}\` (${message})`), { anchor: opts.anchor });
  }

  manual(change: string, start: number, end: number, message: string, opts: { anchor?: number; subject?: string } = {}): void {
    if (!this.file.has(change)) return;
    this.file.manual(change, start, end, this.safe(message), opts);
  }
}
