import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A profile's age out of range in a call a test expects to fail (the API refuses it, and the test asserts that):
 * the point of the test, not a request to migrate. The same call that the test expects to succeed is reported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const swiftService = [
  'import Foundation',
  '',
  'final class Service {',
  '    func createInterview(age: Int, sex: String) async throws -> Data {',
  '        var request = URLRequest(url: URL(string: "https://www.buoyhealth.com/api/interviews/anonymous/")!)',
  '        request.httpBody = try JSONSerialization.data(withJSONObject: ["profile": ["age": age, "sex": sex]])',
  '        return try await URLSession.shared.data(for: request).0',
  '    }',
  '}',
  '',
].join('\n');

describe('out-of-range values in calls a test expects to fail', () => {
  it('Swift: `do { try await f(age: 1); XCTFail() } catch` and `XCTAssertThrowsError` stay unreported; a call expected to succeed is reported', async () => {
    const tests = [
      'import XCTest',
      '',
      'final class ServiceTests: XCTestCase {',
      '    let service = Service()',
      '',
      '    func testRejectsAge() async {',
      '        do {',
      '            _ = try await service.createInterview(age: 1, sex: "male")',
      '            XCTFail("expected error")',
      '        } catch {',
      '            XCTAssertNotNil(error)',
      '        }',
      '    }',
      '',
      '    func testRejectsOld() {',
      '        XCTAssertThrowsError(try service.createSync(age: 130, sex: "male"))',
      '    }',
      '',
      '    func testBaby() async throws {',
      '        do {',
      '            _ = try await service.createInterview(age: 1, sex: "male")',
      '        } catch {',
      '            XCTFail("unexpected \\(error)")',
      '        }',
      '    }',
      '}',
      '',
    ].join('\n');
    writeTree(dir, { 'App/Service.swift': swiftService, 'Tests/ServiceTests.swift': tests });
    const r = await scanProject(dir);
    expect(sites(r, 'Tests/ServiceTests.swift').filter((s) => s.endsWith('profile-age-range'))).toEqual(['21 profile-age-range']);
  });

  it("Dart: `expect(() => api.createInterview(age: 1), throwsA(…))` stays unreported; the same call awaited is reported", async () => {
    const api = [
      "import 'package:dio/dio.dart';",
      '',
      'class Api {',
      '  final Dio _dio;',
      '  Api(this._dio);',
      '',
      '  Future<Response> createInterview({required int age, required String sex}) =>',
      "      _dio.post('https://www.buoyhealth.com/api/interviews/anonymous/', data: {'profile': {'age': age, 'sex': sex}});",
      '}',
      '',
    ].join('\n');
    const test = [
      "import 'package:test/test.dart';",
      '',
      'void main() {',
      "  test('rejects a baby', () {",
      "    expect(() => api.createInterview(age: 1, sex: 'male'), throwsA(isA<DioException>()));",
      '  });',
      "  test('creates', () async {",
      "    final r = await api.createInterview(age: 1, sex: 'male');",
      '    expect(r.statusCode, 201);',
      '  });',
      '}',
      '',
    ].join('\n');
    writeTree(dir, { 'lib/api.dart': api, 'test/api_test.dart': test });
    const r = await scanProject(dir);
    expect(sites(r, 'test/api_test.dart').filter((s) => s.endsWith('profile-age-range'))).toEqual(['8 profile-age-range']);
  });

  it('Python: `with pytest.raises(…):` around the call stays unreported; the call alone is reported', async () => {
    const client = ['import httpx', '', '', 'class Client:', '    def create_interview(self, age, sex):', '        return httpx.post("https://www.buoyhealth.com/api/interviews/anonymous/", json={"profile": {"age": age, "sex": sex}})', ''].join('\n');
    const test = [
      'import pytest',
      'from client import Client',
      '',
      '',
      'def test_rejects(client):',
      '    with pytest.raises(httpx.HTTPStatusError):',
      '        client.create_interview(age=1, sex="male")',
      '',
      '',
      'def test_baby(client):',
      '    client.create_interview(age=1, sex="male")',
      '',
    ].join('\n');
    writeTree(dir, { 'client.py': client, 'tests/test_client.py': test });
    const r = await scanProject(dir);
    expect(sites(r, 'tests/test_client.py').filter((s) => s.endsWith('profile-age-range'))).toEqual(['11 profile-age-range']);
  });
});
