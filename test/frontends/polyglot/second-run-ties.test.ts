import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runOnce } from './support';
import { cleanup, read, tmpDir, writeTree } from '../../cli/helpers';

/**
 * `sc-migrate run` twice: after the first run a file holds the v2 base address, and markers where it held sites. The
 * second run must still see those files as talking to the API (their v2 addresses tie them as the v1 ones did), read
 * the files its markers select as it read them when the links added them, and read a site through the marker above
 * it: byte-identical. Each with another API of the same shape that both runs leave alone.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));


/** Runs once, keeps every file's text, runs again: what the second run changed. */
async function secondRunChanges(files: string[]): Promise<{ first: Record<string, string>; changed: string[] }> {
  await runOnce(dir);
  const first = Object.fromEntries(files.map((f) => [f, read(dir, f)]));
  const changed = await runOnce(dir);
  for (const f of files) expect(read(dir, f), f).toBe(first[f]);
  return { first, changed };
}

describe('second runs: ties through the v2 addresses the first run wrote', () => {
  it('Python: the audience taken from a settings field that held the v1 base keeps its marker once the field holds the v2 base', async () => {
    writeTree(dir, {
      'app/settings.py': [
        'from pydantic_settings import BaseSettings',
        'class Settings(BaseSettings):',
        '    checker_base_url: str = "https://sandbox.buoyhealth.com/api/"',
        '    checker_client_id: str = ""',
        '    checker_auth_url: str = ""',
        '    desk_base_url: str = "https://desk.example.org/api/"',
      ].join('\n'),
      'app/auth.py': [
        'import aiohttp',
        'from .settings import Settings',
        'class TokenProvider:',
        '    def __init__(self, session: aiohttp.ClientSession, settings: Settings) -> None:',
        '        self._session = session',
        '        self._settings = settings',
        '    async def get_token(self) -> str:',
        '        payload = {',
        '            "client_id": self._settings.checker_client_id,',
        '            "audience": self._settings.checker_base_url,',
        '            "grant_type": "client_credentials",',
        '        }',
        '        async with self._session.post(self._settings.checker_auth_url, json=payload) as resp:',
        '            return (await resp.json())["access_token"]',
      ].join('\n'),
      // Another API's token request of the same shape: its audience is its own base, not this API's.
      'app/desk_auth.py': [
        'import aiohttp',
        'from .settings import Settings',
        'class DeskTokenProvider:',
        '    def __init__(self, session: aiohttp.ClientSession, settings: Settings) -> None:',
        '        self._session = session',
        '        self._settings = settings',
        '    async def get_token(self) -> str:',
        '        payload = {',
        '            "audience": self._settings.desk_base_url,',
        '            "grant_type": "client_credentials",',
        '        }',
        '        async with self._session.post("https://login.example.org/oauth/token", json=payload) as resp:',
        '            return (await resp.json())["access_token"]',
      ].join('\n'),
    });
    const { first, changed } = await secondRunChanges(['app/settings.py', 'app/auth.py', 'app/desk_auth.py']);
    expect(first['app/settings.py']).toContain('https://api.sandbox.buoyhealth.com/symptom-checker/v2/');
    expect(first['app/auth.py']).toContain('TODO(sc-migrate/token-audience)');
    expect(first['app/desk_auth.py']).not.toContain('TODO(sc-migrate');
    expect(changed).toEqual([]);
  });

  it("Swift: an environment's audience read from the base constants and the status constants a linked service compares keep their markers", async () => {
    writeTree(dir, {
      'App/Constants.swift': [
        'import Foundation',
        'enum Constants {',
        '    enum API {',
        '        static let sandboxBaseURL = "https://sandbox.buoyhealth.com/api/"',
        '        static let productionBaseURL = "https://www.buoyhealth.com/api/"',
        '    }',
        '    enum StatusCode {',
        '        static let modeUpdateAccepted = 202',
        '    }',
        '    enum Helpdesk {',
        '        static let baseURL = "https://help.example.com/api/"',
        '        static let ticketQueuedStatus = 202',
        '    }',
        '}',
      ].join('\n'),
      'App/AppEnvironment.swift': [
        'import Foundation',
        'enum AppEnvironment: String {',
        '    case sandbox',
        '    case production',
        '    var baseURL: URL {',
        '        switch self {',
        '        case .sandbox: return URL(string: Constants.API.sandboxBaseURL)!',
        '        case .production: return URL(string: Constants.API.productionBaseURL)!',
        '        }',
        '    }',
        '    var audience: String {',
        '        switch self {',
        '        case .sandbox: return Constants.API.sandboxBaseURL',
        '        case .production: return Constants.API.productionBaseURL',
        '        }',
        '    }',
        '}',
      ].join('\n'),
      'App/Router.swift': [
        'import Alamofire',
        'import Foundation',
        'enum Router: URLRequestConvertible {',
        '    case updateInterview(token: String, mode: String)',
        '    var method: HTTPMethod {',
        '        switch self {',
        '        case .updateInterview: return .put',
        '        }',
        '    }',
        '    var path: String {',
        '        switch self {',
        '        case .updateInterview(let token, _): return "interviews/\\(token)/"',
        '        }',
        '    }',
        '    var parameters: [String: Any] {',
        '        switch self {',
        '        case let .updateInterview(_, mode): return ["mode": mode]',
        '        }',
        '    }',
        '    func asURLRequest() throws -> URLRequest {',
        '        var request = URLRequest(url: AppEnvironment.sandbox.baseURL.appendingPathComponent(path))',
        '        request.method = method',
        '        return request',
        '    }',
        '}',
      ].join('\n'),
      'App/CheckerService.swift': [
        'import Alamofire',
        'final class CheckerService {',
        '    private let session: Session',
        '    init(session: Session) { self.session = session }',
        '    func updateMode(interview: String, to mode: String) async -> Bool {',
        '        let response = await session.request(Router.updateInterview(token: interview, mode: mode)).serializingData().response',
        '        if response.response?.statusCode == Constants.StatusCode.modeUpdateAccepted {',
        '            return true',
        '        }',
        '        return false',
        '    }',
        '}',
      ].join('\n'),
      // Another API's queued status, compared the same way: not this API's 202.
      'App/HelpdeskService.swift': [
        'import Alamofire',
        'final class HelpdeskService {',
        '    private let session: Session',
        '    init(session: Session) { self.session = session }',
        '    func submitTicket(subject: String) async -> Bool {',
        '        let response = await session.request(Constants.Helpdesk.baseURL + "tickets/", method: .post).serializingData().response',
        '        return response.response?.statusCode == Constants.Helpdesk.ticketQueuedStatus',
        '    }',
        '}',
      ].join('\n'),
    });
    const files = ['App/Constants.swift', 'App/AppEnvironment.swift', 'App/Router.swift', 'App/CheckerService.swift', 'App/HelpdeskService.swift'];
    const { first, changed } = await secondRunChanges(files);
    const constants = first['App/Constants.swift']!
    expect(constants).toContain('https://api.sandbox.buoyhealth.com/symptom-checker/v2/');
    expect(constants).toMatch(/TODO\(sc-migrate\/mode-update-status-200\)[^\n]*\n\s*static let modeUpdateAccepted = 202/);
    expect(constants).not.toMatch(/TODO\(sc-migrate[^\n]*\n\s*static let ticketQueuedStatus/);
    expect(first['App/AppEnvironment.swift']!.match(/TODO\(sc-migrate\/token-audience\)/g)).toHaveLength(2);
    expect(first['App/CheckerService.swift']).toContain('TODO(sc-migrate/mode-update-status-200)');
    expect(first['App/HelpdeskService.swift']).not.toContain('TODO(sc-migrate');
    expect(changed).toEqual([]);
  });

  it("Dart: a constructor's initializing formal of a removed field keeps its marker with the marker above it", async () => {
    writeTree(dir, {
      'lib/models/complaint.dart': [
        "import 'package:json_annotation/json_annotation.dart';",
        "part 'complaint.g.dart';",
        '@JsonSerializable(includeIfNull: false)',
        'class Complaint {',
        '  Complaint({',
        '    this.token,',
        '    required this.text,',
        '    this.extra,',
        '  });',
        '  final String? token;',
        '  final String text;',
        '  final String? extra;',
        '  factory Complaint.fromJson(Map<String, dynamic> json) => _$ComplaintFromJson(json);',
        '  Map<String, dynamic> toJson() => _$ComplaintToJson(this);',
        '}',
      ].join('\n'),
      'lib/api/checker_api.dart': [
        "import 'package:dio/dio.dart';",
        "import '../models/complaint.dart';",
        'class CheckerApi {',
        '  CheckerApi(this._dio);',
        '  final Dio _dio;',
        '  Future<Complaint> createComplaint(Complaint complaint) async {',
        "    final response = await _dio.post<Map<String, dynamic>>('complaints/', data: complaint.toJson());",
        '    return Complaint.fromJson(response.data!);',
        '  }',
        '}',
      ].join('\n'),
      // Another API's model with the same field and formal.
      'lib/helpdesk/ticket.dart': [
        "import 'package:json_annotation/json_annotation.dart';",
        "part 'ticket.g.dart';",
        '@JsonSerializable(includeIfNull: false)',
        'class HelpdeskTicket {',
        '  HelpdeskTicket({',
        '    this.id,',
        '    required this.subject,',
        '    this.extra,',
        '  });',
        '  final String? id;',
        '  final String subject;',
        '  final Map<String, dynamic>? extra;',
        '  factory HelpdeskTicket.fromJson(Map<String, dynamic> json) => _$HelpdeskTicketFromJson(json);',
        '}',
      ].join('\n'),
      'lib/helpdesk/client.dart': [
        "import 'package:dio/dio.dart';",
        "import 'ticket.dart';",
        'class HelpdeskClient {',
        '  HelpdeskClient(this._dio);',
        '  final Dio _dio;',
        '  Future<HelpdeskTicket> create(HelpdeskTicket t) async {',
        "    final response = await _dio.post<Map<String, dynamic>>('https://help.example.com/api/tickets/', data: t);",
        '    return HelpdeskTicket.fromJson(response.data!);',
        '  }',
        '}',
      ].join('\n'),
    });
    const files = ['lib/models/complaint.dart', 'lib/api/checker_api.dart', 'lib/helpdesk/ticket.dart', 'lib/helpdesk/client.dart'];
    const { first, changed } = await secondRunChanges(files);
    expect(first['lib/models/complaint.dart']).toMatch(/TODO\(sc-migrate\/complaint-extra-removed\)[^\n]*\n\s*this\.extra,/);
    expect(first['lib/helpdesk/ticket.dart']).not.toContain('TODO(sc-migrate');
    expect(changed).toEqual([]);
  });
});
