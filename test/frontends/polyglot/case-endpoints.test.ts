import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * Endpoints written as an enum's cases whose `switch self` gives each its path and method: a client's
 * `send(.openVisit(body))` calls that resource, so what it returns is the resource's model and a status checked
 * after a mode update is that update's. A desk's enum of routes of the same shape stays unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('enum cases as endpoints', () => {
  it('Swift: the cases of a route enum tie what the client returns and the status it checks; a desk route enum stays', async () => {
    writeTree(dir, {
      'Net/Config.swift': 'let apiBase = URL(string: "https://www.buoyhealth.com/api/")!\n',
      'Net/Route.swift': [
        'enum Route {',
        '    case openVisit(VisitBody)',
        '    case changeStep(token: String, body: StepBody)',
        '    case outcome(token: String)',
        '    var path: String {',
        '        switch self {',
        '        case .openVisit: return "interviews/anonymous/"',
        '        case .changeStep(let token, _): return "interviews/\\(token)/"',
        '        case .outcome(let token): return "results/\\(token)/"',
        '        }',
        '    }',
        '    var verb: String {',
        '        switch self {',
        '        case .openVisit: return "POST"',
        '        case .changeStep: return "PUT"',
        '        case .outcome: return "GET"',
        '        }',
        '    }',
        '}',
      ].join('\n'),
      'Net/Api.swift': [
        'struct Visit: Decodable { let token: String; let marketplace: String? }',
        'struct Outcome: Decodable { let label: String }',
        'final class Api {',
        '    func openVisit(_ body: VisitBody) async throws -> Visit { try await call(.openVisit(body)) }',
        '    func changeStep(_ mode: String, token: String) async throws -> Bool {',
        '        let (_, http) = try await send(.changeStep(token: token, body: StepBody(mode: mode)))',
        '        return http.statusCode == 202',
        '    }',
        '    func outcome(token: String) async throws -> Outcome { try await call(.outcome(token: token)) }',
        '}',
      ].join('\n'),
      'Tests/ApiTests.swift': [
        'final class ApiTests: XCTestCase {',
        '    func testOpen() async throws {',
        '        let visit = try await api.openVisit(VisitBody(age: 30))',
        '        XCTAssertEqual(visit.marketplace, "north")',
        '    }',
        '}',
      ].join('\n'),
      'Desk/DeskRoute.swift': [
        'enum DeskRoute {',
        '    case openTicket(TicketBody)',
        '    case changeQueue(id: String)',
        '    var path: String {',
        '        switch self {',
        '        case .openTicket: return "tickets/"',
        '        case .changeQueue(let id): return "queues/\\(id)/"',
        '        }',
        '    }',
        '}',
        'struct Ticket: Decodable { let marketplace: String? }',
        'final class Desk {',
        '    func openTicket(_ b: TicketBody) async throws -> Ticket { try await call(.openTicket(b)) }',
        '    func changeQueue(_ mode: String, id: String) async throws -> Bool {',
        '        let (_, http) = try await send(.changeQueue(id: id))',
        '        return http.statusCode == 202',
        '    }',
        '    func peek() async throws -> String? { try await openTicket(TicketBody()).marketplace }',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'Tests/ApiTests.swift')).toEqual(['4 interview-marketplace-variant-removed']);
    expect(sites(r, 'Net/Api.swift')).toEqual(['1 interview-marketplace-variant-removed', '7 mode-update-status-200']);
    expect(sites(r, 'Desk/DeskRoute.swift')).toEqual([]);
  });
  it("Swift: an Alamofire router's removed fields (the case's label, the arm's binding, the arm's entries, the service's argument and requirement) are reported; a desk router of the same shape stays", async () => {
    const router = (name: string, base: string, resource: string, field: string, op: string) =>
      [
        'import Alamofire',
        '',
        `enum ${name}: URLRequestConvertible {`,
        `    case ${op}(interview: String, text: String, ${field}: String?)`,
        '    case read(token: String)',
        `    var baseURL: URL { URL(string: "${base}")! }`,
        '    var method: HTTPMethod {',
        '        switch self {',
        `        case .${op}: return .post`,
        '        case .read: return .get',
        '        }',
        '    }',
        '    var path: String {',
        '        switch self {',
        `        case .${op}: return "${resource}/"`,
        `        case .read(let token): return "${resource}/\\(token)/"`,
        '        }',
        '    }',
        '    var parameters: Parameters? {',
        '        switch self {',
        `        case let .${op}(interview, text, ${field}):`,
        `            var params: Parameters = ["interview": interview, "text": text]`,
        `            params["${field}"] = ${field}`,
        '            return params',
        '        case .read: return nil',
        '        }',
        '    }',
        '}',
        '',
      ].join('\n');
    const service = (name: string, router: string, field: string, op: string) =>
      [
        `protocol ${name}Servicing {`,
        `    func ${op}(interview: String, text: String, ${field}: String?) async throws -> Data`,
        '}',
        '',
        `final class ${name}: ${name}Servicing {`,
        `    func ${op}(interview: String, text: String, ${field}: String?) async throws -> Data {`,
        `        try await perform(${router}.${op}(interview: interview, text: text, ${field}: ${field}))`,
        '    }',
        '}',
        '',
      ].join('\n');
    writeTree(dir, {
      'Net/Router.swift': router('Router', 'https://www.buoyhealth.com/api/', 'complaints', 'extra', 'createComplaint'),
      'Net/Service.swift': service('Service', 'Router', 'extra', 'createComplaint'),
      'Desk/DeskRouter.swift': router('DeskRouter', 'https://desk.example.org/api/', 'tickets', 'extra', 'createTicket'),
      'Desk/DeskService.swift': service('DeskService', 'DeskRouter', 'extra', 'createTicket'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'Net/Router.swift')).toEqual(['21 complaint-extra-removed', '23 complaint-extra-removed', '4 complaint-extra-removed', '6 base-url']);
    expect(sites(r, 'Net/Service.swift')).toEqual(['2 complaint-extra-removed', '6 complaint-extra-removed', '7 complaint-extra-removed']);
    expect(sites(r, 'Desk/DeskRouter.swift')).toEqual([]);
    expect(sites(r, 'Desk/DeskService.swift')).toEqual([]);
  });
  it("Swift: a Moya target's cases get their paths from an extension's `switch self`; the arm's removed fields are reported, a desk target's stay", async () => {
    const target = (name: string, base: string, resource: string, op: string, field: string) =>
      [
        'import Moya',
        '',
        `enum ${name} {`,
        `    case ${op}(interview: String, text: String, ${field}: String?)`,
        '    case read(token: String)',
        '}',
        '',
        `extension ${name}: TargetType {`,
        `    var baseURL: URL { ${base} }`,
        '    var path: String {',
        '        switch self {',
        `        case .${op}: return "${resource}/"`,
        `        case .read(let token): return "${resource}/\\(token)/"`,
        '        }',
        '    }',
        '    var method: Moya.Method {',
        '        switch self {',
        `        case .${op}: return .post`,
        '        default: return .get',
        '        }',
        '    }',
        '    var task: Task {',
        '        switch self {',
        `        case let .${op}(interview, text, ${field}):`,
        '            var params: [String: Any] = ["interview": interview, "text": text]',
        `            if let ${field} = ${field} { params["${field}"] = ${field} }`,
        '            return .requestParameters(parameters: params, encoding: JSONEncoding.default)',
        '        case .read: return .requestPlain',
        '        }',
        '    }',
        '}',
        '',
      ].join('\n');
    writeTree(dir, {
      'Net/Env.swift': 'enum Env {\n    static let api = URL(string: "https://www.buoyhealth.com/api/")!\n    static let desk = URL(string: "https://desk.example.org/api/")!\n}\n',
      'Net/Api.swift': target('Api', 'Env.api', 'complaints', 'createComplaint', 'extra'),
      'Desk/DeskApi.swift': target('DeskApi', 'Env.desk', 'tickets', 'createTicket', 'extra'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'Net/Api.swift')).toContain('26 complaint-extra-removed');
    expect(sites(r, 'Desk/DeskApi.swift')).toEqual([]);
  });
});
