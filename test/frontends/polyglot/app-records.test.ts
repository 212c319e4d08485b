import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A type whose name holds a subject's noun (`PatientProfile`) is the API's model only when it carries the keys the
 * docs know that subject by (a profile's `age` and `sex`); the app's own record of the same word, with an `AgeYears`
 * and fields of its own, is not, and its removed-looking fields (`Race`, `Bmi`) and their reads stay unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe("the app's own record named like a subject", () => {
  it('C#: a patient record beside the API profile; only the profile model is reported', async () => {
    writeTree(dir, {
      'Portal/Checker.cs': [
        'namespace Portal;',
        '',
        'public record PatientProfile(string PatientId, int AgeYears, string Sex, string? Race, decimal? Bmi);',
        '',
        'public record Profile(int Age, string Sex)',
        '{',
        '    public string? Race { get; init; }',
        '}',
        '',
        'public class Checker',
        '{',
        '    private readonly HttpClient _http = new() { BaseAddress = new Uri("https://www.buoyhealth.com/api/") };',
        '',
        '    public async Task Start(PatientProfile patient)',
        '    {',
        '        var profile = new Profile(patient.AgeYears, patient.Sex) { Race = patient.Race };',
        '        await _http.PostAsJsonAsync("interviews/", new { profile });',
        '        Console.WriteLine(patient.Bmi);',
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'Portal/Checker.cs')).toEqual(['12 base-url', '7 interview-profile-fields-removed']);
  });

  it('Kotlin: beside `Profile`, a qualified profile with age and sex is still a model; one without `age` is not', async () => {
    writeTree(dir, {
      'app/Api.kt': [
        'data class Profile(val age: Int, val sex: String, val race: String?)',
        'data class MemberProfile(val memberId: String, val ageYears: Int, val sex: String, val race: String?)',
        'data class PatientProfile(val age: Int, val sex: String, val bmi: Double?)',
        '',
        'class Api(private val http: HttpClient) {',
        '    suspend fun start(p: Profile) = http.post("https://www.buoyhealth.com/api/interviews/") { setBody(p) }',
        '    fun show(m: MemberProfile) = println(m.race)',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'app/Api.kt')).toEqual(['1 interview-profile-fields-removed', '3 interview-profile-fields-removed', '6 base-url']);
  });
});
