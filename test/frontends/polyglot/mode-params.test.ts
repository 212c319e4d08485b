import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A mode passed by position to a parameter named `mode` of a function that calls an endpoint updating the
 * interview (a flow's `advance(token, "safe")`, called from a spec); the same call shape on a function that only
 * labels a mode or moves a helpdesk ticket stays unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('mode parameters of functions that update the interview', () => {
  it('Ruby: `flow.advance(token, "safe")` is a mode sent; `flow.caption(token, "safe")` and `flow.escalate(id, "safe")` are not', async () => {
    writeTree(dir, {
      'lib/api.rb': [
        'class Api',
        '  BASE = "https://www.buoyhealth.com/api/"',
        '',
        '  def change_mode(token, mode)',
        '    put(BASE + "interviews/#{token}/", mode: mode)',
        '  end',
        'end',
        '',
      ].join('\n'),
      'lib/flow.rb': [
        'class Flow',
        '  def advance(token, mode)',
        '    reply = @api.change_mode(token, mode)',
        '    reply.code',
        '  end',
        '',
        '  def caption(token, mode)',
        '    "#{token}: #{mode}"',
        '  end',
        '',
        '  def escalate(id, mode)',
        '    @desk.put("https://desk.example.org/api/tickets/#{id}", mode: mode)',
        '  end',
        'end',
        '',
      ].join('\n'),
      'spec/flow_spec.rb': [
        'RSpec.describe Flow do',
        '  it "advances" do',
        '    stub_request(:put, "https://www.buoyhealth.com/api/interviews/t-1/")',
        '    flow.advance(token, "safe")',
        '    flow.caption(token, "safe")',
        '    flow.escalate(ticket, "safe")',
        '  end',
        'end',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'spec/flow_spec.rb')).toEqual(['3 base-url', '4 mode-safe-triage-removed']);
  });
});

describe('implicit members passed to a parameter of the mode type', () => {
  it('Swift: `.triage` passed to `func changeMode(_ next: InterviewMode)` of another file (no endpoint of its own) is a removed mode; a helpdesk `TicketMode` parameter is not', async () => {
    writeTree(dir, {
      'Sources/Models/InterviewMode.swift': ['enum InterviewMode: String, Codable {', '    case complaint', '    case safe', '    case triage', '}', ''].join('\n'),
      'Sources/Desk/TicketMode.swift': ['enum TicketMode: String {', '    case complaint', '    case triage', '}', ''].join('\n'),
      'Sources/Net/Transport.swift': [
        'import Foundation',
        '',
        'enum Route {',
        '    case moveVisit(String, InterviewMode)',
        '',
        '    var path: String {',
        '        switch self {',
        '        case .moveVisit(let visit, _): return "interviews/\\(visit)/"',
        '        }',
        '    }',
        '}',
        '',
        'final class Transport {',
        '    private let base = URL(string: "https://www.buoyhealth.com/api/")!',
        '',
        '    func perform(_ route: Route) async throws {',
        '        var request = URLRequest(url: base.appendingPathComponent(route.path))',
        '        request.httpMethod = "PUT"',
        '        _ = try await URLSession.shared.data(for: request)',
        '    }',
        '}',
        '',
      ].join('\n'),
      'Sources/Store/VisitStore.swift': [
        'import Foundation',
        '',
        'final class VisitStore {',
        '    private let transport: Transport',
        '    private let base = "https://www.buoyhealth.com/api/"',
        '',
        '    func load(visit: String) async throws -> Data {',
        '        let (data, _) = try await URLSession.shared.data(from: URL(string: base + "interviews/\\(visit)/")!)',
        '        return data',
        '    }',
        '',
        '    func changeMode(_ next: InterviewMode, visit: String) async throws {',
        '        try await transport.perform(.moveVisit(visit, next))',
        '    }',
        '',
        '    func route(to queue: TicketMode) {',
        '        print(queue)',
        '    }',
        '}',
        '',
      ].join('\n'),
      'Sources/Screens/VisitScreen.swift': [
        'import SwiftUI',
        '',
        'struct VisitScreen: View {',
        '    let store: VisitStore',
        '',
        '    var body: some View {',
        '        Button("Next") { Task { try await store.changeMode(.triage, visit: "v-1") } }',
        '        Button("Escalate") { store.route(to: .triage) }',
        '    }',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'Sources/Screens/VisitScreen.swift')).toEqual(['7 mode-safe-triage-removed']);
    expect(sites(r, 'Sources/Desk/TicketMode.swift')).toEqual([]);
  });
});
