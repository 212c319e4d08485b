import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, read, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A mode written into a body after it is built (subscript-writes.ts, subscriptMode): `body["mode"] = "complaint"` in a
 * body sent to the interview is rewritten; the same write into a body sent to the helpdesk's tickets is not.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const care = [
  'import requests',
  '',
  'BASE = "https://sandbox.buoyhealth.com/api/"',
  '',
  '',
  'def set_mode(token):',
  '    body = {}',
  '    body["mode"] = "complaint"',
  '    return requests.put(BASE + "interviews/" + token + "/", json=body)',
  '',
].join('\n');
const desk = care.replace('https://sandbox.buoyhealth.com/api/', 'https://help.example.com/api/').replace('interviews/', 'tickets/');

describe('modes written into a body by key', () => {
  it('Python: body["mode"] = "complaint" in the interview update, not in a ticket update', async () => {
    writeTree(dir, { 'care.py': care, 'desk.py': desk });
    const r = await scanProject(dir);
    expect(sites(r, 'care.py')).toEqual(['3 base-url', '8 mode-complaint-renamed-input']);
    expect(r.outcomes.find((o) => o.relPath === 'care.py')?.after).toContain('body["mode"] = "input"');
    expect(sites(r, 'desk.py')).toEqual([]);
    expect(r.outcomes.find((o) => o.relPath === 'desk.py')?.after ?? read(dir, 'desk.py')).toBe(desk);
  });
});
