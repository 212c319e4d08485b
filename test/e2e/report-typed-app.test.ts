import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { key, reportJson, snapshot, sorted } from './report-helpers';

/** Issue 3 acceptance: type-aware findings through the real `report` command, on the type-aware fixture app. */

const TYPED_APP = path.join(__dirname, '../../fixtures/typeaware/typed-app');
const INTENT = 'intent-detail-context-removed';
const PROFILE = 'interview-profile-fields-removed';
const MARKETPLACE = 'interview-marketplace-variant-removed';
const ADVICE = 'result-advice-test-removed';

describe('report --format json on the typed app (type-aware findings through the command)', () => {
  /**
   * Reads in the components that only types reveal: typed props, destructuring of typed values, nested
   * destructuring, `this.props` of a generic base class (expected lines from test/typeaware/typed-app.test.ts).
   */
  const typedOnly = [
    `src/components/ResultCard.tsx:9:${ADVICE}`, // const { advice, triage } = result  (result: Result from props)
    `src/components/ResultCard.tsx:14:${ADVICE}`, // {result.test}
    `src/components/ProfileSummary.tsx:5:${PROFILE}`, // profile: { race, height } = props.interview
    `src/components/ProfileSummary.tsx:5:${PROFILE}`,
    `src/components/ProfileSummary.tsx:11:${PROFILE}`, // props.interview.profile.weight
    `src/components/ProfileSummary.tsx:12:${MARKETPLACE}`, // props.interview.marketplace
    `src/components/IntentBadge.tsx:23:${INTENT}`, // this.props.intent.detail
  ];
  const typedOnlyLines = new Set(typedOnly.map((s) => s.split(':').slice(0, 2).join(':')));

  it('reports the reads through typed props and destructuring with their lines, with types and through names without them', async () => {
    const before = snapshot(TYPED_APP);
    const withTypes = await reportJson(TYPED_APP, { types: 'auto' });
    const withoutTypes = await reportJson(TYPED_APP, { types: 'off' });
    expect(snapshot(TYPED_APP)).toEqual(before);

    const typed = withTypes.findings.filter((f) => typedOnlyLines.has(`${f.file}:${f.line}`));
    expect(sorted(typed.map(key))).toEqual(sorted(typedOnly));
    expect(typed.every((f) => f.fix === 'manual')).toBe(true);
    // Without the type checker, what names give away remains: `result` in ResultCard, and the resources named
    // by the props' property names (`props.interview.profile.weight`, `this.props.intent.detail`).
    expect(sorted(withoutTypes.findings.filter((f) => typedOnlyLines.has(`${f.file}:${f.line}`)).map(key))).toEqual(sorted(typedOnly));

    // Everything syntax alone finds is still there with types on.
    const withKeys = withTypes.findings.map(key);
    for (const k of withoutTypes.findings.map(key)) expect(withKeys, k).toContain(k);
  });

  /*
   * `ResultCardProps` and `IntentBadgeProps` are the components' own props, not models of the API's result and
   * intent: ResultCard.tsx:5 and :8 (`test`, a boolean prop) and IntentBadge.tsx:13 (`context: string`) are
   * must-not-change lines (as in test/typeaware/typed-app.test.ts), for the syntax engine too.
   */
  it('reports nothing on the typed app’s must-not-change prop lines', async () => {
    const report = await reportJson(TYPED_APP, { types: 'auto' });
    const propLines = ['src/components/ResultCard.tsx:5', 'src/components/ResultCard.tsx:8', 'src/components/IntentBadge.tsx:13'];
    expect(report.findings.filter((f) => propLines.includes(`${f.file}:${f.line}`)).map(key)).toEqual([]);
  });
});
