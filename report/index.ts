import { formatHtml } from './html';
import { formatJson } from './json';
import { formatMarkdown } from './markdown';
import type { Report } from './model';
import { formatSarif } from './sarif';
import { formatText } from './text';

export * from './model';
export { formatJson, toJsonReport, type JsonReport } from './json';
export { formatText, headline, printable, table } from './text';
export { formatMarkdown, mdCode, mdText } from './markdown';
export { formatSarif, toSarif, SARIF_SCHEMA_URI, type SarifOptions } from './sarif';
export { formatHtml, esc, escText, htmlPage } from './html';
export {
  checkPasses,
  checkSummary,
  escapeData,
  escapeProperty,
  formatCheckText,
  formatGithub,
  problemsOf,
  type Problem,
} from './check';

export const REPORT_FORMATS = ['text', 'json', 'markdown', 'sarif', 'html'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const CHECK_FORMATS = ['text', 'github'] as const;
export type CheckFormat = (typeof CHECK_FORMATS)[number];

export interface RenderOptions {
  /** Folder SARIF URIs are relative to. */
  cwd: string;
  /** ANSI colours in the text format. */
  color: boolean;
}

export function renderReport(format: ReportFormat, report: Report, opts: RenderOptions): string {
  switch (format) {
    case 'text':
      return formatText(report, { color: opts.color });
    case 'json':
      return formatJson(report);
    case 'markdown':
      return formatMarkdown(report);
    case 'sarif':
      return formatSarif(report, { cwd: opts.cwd });
    case 'html':
      return formatHtml(report);
  }
}
