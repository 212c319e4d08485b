import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * An adaptor's one-parameter lambda written after the call, without parentheses (Kotlin's
 * `r.triageExplanation?.let { it.potentialCondition }` and `?.let { e -> e.potentialCondition }`, Swift's
 * `.flatMap { $0.potentialCondition }`), reads on from the value it is given, as one in parentheses does
 * (bound-values.test.ts). A helpdesk's ticket read the same ways stays unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const API = { base: 'https://www.buoyhealth.com/api/', route: 'results', res: 'ResultBody', expl: 'TriageExplanation', cond: 'PotentialCondition', explField: 'triage_explanation', condField: 'potential_condition', explProp: 'triageExplanation', condProp: 'potentialCondition' };
const DESK = { base: 'https://help.example.com/api/', route: 'tickets', res: 'Ticket', expl: 'Escalation', cond: 'Condition', explField: 'escalation', condField: 'condition', explProp: 'escalation', condProp: 'condition' };

const kotlin = (t = API) => ({
  'src/main/kotlin/sc/Models.kt': [
    'package sc',
    '',
    'import kotlinx.serialization.SerialName',
    'import kotlinx.serialization.Serializable',
    '',
    `const val BASE = "${t.base}"`,
    '',
    `@Serializable data class ${t.cond}(val name: String, val triage: String? = null)`,
    `@Serializable data class ${t.expl}(@SerialName("${t.condField}") val ${t.condProp}: ${t.cond}? = null)`,
    `@Serializable data class ${t.res}(val token: String, @SerialName("${t.explField}") val ${t.explProp}: ${t.expl}? = null)`,
    '',
    `suspend fun fetch(http: HttpClient, token: String): ${t.res} = http.get(BASE + "${t.route}/" + token + "/").body()`,
    '',
  ].join('\n'),
  'src/main/kotlin/sc/Render.kt': [
    'package sc',
    '',
    `fun render(r: ${t.res}): String? {`,
    `    val cond = r.${t.explProp}?.let { it.${t.condProp} }`,
    `    val again = r.${t.explProp}?.let { e -> e.${t.condProp} }`,
    '    return cond?.triage ?: again?.triage',
    '}',
    '',
  ].join('\n'),
});

const swift = (t = API) => ({
  'Sources/Models.swift': [
    `struct ${t.cond}: Decodable { let name: String; let triage: String? }`,
    `struct ${t.expl}: Decodable {`,
    `    let ${t.condProp}: ${t.cond}?`,
    `    enum CodingKeys: String, CodingKey { case ${t.condProp} = "${t.condField}" }`,
    '}',
    `struct ${t.res}: Decodable {`,
    `    let ${t.explProp}: ${t.expl}?`,
    `    enum CodingKeys: String, CodingKey { case ${t.explProp} = "${t.explField}" }`,
    '}',
    '',
    'final class Service {',
    `    let base = URL(string: "${t.base}")!`,
    `    func fetch(_ token: String) async throws -> ${t.res} {`,
    `        let (data, _) = try await URLSession.shared.data(from: base.appendingPathComponent("${t.route}/\\(token)/"))`,
    `        return try JSONDecoder().decode(${t.res}.self, from: data)`,
    '    }',
    '}',
    '',
  ].join('\n'),
  'Sources/Render.swift': [
    `func render(_ r: ${t.res}) -> String? {`,
    `    let cond = r.${t.explProp}.flatMap { $0.${t.condProp} }`,
    '    return cond?.triage',
    '}',
    '',
  ].join('\n'),
});

describe('trailing lambdas of adaptors', () => {
  it("Kotlin: `?.let { it.potentialCondition }` and `?.let { e -> e.potentialCondition }` hand on the condition, whose `triage` is read", async () => {
    writeTree(dir, kotlin());
    const r = await scanProject(dir);
    expect(sites(r, 'src/main/kotlin/sc/Render.kt')).toEqual(['6 potential-condition-triage-removed', '6 potential-condition-triage-removed']);
  });

  it("Swift: `.flatMap { $0.potentialCondition }` hands on the condition, whose `triage` is read", async () => {
    writeTree(dir, swift());
    const r = await scanProject(dir);
    expect(sites(r, 'Sources/Render.swift')).toEqual(['3 potential-condition-triage-removed']);
  });

  it("a helpdesk's ticket read the same ways (`?.let { it.condition }`, `.flatMap { $0.condition }`) stays unreported", async () => {
    writeTree(dir, { ...kotlin(DESK), ...swift(DESK) });
    const r = await scanProject(dir);
    expect(r.outcomes.flatMap((o) => o.findings.map((f) => `${o.relPath}:${f.line} ${f.change}`))).toEqual([]);
  });
});
