import { formatHtml } from './html';
import { formatJson } from './json';
import { formatMarkdown } from './markdown';
import type { Report } from './model';
import { formatSarif } from './sarif';
import { formatText, headline } from './text';
import { formatCheckText, formatGithub, type GateOptions } from './check';

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
  markedFindings,
  problemsOf,
  type GateOptions,
  type Problem,
} from './check';

/** The formats of `report` and `check` alike: the same names, the same documents. */
export const FORMATS = ['text', 'json', 'markdown', 'sarif', 'html', 'github'] as const;
export type Format = (typeof FORMATS)[number];
export const REPORT_FORMATS = FORMATS;
export type ReportFormat = Format;
export const CHECK_FORMATS = FORMATS;
export type CheckFormat = Format;

export interface RenderOptions {
  /** Folder SARIF URIs are relative to. */
  cwd: string;
  /** ANSI colours in the text format. */
  color: boolean;
  /** `check` prints its to-do list as text and its gate result last; `report` the plan. */
  command?: 'report' | 'check';
  gate?: GateOptions;
}

export function renderReport(format: Format, report: Report, opts: RenderOptions): string {
  const check = opts.command === 'check';
  switch (format) {
    case 'text':
      return check ? formatCheckText(report, { color: opts.color, ...opts.gate }) : formatText(report, { color: opts.color });
    case 'json':
      return formatJson(report);
    case 'markdown':
      return formatMarkdown(report);
    case 'sarif':
      return formatSarif(report, { cwd: opts.cwd });
    case 'html':
      return formatHtml(report);
    case 'github':
      return formatGithub(report, { ...opts.gate, summary: check ? undefined : `sc-migrate report: ${headline(report)}` });
  }
}
