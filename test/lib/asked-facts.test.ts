import { describe, expect, it } from 'vitest';
import { AskedFacts } from '../../lib/asked-facts';
import { noProject, type ProjectFacts } from '../../codemods/engine/ties/project';
import type { RunFacts } from '../../lib/types';

const facts = (consts: Record<string, string>, extra: Partial<ProjectFacts> = {}): RunFacts => ({
  ...noProject,
  importedConst: (_from, _spec, name) => (name in consts ? { kind: 'string', value: consts[name]!, file: '/a.js', line: 1 } : null),
  ...extra,
});

describe('AskedFacts', () => {
  it('passes every answer through and records the questions', () => {
    const asked = new AskedFacts();
    const view = asked.view(facts({ BASE: 'https://x/' }));
    expect(view.importedConst('/b.js', './a', 'BASE')).toEqual({ kind: 'string', value: 'https://x/', file: '/a.js', line: 1 });
    expect(view.usesOf('/b.js', 'X', null)).toEqual([]);
    expect(view.otherApiModule?.('/b.js', './a')).toBe(false);
    expect(asked.sameAnswers(facts({ BASE: 'https://x/' }))).toBe(true);
  });

  it('sees a new answer to a question asked, and ignores questions not asked', () => {
    const asked = new AskedFacts();
    asked.view(facts({})).importedConst('/b.js', './a', 'BASE');
    expect(asked.sameAnswers(facts({ OTHER: 'y' }))).toBe(true);
    expect(asked.sameAnswers(facts({ BASE: 'https://x/' }))).toBe(false);
    expect(asked.sameAnswers(facts({}, { otherApiModule: () => true }))).toBe(true);
  });

  it('counts a method that appears or disappears, and a new polyglot index, as a change', () => {
    const asked = new AskedFacts();
    const view = asked.view(facts({}));
    expect(view.actionPayload).toBeUndefined();
    expect(asked.sameAnswers(facts({}))).toBe(true);
    expect(asked.sameAnswers(facts({}, { actionPayload: () => null }))).toBe(false);

    const poly = {} as NonNullable<RunFacts['poly']>;
    const withIndex = new AskedFacts();
    void withIndex.view({ ...facts({}), poly }).poly;
    expect(withIndex.sameAnswers({ ...facts({}), poly })).toBe(true);
    expect(withIndex.sameAnswers({ ...facts({}), poly: { ...poly } })).toBe(false);
  });

  it('compares answers by value as they were when given, not as a caller changed them later', () => {
    const uses = [{ specifier: './a', name: 'MODE', key: null, role: 'mode' as const, at: 'b.js:1' }];
    const asked = new AskedFacts();
    const got = asked.view(facts({}, { usesOf: () => uses.map((u) => ({ ...u })) })).usesOf('/a.js', 'MODE', null);
    got[0]!.role = 'url';
    expect(asked.sameAnswers(facts({}, { usesOf: () => uses.map((u) => ({ ...u })) }))).toBe(true);
    expect(asked.sameAnswers(facts({}, { usesOf: () => [] }))).toBe(false);
  });

  it('survives a copy to another thread (toData, fromData), except an answer compared by identity', () => {
    const asked = new AskedFacts();
    const view = asked.view(facts({ BASE: 'https://x/' }));
    view.importedConst('/b.js', './a', 'BASE');
    void view.actionPayload;
    const copy = AskedFacts.fromData(structuredClone(asked.toData()));
    expect(copy.sameAnswers(facts({ BASE: 'https://x/' }))).toBe(true);
    expect(copy.sameAnswers(facts({ BASE: 'https://y/' }))).toBe(false);
    expect(copy.sameAnswers(facts({ BASE: 'https://x/' }, { actionPayload: () => null }))).toBe(false);

    const index = {};
    const byIdentity = new AskedFacts();
    void byIdentity.view({ ...facts({}), poly: index } as unknown as RunFacts).poly;
    const run = { ...facts({}), poly: index } as unknown as RunFacts;
    expect(byIdentity.sameAnswers(run)).toBe(true);
    expect(AskedFacts.fromData(structuredClone(byIdentity.toData())).sameAnswers(run)).toBe(false);
  });
});
