import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A capitalised word in a view named for a resource (`Text("Advice")` in a `ResultView`) is a label, not a field's
 * name: code spells the API's JSON keys in lower case, and those literals are still reported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('labels named like a field', () => {
  it('Swift: `Section(header: Text("Advice"))` in a ResultView stays unreported; the model\'s `["advice", "triage"]` and the read are reported', async () => {
    writeTree(dir, {
      'Api.swift': [
        'import Foundation',
        '',
        'final class Api {',
        '    func result(_ token: String) async throws -> TriageResult {',
        '        let url = URL(string: "https://www.buoyhealth.com/api/results/\\(token)/")!',
        '        let (data, _) = try await URLSession.shared.data(from: url)',
        '        return try JSONDecoder().decode(TriageResult.self, from: data)',
        '    }',
        '}',
        '',
      ].join('\n'),
      'ResultView.swift': [
        'import SwiftUI',
        '',
        'struct ResultView: View {',
        '    let result: TriageResult',
        '',
        '    var body: some View {',
        '        List {',
        '            if let advice = result.advice {',
        '                Section(header: Text("Advice")) {',
        '                    Text(advice)',
        '                }',
        '            }',
        '        }',
        '    }',
        '}',
        '',
        'struct TriageResult: Decodable {',
        '    let advice: String?',
        '    static let printed = ["advice", "triage"]',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'ResultView.swift')).toEqual(['18 result-advice-test-removed', '19 result-advice-test-removed', '8 result-advice-test-removed']);
  });

  it("Dart: `Text('Advice')` in a ResultView widget stays unreported; the read of `result.advice` is reported", async () => {
    writeTree(dir, {
      'lib/api.dart': [
        "import 'package:dio/dio.dart';",
        '',
        'class Api {',
        '  final Dio _dio;',
        '  Api(this._dio);',
        '',
        '  Future<TriageResult> result(String token) async {',
        "    final r = await _dio.get('https://www.buoyhealth.com/api/results/$token/');",
        '    return TriageResult.fromJson(r.data);',
        '  }',
        '}',
        '',
        'class TriageResult {',
        '  final String? advice;',
        '  TriageResult({this.advice});',
        "  factory TriageResult.fromJson(Map<String, dynamic> json) => TriageResult(advice: json['advice'] as String?);",
        '}',
        '',
      ].join('\n'),
      'lib/result_view.dart': [
        "import 'package:flutter/material.dart';",
        "import 'api.dart';",
        '',
        'class ResultView extends StatelessWidget {',
        '  final TriageResult result;',
        '  const ResultView({super.key, required this.result});',
        '',
        '  @override',
        '  Widget build(BuildContext context) {',
        '    return Column(children: [',
        '      if (result.advice != null) ...[',
        "        Text('Advice'),",
        '        Text(result.advice!),',
        '      ],',
        '    ]);',
        '  }',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'lib/result_view.dart')).toEqual(['11 result-advice-test-removed', '13 result-advice-test-removed']);
  });
});
