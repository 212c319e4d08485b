import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../catalogue';
import { defaultConfig } from '../../../config';
import { noProject } from '../../../codemods/engine/ties/project';
import { defaultFrontEnds } from '../../../lib/frontends';

/**
 * A pandas frame read from a warehouse table named for the API and a resource (`pd.read_sql("SELECT * FROM
 * analytics.symptom_checker_results …", engine)`, `pd.read_sql_table(…)`): its columns are the resource's fields, so
 * a removed field's column is read for a person. A survey's or a help desk's table of the same shape stays untouched.
 */

const registry = defaultFrontEnds();
function run(file: string, source: string) {
  return registry.forFile(file).analyze({ source, filePath: file, config: defaultConfig, changes: catalogue, markers: true, project: noProject });
}

describe('data frames of the API’s warehouse tables', () => {
  it('reads of removed columns of read_sql and read_sql_table frames are reported', () => {
    const source = [
      'import pandas as pd',
      '',
      'df = pd.read_sql("SELECT * FROM analytics.symptom_checker_results WHERE load_date >= current_date - 30", engine)',
      'agree = (df["top_condition_triage"] == df["triage_level"]).mean()',
      'df["has_advice"] = df["advice"].notna()',
      'frame = pd.read_sql_table("symptom_checker_results", engine)',
      'frame["has_test"] = frame["test"].notna()',
      '',
    ].join('\n');
    expect(run('analysis/triage.py', source).findings.map((f) => `${f.line} ${f.change} ${f.fix}`)).toEqual([
      '4 potential-condition-triage-removed manual',
      '5 result-advice-test-removed manual',
      '7 result-advice-test-removed manual',
    ]);
  });

  it("a survey's results and a help desk's tickets stay byte-identical", () => {
    const source = [
      'import pandas as pd',
      '',
      'df = pd.read_sql("SELECT * FROM analytics.survey_results", engine)',
      'df["has_advice"] = df["advice"].notna()',
      'tickets = pd.read_sql("SELECT * FROM helpdesk.tickets", engine)',
      'tickets["has_test"] = tickets["test"].notna()',
      'joined = pd.read_sql("SELECT * FROM symptom_checker_results r JOIN survey_results s ON r.id = s.id", engine)',
      'joined["has_advice"] = joined["advice"].notna()',
      '',
    ].join('\n');
    const r = run('analysis/survey.py', source);
    expect(r.findings).toEqual([]);
    expect(r.output).toBe(source);
  });
});

describe("modes a frame's mode column is matched against", () => {
  it(`df[df["mode"].isin([...])] of the API's frame is reported, never rewritten (the rows are stored)`, () => {
    const source = [
      'import pandas as pd',
      '',
      'df = pd.read_sql("SELECT * FROM analytics.symptom_checker_results", engine)',
      'by_mode = df[df["mode"].isin(["complaint", "safe", "triage"])]',
      '',
    ].join('\n');
    const r = run('analysis/modes.py', source);
    expect(r.findings.map((f) => `${f.line} ${f.change} ${f.fix}`)).toEqual([
      '4 mode-complaint-renamed-input manual',
      '4 mode-safe-triage-removed manual',
      '4 mode-safe-triage-removed manual',
    ]);
    expect(r.output).toContain('"complaint", "safe", "triage"');
  });

  it("a ticket frame's mode column and one mode word stay byte-identical", () => {
    const source = [
      'import pandas as pd',
      '',
      'tickets = pd.read_sql("SELECT * FROM helpdesk.tickets", engine)',
      'open_ = tickets[tickets["mode"].isin(["complaint", "safe"])]',
      'df = pd.read_sql("SELECT * FROM analytics.symptom_checker_results", engine)',
      'kinds = df[df["category"].isin(["complaint", "safe"])]',
      '',
    ].join('\n');
    const r = run('analysis/desk.py', source);
    expect(r.findings).toEqual([]);
    expect(r.output).toBe(source);
  });
});

