import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A test's expected answer built as nested models (`Result{TriageExplanation: TriageExplanation{PotentialCondition:
 * PotentialCondition{Triage: …}}}` in Go, `Result(triageExplanation = TriageExplanation(potentialCondition = …))` in
 * Kotlin): each level's key is the JSON key its model's field maps to, its words kept, so the innermost field is found
 * at its path. Another service's nested models of the same field names stay unreported.
 */

/** The models' type names: the API's, or a helpdesk's. */
const API = { cond: 'PotentialCondition', expl: 'TriageExplanation', res: 'Result', route: 'results' };
const DESK = { cond: 'Condition', expl: 'Explanation', res: 'Ticket', route: 'tickets' };

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const goTypes = (base: string, explanation: string, condition: string, t = API) =>
  [
    'package sc',
    '',
    `const Base = "${base}"`,
    '',
    `type ${t.cond} struct {`,
    '\tName   string `json:"name"`',
    '\tTriage string `json:"triage,omitempty"`',
    '}',
    '',
    `type ${t.expl} struct {`,
    `\tPotentialCondition ${t.cond} \`json:"${condition}"\``,
    '}',
    '',
    `type ${t.res} struct {`,
    '\tToken             string            `json:"token"`',
    `\tTriageExplanation ${t.expl} \`json:"${explanation}"\``,
    '}',
    '',
    `func (c *Client) GetResult(t string) (*${t.res}, error) { return c.get(Base + "${t.route}/" + t + "/") }`,
    '',
  ].join('\n');

const goTest = (t = API) => [
  'package sc',
  '',
  'func TestGetResult(t *testing.T) {',
  `\twant := ${t.res}{`,
  '\t\tToken: "r1",',
  `\t\tTriageExplanation: ${t.expl}{`,
  `\t\t\tPotentialCondition: ${t.cond}{Name: "Flu", Triage: "self_care"},`,
  '\t\t},',
  '\t}',
  '\tif !reflect.DeepEqual(get(t), want) {',
  '\t\tt.Fail()',
  '\t}',
  '}',
  '',
].join('\n');

const kotlinModels = (base: string, explanation: string, condition: string, t = API) =>
  [
    'package sc',
    '',
    'import kotlinx.serialization.SerialName',
    'import kotlinx.serialization.Serializable',
    '',
    '@Serializable',
    `data class ${t.cond}(val name: String, val triage: String? = null)`,
    '',
    '@Serializable',
    `data class ${t.expl}(@SerialName("${condition}") val potentialCondition: ${t.cond}? = null)`,
    '',
    '@Serializable',
    `data class ${t.res}(val token: String, @SerialName("${explanation}") val triageExplanation: ${t.expl}? = null)`,
    '',
    'class Api(private val http: HttpClient) {',
    `    suspend fun result(token: String): ${t.res} = http.get("${base}${t.route}/$token/").body()`,
    '}',
    '',
  ].join('\n');

const kotlinTest = (t = API) => [
  'package sc',
  '',
  'class ResultTest {',
  '    @Test',
  '    fun decodes() {',
  `        val want = ${t.res}(`,
  '            token = "r1",',
  `            triageExplanation = ${t.expl}(`,
  `                potentialCondition = ${t.cond}(name = "Flu", triage = "self_care"),`,
  '            ),',
  '        )',
  '        assertEquals(want, decode())',
  '    }',
  '}',
  '',
].join('\n');

describe('nested model literals: each level keyed by its JSON name', () => {
  it("Go: a condition's triage two struct literals deep in an expected result is found", async () => {
    writeTree(dir, { 'sc/types.go': goTypes('https://www.buoyhealth.com/api/', 'triage_explanation', 'potential_condition'), 'sc/client_test.go': goTest() });
    const r = await scanProject(dir);
    expect(sites(r, 'sc/client_test.go')).toEqual(['7 potential-condition-triage-removed']);
  });

  it("Kotlin: a condition's triage two constructor calls deep in an expected result is found", async () => {
    writeTree(dir, { 'sc/Models.kt': kotlinModels('https://www.buoyhealth.com/api/', 'triage_explanation', 'potential_condition'), 'sc/ResultTest.kt': kotlinTest() });
    const r = await scanProject(dir);
    expect(sites(r, 'sc/ResultTest.kt')).toEqual(['9 potential-condition-triage-removed']);
  });

  it("a helpdesk's models (`Ticket`, `Explanation`, `Condition`) of the same field names, keyed `explanation` and `condition`, stay unreported in both languages", async () => {
    writeTree(dir, {
      'go/types.go': goTypes('https://help.example.com/api/', 'explanation', 'condition', DESK),
      'go/client_test.go': goTest(DESK),
      'kt/Models.kt': kotlinModels('https://help.example.com/api/', 'explanation', 'condition', DESK),
      'kt/ResultTest.kt': kotlinTest(DESK),
    });
    const r = await scanProject(dir);
    expect(r.outcomes.flatMap((o) => o.findings.map((f) => `${o.relPath}:${f.line} ${f.change}`))).toEqual([]);
  });
});
