import { describe, expect, it } from 'vitest';
import { scanProject, sites, tempProjectDir } from './support';
import { read, writeTree } from '../../cli/helpers';

/**
 * A mode as a parameter's default: in a function of the API's interview it is the interview's mode and is renamed;
 * in a function named for another thing (a helpdesk route's `feedback(…, mode="complaint")`) it is that thing's,
 * in the same file, and stays byte for byte.
 */

const dir = tempProjectDir();

describe("a parameter's default mode belongs to the function it is declared in", () => {
  it("Python: start_interview's default is renamed; a feedback route's default is left as written", async () => {
    const source = [
      'import requests',
      '',
      'BASE = "https://www.buoyhealth.com/api/"',
      '',
      '',
      'def start_interview(token, mode="complaint"):',
      '    return requests.put(BASE + "interviews/" + token + "/", json={"mode": mode}).json()',
      '',
      '',
      'def feedback(subject, body, mode="complaint"):',
      '    return requests.post("https://help.example.com/api/tickets/", json={"subject": subject, "body": body, "mode": mode}).json()',
      '',
    ].join('\n');
    writeTree(dir(), { 'app/controllers.py': source });
    const r = await scanProject(dir());
    expect(sites(r, 'app/controllers.py')).toEqual(['3 base-url', '6 mode-complaint-renamed-input']);
    const after = r.outcomes.find((o) => o.relPath === 'app/controllers.py')!.after!;
    expect(after.split('\n')[5]).toBe('def start_interview(token, mode="input"):');
    expect(after.split('\n')[9]).toBe(read(dir(), 'app/controllers.py').split('\n')[9]);
  });
});
