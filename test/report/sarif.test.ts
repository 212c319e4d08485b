import Ajv04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import * as fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type * as Sarif from 'sarif';
import { catalogue } from '../../catalogue';
import { formatSarif } from '../../report';
import { ROOT, sampleReport, V2_SANDBOX } from './helpers';

// The official SARIF 2.1.0 schema (draft-04), as shipped by @microsoft/jest-sarif.
const schemaFile = require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');
const ajv = new Ajv04({ allErrors: true, strict: false, unicodeRegExp: false }); // the schema's language pattern is not valid with the u flag
addFormats(ajv);
const validateSarif = ajv.compile(JSON.parse(fs.readFileSync(schemaFile, 'utf8')));

describe('report --format sarif', () => {
  const text = formatSarif(sampleReport(), { cwd: '/repo' });
  const log = JSON.parse(text) as Sarif.Log;
  const run = log.runs[0]!;

  it('is valid SARIF 2.1.0', () => {
    const ok = validateSarif(log);
    expect(validateSarif.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
    expect(log.version).toBe('2.1.0');
  });

  it('the schema check can fail: a result without a message is rejected', () => {
    const broken = JSON.parse(text) as Sarif.Log;
    delete (broken.runs[0]!.results![0] as Partial<Sarif.Result>).message;
    expect(validateSarif(broken)).toBe(false);
  });

  it('has one rule per catalogue change, with name, help and spec text from the catalogue', () => {
    const rules = run.tool.driver.rules!;
    expect(rules.map((r) => r.id)).toEqual(catalogue.map((c) => c.id));
    const base = rules.find((r) => r.id === 'base-url')!;
    const change = catalogue.find((c) => c.id === 'base-url')!;
    expect(base.name).toBe('BaseUrl');
    expect(base.shortDescription!.text).toBe(change.title);
    for (const s of change.spec) {
      expect(base.help!.text).toContain(s.text);
      expect(base.help!.markdown).toContain(`section ${s.section}`);
    }
  });

  it('has one result per finding, pointing at its rule and location relative to the cwd', () => {
    expect(run.results).toHaveLength(3);
    const rules = run.tool.driver.rules!;
    for (const r of run.results!) expect(rules[r.ruleIndex!]!.id).toBe(r.ruleId);
    const [env, auto, manual] = run.results!;
    expect(env!.locations![0]!.physicalLocation!.artifactLocation).toEqual({ uri: 'app/.env', uriBaseId: '%SRCROOT%' });
    expect(auto!.locations![0]!.physicalLocation!.region).toEqual({ startLine: 2, startColumn: 15, endLine: 2, endColumn: 50 });
    expect(auto!.fixes![0]!.artifactChanges[0]!.replacements[0]!.insertedContent!.text).toBe(V2_SANDBOX);
    expect(manual!.ruleId).toBe('result-advice-test-removed');
    expect(manual!.level).toBe('warning');
    expect(manual!.fixes).toBeUndefined();
    expect(run.originalUriBaseIds!['%SRCROOT%']!.uri).toBe('file:///repo/');
  });

  it('reports unparseable files as tool notifications, not results', () => {
    const notes = run.invocations![0]!.toolExecutionNotifications!;
    expect(notes).toHaveLength(1);
    expect(notes[0]!.level).toBe('error');
    expect(notes[0]!.locations![0]!.physicalLocation!.artifactLocation!.uri).toBe('app/src/broken.ts');
  });

  it('uses absolute file URIs for files outside the cwd', () => {
    const other = JSON.parse(formatSarif(sampleReport(), { cwd: '/elsewhere' })) as Sarif.Log;
    expect(other.runs[0]!.results![0]!.locations![0]!.physicalLocation!.artifactLocation!.uri).toBe(`file://${ROOT}/.env`);
    expect(validateSarif(other)).toBe(true);
  });
});
