import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Sarif from 'sarif';
import { catalogue, type Change } from '../catalogue';
import type { Report, ReportFinding } from './model';

export const SARIF_SCHEMA_URI = 'https://json.schemastore.org/sarif-2.1.0.json';
const SRCROOT = '%SRCROOT%';

export interface SarifOptions {
  /** Artifact URIs are relative to this folder (the repository root for GitHub code scanning). */
  cwd: string;
  /** A page documenting a change, for each rule's helpUri (left out when not given: the spec has no public address). */
  helpUri?: (change: Change) => string | undefined;
}

/** `base-url` → `BaseUrl`: SARIF's rule name, an identifier-like handle. */
function ruleName(id: string): string {
  return id.replace(/(^|-)([a-z0-9])/g, (_m, _dash: string, ch: string) => ch.toUpperCase());
}

function ruleOf(change: Change, opts: SarifOptions): Sarif.ReportingDescriptor {
  const spec = change.spec;
  const fix = change.codemod.fix;
  const what =
    fix === 'auto'
      ? '`sc-migrate run` fixes these sites.'
      : fix === 'manual'
        ? 'These sites need a person; `sc-migrate run` marks them.'
        : fix === 'auto+manual'
          ? '`sc-migrate run` fixes the sites it can; it marks the rest for a person.'
          : 'Nothing to change in code.';
  const rule: Sarif.ReportingDescriptor = {
    id: change.id,
    name: ruleName(change.id),
    shortDescription: { text: change.title },
    fullDescription: { text: `${change.title}. ${change.codemod.summary}.` },
    help: {
      text: [
        `${change.title}.`,
        `${what} (${change.codemod.summary})`,
        ...spec.map((s) => `Spec, section ${s.section}: "${s.text}"`),
      ].join('\n'),
      markdown: [
        `**${change.title}**`,
        '',
        `${what} (${change.codemod.summary})`,
        '',
        ...spec.flatMap((s) => [`Symptom Checker API v2 spec, section ${s.section}:`, '', `> ${s.text}`, '']),
      ]
        .join('\n')
        .trimEnd(),
    },
    defaultConfiguration: { level: fix === 'manual' ? 'warning' : 'note' },
    properties: {
      tags: ['sc-migrate', 'symptom-checker-v2', 'migration'],
      fix,
      ...(change.month ? { month: change.month } : {}),
      spec: spec.map((s) => s.section),
    },
  };
  const helpUri = opts.helpUri?.(change);
  if (helpUri) rule.helpUri = helpUri;
  return rule;
}

function artifactLocation(absPath: string, cwd: string): Sarif.ArtifactLocation {
  const rel = path.relative(cwd, absPath);
  if (rel && !rel.startsWith('..') && !path.isAbsolute(rel)) {
    return { uri: rel.split(path.sep).map(encodeURIComponent).join('/'), uriBaseId: SRCROOT };
  }
  return { uri: pathToFileURL(absPath).href };
}

function region(f: ReportFinding): Sarif.Region {
  const r: Sarif.Region = { startLine: f.line, startColumn: f.column };
  if (f.endLine >= f.line) r.endLine = f.endLine;
  if (f.endColumn >= 1) r.endColumn = f.endColumn;
  return r;
}

/** SARIF 2.1.0 log: one rule per catalogue change, one result per finding; auto findings carry their fix. */
export function toSarif(report: Report, opts: SarifOptions): Sarif.Log {
  const rules = catalogue.map((c) => ruleOf(c, opts));
  const index = new Map(rules.map((r, i) => [r.id, i]));
  const results: Sarif.Result[] = report.findings.map((f) => {
    const loc = artifactLocation(f.absPath, opts.cwd);
    const result: Sarif.Result = {
      ruleId: f.change,
      level: f.fix === 'manual' ? 'warning' : 'note',
      message: {
        text: f.fix === 'auto' ? `${f.message} (sc-migrate run fixes this.)` : f.message,
      },
      locations: [{ physicalLocation: { artifactLocation: loc, region: region(f) } }],
      properties: { fix: f.fix },
    };
    const i = index.get(f.change);
    if (i !== undefined) result.ruleIndex = i;
    if (f.fix === 'auto' && f.replacement !== undefined) {
      result.fixes = [
        {
          description: { text: 'sc-migrate run' },
          artifactChanges: [
            {
              artifactLocation: loc,
              replacements: [{ deletedRegion: region(f), insertedContent: { text: f.replacement } }],
            },
          ],
        },
      ];
    }
    return result;
  });

  const run: Sarif.Run = {
    tool: {
      driver: {
        name: report.tool.name,
        version: report.tool.version,
        semanticVersion: report.tool.version,
        rules,
      },
    },
    originalUriBaseIds: { [SRCROOT]: { uri: pathToFileURL(opts.cwd.endsWith(path.sep) ? opts.cwd : opts.cwd + path.sep).href } },
    columnKind: 'utf16CodeUnits',
    invocations: [
      {
        executionSuccessful: true,
        properties: { filesScanned: report.summary.files, filesSkipped: report.summary.skipped },
        toolExecutionNotifications: report.errors.map((e) => ({
          level: 'error' as const,
          message: { text: e.message },
          locations: [{ physicalLocation: { artifactLocation: artifactLocation(e.absPath, opts.cwd) } }],
        })),
      },
    ],
    results,
  };
  return { $schema: SARIF_SCHEMA_URI, version: '2.1.0', runs: [run] };
}

export function formatSarif(report: Report, opts: SarifOptions): string {
  return `${JSON.stringify(toSarif(report, opts), null, 2)}\n`;
}
