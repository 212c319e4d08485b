import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getChange } from '../../catalogue';
import { defaultConfig } from '../../config';
import type { Finding } from '../../codemods/types';
import { memberMessage, typeAwareFindings } from '../../codemods/typeaware';

const root = path.resolve(__dirname, '../../fixtures/typeaware/typed-app');
const src = (rel: string) => path.join(root, 'src', rel);
const allFiles = [
  'models.ts',
  'helpers.ts',
  'components/ResultCard.tsx',
  'components/ProfileSummary.tsx',
  'components/QuestionView.tsx',
  'components/IntentBadge.tsx',
  'components/Chart.tsx',
].map(src);

const RESULT = 'result-advice-test-removed';
const PROFILE = 'interview-profile-fields-removed';
const INTERVIEW = 'interview-marketplace-variant-removed';
const QUESTION = 'question-preselected-removed';
const CONDITION = 'potential-condition-triage-removed';
const COMPLAINT = 'complaint-extra-removed';
const INTENT = 'intent-detail-context-removed';

/** Written by hand from the fixture: every read of a removed field and every member declaring one. */
const expected = [
  // models.ts: members of the modelled interfaces
  `models.ts:10:${CONDITION}`, // PotentialCondition.triage (reached through Result.triage_explanation)
  `models.ts:20:${RESULT}`,
  `models.ts:21:${RESULT}`,
  `models.ts:29:${PROFILE}`,
  `models.ts:30:${PROFILE}`,
  `models.ts:31:${PROFILE}`,
  `models.ts:32:${PROFILE}`,
  `models.ts:39:${INTERVIEW}`,
  `models.ts:40:${INTERVIEW}`,
  `models.ts:46:${QUESTION}`, // Option.preselected
  `models.ts:53:${QUESTION}`, // Question.preselected
  `models.ts:58:${COMPLAINT}`,
  `models.ts:63:${INTENT}`,
  `models.ts:64:${INTENT}`,
  `models.ts:70:${PROFILE}`, // inline profile type of LegacyInterviewResponse
  `models.ts:82:${PROFILE}`, // inline profile type under Readonly<…> of InterviewDto
  // helpers.ts: aliases, helper functions, callbacks, element access, destructured parameters
  `helpers.ts:16:${RESULT}`, // type R = Result
  `helpers.ts:22:${RESULT}`, // const alias = getResult(…)
  `helpers.ts:26:${QUESTION}`, // options.filter((o) => !o.preselected)
  `helpers.ts:30:${QUESTION}`, // options[0]?.preselected
  `helpers.ts:30:${QUESTION}`, // question.preselected
  `helpers.ts:33:${PROFILE}`, // ({ bmi }: Interview['profile'])
  `helpers.ts:38:${CONDITION}`, // …potential_condition?.triage
  `helpers.ts:42:${RESULT}`, // result['test']
  `helpers.ts:45:${RESULT}`, // ({ advice, test }: Result)
  `helpers.ts:45:${RESULT}`,
  `helpers.ts:50:${RESULT}`, // Readonly<Result>
  `helpers.ts:54:${RESULT}`, // <T extends Result>(result: T): through the member the checker resolves
  `helpers.ts:58:${RESULT}`, // LooseResult: undeclared, through the modelled type of the value
  `helpers.ts:61:${RESULT}`, // type AdviceText = Result['advice']
  `helpers.ts:66:${RESULT}`, // ({ advice, … } = result)
  // components: typed props and destructuring only
  `components/ResultCard.tsx:9:${RESULT}`, // const { advice } = result
  `components/ResultCard.tsx:14:${RESULT}`, // result.test
  `components/ProfileSummary.tsx:5:${PROFILE}`, // const { profile: { race, height } } = props.interview
  `components/ProfileSummary.tsx:5:${PROFILE}`,
  `components/ProfileSummary.tsx:11:${PROFILE}`,
  `components/ProfileSummary.tsx:12:${INTERVIEW}`,
  `components/ProfileSummary.tsx:20:${PROFILE}`, // profiles.map(({ weight }) => …)
  `components/QuestionView.tsx:4:${QUESTION}`, // filter(({ preselected }) => …)
  `components/IntentBadge.tsx:23:${INTENT}`, // this.props.intent.detail
  `components/IntentBadge.tsx:30:${COMPLAINT}`,
].sort();

