import { describe, expect, it } from 'vitest';
import { flattenedColumnPath } from '../../../codemods/engine/ties/orm-entities';

/** Where a column of an ORM entity's flat row sits in its resource (codemods/engine/ties/orm-entities.ts). */
describe('flattenedColumnPath', () => {
  it.each([
    ['interview', 'race', ['profile', 'race']],
    ['interview', 'height_cm', ['profile', 'height']],
    ['interview', 'weightKg', ['profile', 'weight']],
    ['interview', 'profile_bmi', ['profile', 'bmi']],
    ['result', 'condition_triage', ['triage_explanation', 'potential_condition', 'triage']],
    ['result', 'topConditionTriage', ['triage_explanation', 'potential_condition', 'triage']],
  ] as const)('%s.%s → %j', (resource, column, path) => {
    expect(flattenedColumnPath(resource, column)).toEqual(path);
  });

  it.each([
    // A moved field's bare name is its new place's: the result's own triage is still sent.
    ['result', 'triage'],
    // Top-level fields are their own names already; other words are nothing of the API's.
    ['result', 'advice'],
    ['interview', 'marketplace'],
    ['interview', 'patient_race_code'],
    ['interview', 'last_msg'],
    // A profile field is the interview's, not a result's.
    ['result', 'race'],
  ] as const)('not flattened: %s.%s', (resource, column) => {
    expect(flattenedColumnPath(resource, column)).toBeNull();
  });
});
