import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../config';
import { scan, type ScanResult } from '../../../lib';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * Shapes a client of the API takes in the polyglot languages, each beside another service's look-alike of the
 * same shape that must stay unreported (a helpdesk ticket's mode, a case's extra, an export's 202).
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const run = () => scan({ roots: ['.'], config: defaultConfig, cwd: dir, types: 'off' });
const sites = (r: ScanResult, file: string) =>
  (r.outcomes.find((o) => o.relPath === file)?.findings ?? []).map((f) => `${f.line} ${f.change}`).sort();

describe('another thing\'s modes beside the API\'s', () => {
  it('Python: a mode enum qualified by another noun, and a mode read from a body sent to another service\'s address', async () => {
    writeTree(dir, {
      'app/kinds.py': [
        'from enum import Enum',
        '',
        'class Mode(str, Enum):',
        '    COMPLAINT = "complaint"',
        '    SAFE = "safe"',
        '',
        'class DeskMode(str, Enum):',
        '    COMPLAINT = "complaint"',
        '    PRAISE = "praise"',
        '',
        'ROUTES = {"open": "interviews/anonymous/"}',
      ].join('\n'),
      'app/desk.py': [
        'import os',
        '',
        'DESK_API = os.environ.get("DESK_URL", "https://acme.deskly.io/api/v2/")',
        '',
        'def open_ticket(http, text):',
        '    return http.post(DESK_API + "tickets.json", json={"ticket": {"mode": "complaint", "body": text}})',
      ].join('\n'),
      'app/test_desk.py': [
        'from app.desk import DESK_API',
        'from app.kinds import Mode',
        '',
        'CHECKER = "https://sandbox.buoyhealth.com/api/"',
        '',
        'def test_ticket(m):',
        '    body = sent_json(m, "POST", DESK_API + "tickets.json")',
        '    assert body["ticket"]["mode"] == "complaint"',
        '',
        'def test_interview(m):',
        '    body = sent_json(m, "PUT", CHECKER + "interviews/t-1/")',
        '    assert body["mode"] == "complaint"',
      ].join('\n'),
    });
    const r = await run();
    expect(sites(r, 'app/kinds.py')).toEqual(['4 mode-complaint-renamed-input', '5 mode-safe-triage-removed']);
    expect(sites(r, 'app/test_desk.py')).toEqual(['12 mode-complaint-renamed-input', '4 base-url']);
  });
});
