import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A model's initializer that sets a field the API no longer carries through its receiver (`self.race = nil`,
 * `this.advice = advice`) goes with the field; a bare local of that name and another service's model stay.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe("a model's own assignments of a removed field", () => {
  it('Swift: `self.race = nil` in the profile\'s init is reported; a desk profile\'s is not', async () => {
    const model = (name: string) =>
      [
        `struct ${name}: Codable {`,
        '    let age: Int',
        '    let race: String?',
        '    init(age: Int) {',
        '        self.age = age',
        '        self.race = nil',
        '    }',
        '}',
        '',
      ].join('\n');
    writeTree(dir, {
      'Net/Api.swift': [
        'final class Api {',
        '    let base = URL(string: "https://www.buoyhealth.com/api/")!',
        '    func start(_ profile: Profile) async throws -> Data {',
        '        try await post(base.appendingPathComponent("interviews/anonymous/"), ["profile": profile])',
        '    }',
        '}',
        '',
      ].join('\n'),
      'Net/Profile.swift': model('Profile'),
      'Desk/DeskProfile.swift': model('DeskProfile'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'Net/Profile.swift')).toEqual(['3 interview-profile-fields-removed', '6 interview-profile-fields-removed']);
    expect(sites(r, 'Desk/DeskProfile.swift')).toEqual([]);
  });
});
