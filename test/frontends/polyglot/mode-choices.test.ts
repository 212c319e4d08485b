import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A value of the API's mode type chosen by a condition (`let next: InterviewMode = skip ? .triage : .safe`,
 * `saved ?? .safe`): each removed implicit member is a site. A ticket mode chosen the same way, and an optional
 * chain (`draft?.safe`), stay.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('modes chosen by a condition', () => {
  it('Swift: `skip ? .triage : .safe` and `saved ?? .safe` typed InterviewMode; a TicketMode of the same shape stays', async () => {
    writeTree(dir, {
      'Net/Api.swift': [
        'enum InterviewMode: String, Codable { case complaint, safe, triage, differential }',
        'enum TicketMode: String, Codable { case safe, triage }',
        'final class Api {',
        '    func setMode(_ mode: InterviewMode, token: String) async throws {',
        '        var request = URLRequest(url: URL(string: "https://www.buoyhealth.com/api/interviews/\\(token)/")!)',
        '        request.httpMethod = "PUT"',
        '        request.httpBody = try JSONEncoder().encode(["mode": mode])',
        '        _ = try await URLSession.shared.data(for: request)',
        '    }',
        '}',
        '',
      ].join('\n'),
      'UI/Flow.swift': [
        'final class Flow {',
        '    func next(skip: Bool, saved: InterviewMode?) -> [InterviewMode] {',
        '        let next: InterviewMode = skip ? .triage : .differential',
        '        let resumed: InterviewMode = saved ?? .safe',
        '        return [next, resumed]',
        '    }',
        '    func ticket(urgent: Bool) -> TicketMode {',
        '        let mode: TicketMode = urgent ? .triage : .safe',
        '        return mode',
        '    }',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'UI/Flow.swift')).toEqual(['3 mode-safe-triage-removed', '4 mode-safe-triage-removed']);
  });
});
