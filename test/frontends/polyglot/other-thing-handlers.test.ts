import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A fake upstream written as one file of handler classes, one per service it stands in for: a `mode` compared inside
 * the interview's handler is the interview's (renamed), inside a handler class named for another thing (`Tickets`,
 * `FeedbackHandler`) it is that thing's and stays byte-identical, though the file talks to the API.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('handlers of other things in a fake upstream', () => {
  it('Python (Tornado): `self.body()["mode"] == "complaint"` in `class Interviews` is renamed, in `class Tickets` it stays', async () => {
    const file = [
      'import json',
      'from tornado.web import RequestHandler',
      '',
      'BASE = "https://sandbox.buoyhealth.com/api/"',
      '',
      'class _Base(RequestHandler):',
      '    def body(self):',
      '        return json.loads(self.request.body or b"{}")',
      '',
      'class Interviews(_Base):',
      '    def put(self, token=None):',
      '        if self.body()["mode"] == "complaint":',
      '            self.write({"_links": {}})',
      '',
      'class Tickets(_Base):',
      '    def post(self):',
      '        if self.body()["mode"] == "complaint":',
      '            self.set_status(202)',
      '',
    ].join('\n');
    writeTree(dir, { 'tests/fake_upstream.py': file });
    const r = await scanProject(dir);
    expect(sites(r, 'tests/fake_upstream.py')).toEqual(['12 mode-complaint-renamed-input', '4 base-url']);
    const tickets = r.outcomes.flatMap((o) => o.findings).filter((f) => f.line >= 15);
    expect(tickets).toEqual([]);
  });

  it('Ruby (Sinatra-style fake): `params["mode"] == "complaint"` in `class FeedbackHandler` stays; in `class InterviewHandler` it is renamed', async () => {
    const file = [
      'SC_BASE = "https://www.buoyhealth.com/api/"',
      '',
      'class InterviewHandler < FakeHandler',
      '  def put(params)',
      '    return ok if params["mode"] == "complaint"',
      '  end',
      'end',
      '',
      'class FeedbackHandler < FakeHandler',
      '  def post(params)',
      '    return accepted if params["mode"] == "complaint"',
      '  end',
      'end',
      '',
    ].join('\n');
    writeTree(dir, { 'spec/support/fake_upstream.rb': file });
    const r = await scanProject(dir);
    expect(sites(r, 'spec/support/fake_upstream.rb')).toEqual(['1 base-url', '5 mode-complaint-renamed-input']);
  });
});
