import { describe, expect, it } from 'vitest';
import { getChange } from '../../catalogue';
import { buildVocabulary, scopeKey, words } from '../../codemods/typeaware/vocabulary';

const v = buildVocabulary();
const names = (name: string) => v.scopesOfName(name).map(scopeKey).sort();

describe('type names that can model a resource', () => {
  it('splits identifiers into words', () => {
    expect(words('LegacyTriageResultV1')).toEqual(['legacy', 'triage', 'result', 'v1']);
    expect(words('IQuestionOption')).toEqual(['i', 'question', 'option']);
    expect(words('APIResult')).toEqual(['api', 'result']);
  });

  it('takes a resource or subject noun followed only by representation words', () => {
    expect(names('Result')).toEqual(['result:']);
    expect(names('TriageResult')).toEqual(['result:']);
    expect(names('ResultResponse')).toEqual(['result:']);
    expect(names('IResultDto')).toEqual(['result:']);
    expect(names('InterviewProfile')).toEqual(['interview:profile']);
    expect(names('QuestionOption')).toEqual(['question:options/*']);
    expect(names('QuestionOptions')).toEqual(['question:options/*']);
    expect(names('PotentialCondition')).toEqual(['result:triage_explanation/potential_condition']);
  });

  it('does not take things named after a resource that are not representations', () => {
    expect(names('ResultCardProps')).toEqual([]);
    expect(names('IntentBadgeProps')).toEqual([]);
    expect(names('InterviewContext')).toEqual([]);
    expect(names('InterviewPayload')).toEqual([]);
    expect(names('Resultant')).toEqual([]);
    expect(names('Options')).toEqual(['question:options/*']);
    expect(names('RegExp')).toEqual([]);
  });
});

describe('catalogue-derived fields per scope', () => {
  it('knows the fields of a scope from every rule that names them, not from other scopes', () => {
    const result = v.knownAt({ resource: 'result', path: [] });
    expect([...result].sort()).toEqual(['advice', 'test', 'triage', 'triage_explanation']);
    const option = v.knownAt({ resource: 'question', path: ['options', '*'] });
    expect(option.has('preselected')).toBe(true);
    expect(option.has('options')).toBe(false);
  });

  it('marks removed and moved-from fields at their own scope with their change', () => {
    expect(v.removedAt({ resource: 'result', path: [] }).get('advice')?.change.id).toBe('result-advice-test-removed');
    expect(v.removedAt({ resource: 'result', path: [] }).has('triage')).toBe(false);
    const condition = v.removedAt({ resource: 'result', path: ['triage_explanation', 'potential_condition'] });
    expect(condition.get('triage')?.change.id).toBe('potential-condition-triage-removed');
    expect(v.removedAt({ resource: 'interview', path: [] }).has('race')).toBe(false);
    expect(v.removedAt({ resource: 'interview', path: ['profile'] }).has('race')).toBe(true);
  });

  it('follows members only where the catalogue knows something below', () => {
    expect(v.childScope({ resource: 'question', path: [] }, 'options', true)).toEqual({ resource: 'question', path: ['options', '*'] });
    expect(v.childScope({ resource: 'interview', path: [] }, 'profile', false)).toEqual({ resource: 'interview', path: ['profile'] });
    expect(v.childScope({ resource: 'result', path: [] }, 'triage', false)).toBeNull();
    expect(v.childScope({ resource: 'interview', path: [] }, 'profile', true)).toBeNull();
  });

  it('only knows the removals of the changes it is built from', () => {
    const only = buildVocabulary([getChange('question-preselected-removed')]);
    expect([...only.removedNames]).toEqual(['preselected']);
    expect(only.removedAt({ resource: 'result', path: [] }).size).toBe(0);
  });
});
