import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * Stubs whose URL is built on a base constant of another file (conftest.py, spec_helper.rb), and WebMock's answer
 * chained to the call that names its method and path (`stub_request(:put, url).to_return(status: 202)`,
 * stub-statuses.ts): the mode update's 202 is a site; a helpdesk's 202 in another example of the same describe
 * block stays. The tests' assertions that the call answered nothing (`assert … is None`, `to be_nil`) are not
 * reported: most writers of the blind sets do not list them (a judgement call).
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('stubs on an imported base, and answers chained to their method and path', () => {
  it('pytest with requests-mock, the base from conftest.py: the stubs of the mode update, not a ticket’s', async () => {
    writeTree(dir, {
      'checker/client.py': [
        'import requests',
        '',
        'API = "https://www.buoyhealth.com/api"',
        '',
        '',
        'def set_mode(token, mode):',
        '    r = requests.put(f"{API}/interviews/{token}/", json={"mode": mode})',
        '    return r.json() if r.status_code == 200 else None',
        '',
      ].join('\n'),
      'desk/client.py': ['import requests', '', 'DESK = "https://help.example.com/api"', '', '', 'def open_ticket(subject):', '    r = requests.post(f"{DESK}/tickets/", json={"subject": subject})', '    return None if r.status_code == 202 else r.json()', ''].join('\n'),
      'tests/conftest.py': ['BASE = "https://www.buoyhealth.com/api"', 'DESK_BASE = "https://help.example.com/api"', ''].join('\n'),
      'tests/test_client.py': [
        'from checker import client',
        'from desk import client as desk',
        '',
        'from .conftest import BASE, DESK_BASE',
        '',
        '',
        'def test_pending(requests_mock):',
        '    requests_mock.put(f"{BASE}/interviews/t1/", status_code=202)',
        '    assert client.set_mode("t1", "input") is None',
        '',
        '',
        'def test_pending_held(requests_mock, cache):',
        '    requests_mock.put(f"{BASE}/interviews/t1/", status_code=202)',
        '    update = client.set_mode("t1", "input")',
        '    assert update is None',
        '    assert cache.get("t1") is None',
        '',
        '',
        'def test_ticket(requests_mock):',
        '    requests_mock.post(f"{DESK_BASE}/tickets/", status_code=202)',
        '    assert desk.open_ticket("help") is None',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'tests/test_client.py').filter((s) => / mode-update-status-200$/.test(s))).toEqual(['13 mode-update-status-200', '8 mode-update-status-200']);
  });

  it('RSpec with WebMock, the base from spec_helper.rb: `stub_request(:put, …).to_return(status: 202)`; a ticket’s in the next example stays', async () => {
    writeTree(dir, {
      'lib/checker.rb': [
        'require "net/http"',
        '',
        'class Checker',
        '  BASE = "https://www.buoyhealth.com/api"',
        '',
        '  def update_mode(token, mode)',
        '    res = put_json("#{BASE}/interviews/#{token}/", { mode: mode })',
        '    res.code == "200" ? JSON.parse(res.body) : nil',
        '  end',
        'end',
        '',
      ].join('\n'),
      'lib/desk.rb': ['class Desk', '  BASE = "https://help.example.com/api"', '', '  def open_ticket(subject)', '    post_json("#{BASE}/tickets/", { subject: subject })', '  end', 'end', ''].join('\n'),
      'spec/spec_helper.rb': ['API_BASE = "https://www.buoyhealth.com/api".freeze', 'DESK_BASE = "https://help.example.com/api".freeze', ''].join('\n'),
      'spec/checker_spec.rb': [
        'require "spec_helper"',
        '',
        'RSpec.describe Checker do',
        '  it "answers nothing while the mode is pending" do',
        '    stub_request(:put, "#{API_BASE}/interviews/t1/").to_return(status: 202)',
        '    expect(Checker.new.update_mode("t1", "input")).to be_nil',
        '  end',
        '',
        '  it "queues a ticket" do',
        '    stub_request(:post, "#{DESK_BASE}/tickets/").to_return(status: 202)',
        '    expect(Desk.new.open_ticket("help")).to be_nil',
        '  end',
        'end',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'spec/checker_spec.rb').filter((s) => / mode-update-status-200$/.test(s))).toEqual(['5 mode-update-status-200']);
  });
});