/** Lines that look like removed-field reads to syntax but are not the API's (file → lines). */
const mustNotChange: Record<string, number[]> = {
  'helpers.ts': [8, 73], // RegExp.test; a request body type (InterviewPayload) is not a response model
  'components/ResultCard.tsx': [3, 4, 5, 8, 11], // ResultCardProps.test is the component's own prop
  'components/IntentBadge.tsx': [13, 14, 19, 20, 22], // React-like this.context, props context/extra
  'components/Chart.tsx': [6, 11, 15, 17, 18, 20], // ValidationResult.test, FormField.extra, canvas, fake-result Result<T>
};

function run(files: readonly string[] = allFiles) {
  return typeAwareFindings(root, files, defaultConfig);
}

function flatten(map: Map<string, Finding[]>): string[] {
  const out: string[] = [];
  for (const [file, findings] of map) {
    const rel = path.relative(path.join(root, 'src'), file).split(path.sep).join('/');
    for (const f of findings) out.push(`${rel}:${f.line}:${f.change}`);
  }
  return out.sort();
}

describe('typeAwareFindings on a typed app', () => {
  const findings = run();

  it('reports exactly the reads of removed fields and the members declaring them', () => {
    expect(flatten(findings)).toEqual(expected);
  });

  it('reports nothing on the must-not-change lines', () => {
    for (const [rel, lines] of Object.entries(mustNotChange)) {
      const hits = (findings.get(src(rel)) ?? []).filter((f) => lines.includes(f.line));
      expect(hits, rel).toEqual([]);
    }
  });

  it('points each finding at the property name, with the rule message and a manual fix', () => {
    for (const [file, list] of findings) {
      const lines = fs.readFileSync(file, 'utf8').split('\n');
      for (const f of list) {
        expect(f.endLine).toBe(f.line);
        const text = lines[f.line - 1]!.slice(f.column - 1, f.endColumn - 1).replace(/^['"]|['"]$/g, '');
        const messages = getChange(f.change).rules.flatMap((r) =>
          (r.kind === 'response-field-removed' && r.path[r.path.length - 1] === text) ||
          (r.kind === 'response-field-moved' && r.from[r.from.length - 1] === text)
            ? [r.message, memberMessage(r.message)]
            : [],
        );
        expect(messages, `${file}:${f.line}:${f.column} '${text}'`).toContain(f.message);
        expect(f.fix).toBe('manual');
      }
    }
  });

  it('gives the member finding the member message and the read the rule message', () => {
    const models = findings.get(src('models.ts'))!;
    const advice = models.find((f) => f.line === 20)!;
    expect(advice).toMatchObject({ column: 3, endColumn: 9, change: RESULT });
    expect(advice.message).toMatch(/^Remove this member/);
    const read = findings.get(src('components/ResultCard.tsx'))!.find((f) => f.line === 14)!;
    expect(read.message).toBe((getChange(RESULT).rules[1] as { message: string }).message);
    expect(read).toMatchObject({ column: 22, endColumn: 26 });
  });

  it('uses the message of the rule for the scope: question vs. option preselected', () => {
    const models = findings.get(src('models.ts'))!;
    const option = models.find((f) => f.line === 46)!;
    const question = models.find((f) => f.line === 53)!;
    expect(option.message).not.toBe(question.message);
  });
});

describe('typeAwareFindings boundaries', () => {
  it('reports only the given files, still typing them through their imports', () => {
    const only = run([src('components/ResultCard.tsx')]);
    expect([...only.keys()]).toEqual([src('components/ResultCard.tsx')]);
    expect(flatten(only)).toEqual(expected.filter((e) => e.startsWith('components/ResultCard.tsx:')));
  });

  it('returns nothing for a root without tsconfig.json', () => {
    const noTsconfig = path.join(root, 'src');
    expect(typeAwareFindings(noTsconfig, allFiles, defaultConfig).size).toBe(0);
  });

  it('restricts findings to the given changes', () => {
    const only = typeAwareFindings(root, allFiles, defaultConfig, [getChange(QUESTION)]);
    expect(flatten(only)).toEqual(expected.filter((e) => e.endsWith(`:${QUESTION}`)));
  });

  it('ignores files that are not sources', () => {
    expect(run([path.join(root, 'tsconfig.json')]).size).toBe(0);
  });
});
