import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A renamed mode that is a case of the API's mode type named by its value (`case complaint` in a String enum, its
 * wire value its name): renaming the case renames every use, so each `.complaint` is reported with the case (across
 * files, in `switch self`, an assertion, a default). A case with a raw value (`case complaint = "complaint"`) has its
 * value rewritten and its uses left alone; a desk's `TicketMode.complaint`, and a decoded desk ticket's mode, stay.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const modes = (raw: boolean) =>
  [
    'enum InterviewMode: String, Codable {',
    `    case complaint${raw ? ' = "complaint"' : ''}`,
    '    case symptoms',
    '    var title: String {',
    '        switch self {',
    '        case .complaint: return "Tell us"',
    '        case .symptoms: return "Symptoms"',
    '        }',
    '    }',
    '    static let initial: InterviewMode = .complaint',
    '}',
    '',
  ].join('\n');

const files = (raw: boolean) => ({
  'App/InterviewMode.swift': modes(raw),
  'App/Interview.swift': [
    'struct Interview: Decodable {',
    '    let token: String',
    '    let mode: InterviewMode',
    '}',
    '',
    'final class Api {',
    '    func open() async throws -> Interview {',
    '        let url = URL(string: "https://www.buoyhealth.com/api/interviews/anonymous/")!',
    '        return try JSONDecoder().decode(Interview.self, from: try await URLSession.shared.data(from: url).0)',
    '    }',
    '}',
    '',
  ].join('\n'),
  'Tests/ApiTests.swift': [
    'import XCTest',
    '',
    'final class ApiTests: XCTestCase {',
    '    func testOpen() async throws {',
    '        stub("https://www.buoyhealth.com/api/interviews/anonymous/", fixture: "interview")',
    '        let interview = try await Api().open()',
    '        XCTAssertEqual(interview.mode, .complaint)',
    '        let ticket = try JSONDecoder().decode(DeskTicket.self, from: Data())',
    '        XCTAssertEqual(ticket.mode, .complaint)',
    '        XCTAssertEqual(interview.token, "x")',
    '    }',
    '}',
    '',
  ].join('\n'),
  'Desk/DeskTicket.swift': [
    'enum TicketMode: String, Codable {',
    '    case complaint',
    '    case praise',
    '}',
    '',
    'struct DeskTicket: Codable {',
    '    let mode: TicketMode',
    '    static let initial: TicketMode = .complaint',
    '}',
    '',
  ].join('\n'),
});

describe('uses of a renamed mode case named by its value', () => {
  it('Swift: `case complaint` without a raw value: the case and each `.complaint` of the mode are reported; the desk\'s stay', async () => {
    writeTree(dir, files(false));
    const r = await scanProject(dir);
    expect(sites(r, 'App/InterviewMode.swift')).toEqual(['10 mode-complaint-renamed-input', '2 mode-complaint-renamed-input', '6 mode-complaint-renamed-input']);
    expect(sites(r, 'Tests/ApiTests.swift')).toEqual(['5 base-url', '7 mode-complaint-renamed-input']);
    expect(sites(r, 'Desk/DeskTicket.swift')).toEqual([]);
  });

  it('Swift: `case complaint = "complaint"`: the raw value is rewritten, the uses stay', async () => {
    writeTree(dir, files(true));
    const r = await scanProject(dir);
    expect(sites(r, 'App/InterviewMode.swift')).toEqual(['2 mode-complaint-renamed-input']);
    expect(r.outcomes.find((o) => o.relPath === 'App/InterviewMode.swift')!.after).toContain('case complaint = "input"');
    expect(sites(r, 'Tests/ApiTests.swift')).toEqual(['5 base-url']);
  });
});
