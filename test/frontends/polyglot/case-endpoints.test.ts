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
});
