import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * Swift's multi-line (`"""…"""`) and raw (`#"…"#`) strings are read whole: the grammar gives the quotes inside a
 * multi-line string as tokens of their own and a raw string as one part with its delimiters. JSON written in them
 * for a stubbed response is read as JSON; the same stub for a helpdesk's path stays unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('JSON in Swift multi-line and raw strings', () => {
  it('stubbed interview and complaint bodies are read; a ticket stub is not', async () => {
    writeTree(dir, {
      'Tests/StubTests.swift': [
        'final class StubTests: XCTestCase {',
        '    func testInterview() {',
        '        Stub.on("interviews/\\(id)/", json: """',
        '        {"token": "\\(id)", "mode": "complaint",',
        '         "msg": "Mode unchanged", "_links": {}}',
        '        """)',
        '    }',
        '    func testComplaint() {',
        '        Stub.on("complaints/", json: #"{"token": "c-1", "extra": {"source": "app"}}"#)',
        '    }',
        '    func testTicket() {',
        '        Stub.on("https://desk.example.org/api/tickets/", json: """',
        '        {"mode": "complaint", "msg": "ok", "extra": {}}',
        '        """)',
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'Tests/StubTests.swift')).toEqual(['4 mode-complaint-renamed-input', '5 update-msg-in-links', '9 complaint-extra-removed']);
  });
});
