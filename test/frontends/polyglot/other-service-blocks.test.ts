import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A call named for a resource (`file_complaint(…, extra: …)`) in a block that stubs another service's address and none
 * of this API's: that service's call, whatever its name says. Beside it, the API client's own spec of the same shape,
 * whose stubbed body's `extra` stays reported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe("calls in a block that stubs another service's address", () => {
  it('Ruby: a helpdesk spec sending `extra:` is the helpdesk\'s; the checker spec\'s stubbed `extra` is a site', async () => {
    writeTree(dir, {
      'spec/helpdesk_spec.rb': [
        'RSpec.describe SymptomCheckerClient::Helpdesk::Client do',
        '  subject(:client) { described_class.new }',
        '  before do',
        '    SymptomCheckerClient.configure_helpdesk do |c|',
        '      c.base_url = "https://help.example.com/api/"',
        '    end',
        '  end',
        '  it "files a complaint ticket" do',
        '    stub_request(:post, "https://help.example.com/api/tickets/")',
        '      .with(body: hash_including("mode" => "complaint", "extra" => "from the iOS app"))',
        '      .to_return(status: 202)',
        '    submission = client.file_complaint(subject: "froze", body: "on Q3",',
        '                                       extra: "from the iOS app")',
        '    expect(submission.queued).to be(true)',
        '  end',
        'end',
      ].join('\n'),
      'spec/checker_spec.rb': [
        'RSpec.describe SymptomCheckerClient::Client do',
        '  it "adds a complaint" do',
        '    stub_request(:post, "https://sandbox.buoyhealth.com/api/complaints/")',
        '      .with(body: hash_including("text" => "headache", "extra" => "since monday"))',
        '    client.add_complaint(text: "headache", extra: "since monday")',
        '  end',
        'end',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'spec/helpdesk_spec.rb')).toEqual([]);
    expect(sites(r, 'spec/checker_spec.rb')).toEqual(['3 base-url', '4 complaint-extra-removed']);
  });
});
