import { describe, expect, it } from 'vitest';
import { scanProject, sites, tempProjectDir } from './support';
import { writeTree } from '../../cli/helpers';

/**
 * Kotlin Multiplatform: the iOS app's Swift code imports the shared module's framework (`import shared`) and reads
 * the Kotlin models under their Kotlin names. Its reads of removed fields are sites like the Kotlin code's; a Swift
 * app that imports no shared module knows nothing of those Kotlin types.
 */

const dir = tempProjectDir();

const kotlin = [
  'package com.acme.symptoms',
  '',
  'import kotlinx.serialization.Serializable',
  '',
  '@Serializable',
  'data class DiagnosisResult(val token: String, val advice: List<String> = emptyList(), val test: List<String> = emptyList())',
  '',
  'class SymptomApi(private val client: HttpClient) {',
  '    suspend fun result(token: String): DiagnosisResult = client.get("https://sandbox.buoyhealth.com/api/results/$token/").body()',
  '}',
  '',
].join('\n');

const swift = (module: string) =>
  [
    'import SwiftUI',
    `import ${module}`,
    '',
    'struct ResultView: View {',
    '    let result: DiagnosisResult',
    '',
    '    var body: some View {',
    '        List {',
    '            if !result.advice.isEmpty {',
    '                ForEach(result.advice, id: \\.self) { line in Text(line) }',
    '            }',
    '            if result.test.count > 0 { Text("tests") }',
    '        }',
    '    }',
    '}',
    '',
  ].join('\n');

describe('Kotlin Multiplatform models read from Swift', () => {
  it("Swift that imports the shared module reads the Kotlin model's removed fields (a `!` before the chain included)", async () => {
    writeTree(dir(), { 'shared/src/commonMain/kotlin/com/acme/symptoms/Api.kt': kotlin, 'iosApp/iosApp/ResultView.swift': swift('shared') });
    const r = await scanProject(dir());
    expect(sites(r, 'iosApp/iosApp/ResultView.swift')).toEqual(['10 result-advice-test-removed', '12 result-advice-test-removed', '9 result-advice-test-removed']);
  });

  it('Swift that imports no module of the run does not see the Kotlin types', async () => {
    writeTree(dir(), { 'shared/src/commonMain/kotlin/com/acme/symptoms/Api.kt': kotlin, 'iosApp/iosApp/ResultView.swift': swift('Charts') });
    const r = await scanProject(dir());
    expect(sites(r, 'iosApp/iosApp/ResultView.swift')).toEqual([]);
  });
});
