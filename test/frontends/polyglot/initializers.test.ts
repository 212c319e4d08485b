import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A Swift model's memberwise initialiser passes a removed field on (`init(…, bmi: Double? = nil) { self.bmi = bmi }`):
 * its parameter and its assignment go with the field. A type that is no model of the API keeps its own.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const type = (name: string) =>
  [
    `struct ${name}: Codable {`,
    '    let age: Int',
    '    let bmi: Double?',
    '',
    '    init(age: Int, bmi: Double? = nil) {',
    '        self.age = age',
    '        self.bmi = bmi',
    '    }',
    '}',
    '',
  ].join('\n');

describe("initialisers of a model's removed fields", () => {
  it("Swift: `Profile`'s `init(bmi:)` and `self.bmi = bmi` are reported with the field; a `Measurement` of the same shape stays", async () => {
    writeTree(dir, {
      'App/Api.swift': [
        'final class Api {',
        '    func open(_ profile: Profile) async throws {',
        '        var request = URLRequest(url: URL(string: "https://www.buoyhealth.com/api/interviews/anonymous/")!)',
        '        request.httpBody = try JSONEncoder().encode(["profile": profile])',
        '        _ = try await URLSession.shared.data(for: request)',
        '    }',
        '}',
        '',
      ].join('\n'),
      'App/Profile.swift': type('Profile'),
      'App/Measurement.swift': type('Measurement'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'App/Profile.swift')).toEqual(['3 interview-profile-fields-removed', '5 interview-profile-fields-removed', '7 interview-profile-fields-removed']);
    expect(sites(r, 'App/Measurement.swift')).toEqual([]);
  });
});
