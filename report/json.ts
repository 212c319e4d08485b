import type { Report } from './model';

/** The `report --format json` document. Its shape is `schemas/report.schema.json`; bump `schemaVersion` on any breaking change. */
export interface JsonReport {
  schemaVersion: 1;
  tool: { name: string; version: string };
  roots: string[];
  summary: {
    files: number;
    filesWithFindings: number;
    auto: number;
    manual: number;
    byChange: Record<string, number>;
    markers: number;
    skipped: Record<string, number>;
  };
  findings: {
    file: string;
    root: string;
    line: number;
    column: number;
    endLine: number;
    endColumn: number;
    change: string;
    fix: 'auto' | 'manual';
    message: string;
    replacement?: string;
    role?: 'base' | 'audience' | 'split';
    spec: { section: string; text: string }[];
  }[];
  markers: { file: string; root: string; line: number; column: number; change: string; text: string }[];
  errors: { file: string; root: string; message: string }[];
}

export function toJsonReport(report: Report): JsonReport {
  const { summary } = report;
  return {
    schemaVersion: 1,
    tool: { name: report.tool.name, version: report.tool.version },
    roots: report.roots,
    summary: {
      files: summary.files,
      filesWithFindings: summary.filesWithFindings,
      auto: summary.auto,
      manual: summary.manual,
      byChange: summary.byChange,
      markers: summary.markers,
      skipped: summary.skipped,
    },
    findings: report.findings.map((f) => ({
      file: f.file,
      root: f.root,
      line: f.line,
      column: f.column,
      endLine: f.endLine,
      endColumn: f.endColumn,
      change: f.change,
      fix: f.fix,
      message: f.message,
      ...(f.replacement !== undefined ? { replacement: f.replacement } : {}),
      ...(f.role ? { role: f.role } : {}),
      spec: f.spec.map((s) => ({ section: s.section, text: s.text })),
    })),
    markers: report.markers.map((m) => ({
      file: m.file,
      root: m.root,
      line: m.line,
      column: m.column,
      change: m.change,
      text: m.text,
    })),
    errors: report.errors.map((e) => ({ file: e.file, root: e.root, message: e.message })),
  };
}

export function formatJson(report: Report): string {
  return `${JSON.stringify(toJsonReport(report), null, 2)}\n`;
}
