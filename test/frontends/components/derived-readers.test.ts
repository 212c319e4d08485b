import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from '../polyglot/support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A model's method that reads a removed field (polyglot/derived.ts), called in a server template on that model
 * (template-reads.ts): a Ruby predicate (`advice?`) in a Sinatra view. The same method on another API's model (a
 * helpdesk ticket's `advice?`), and a general method that also shows the field (`summary`), stay unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('derived readers called in server templates', () => {
  it('Sinatra ERB: `<% if @result.advice? %>` on the result model; a helpdesk ticket’s `advice?` and a general `summary` stay', async () => {
    writeTree(dir, {
      'lib/checker.rb': ['class Checker', '  BASE = "https://www.buoyhealth.com/api/"', '', '  def result(token)', '    Result.new(get_json("#{BASE}results/#{token}/"))', '  end', 'end', ''].join('\n'),
      'lib/result.rb': [
        'class Result',
        '  attr_reader :token, :advice, :triage',
        '',
        '  def initialize(json)',
        '    @token = json["token"]',
        '    @advice = json["advice"]',
        '    @triage = json["triage"]',
        '  end',
        '',
        '  def advice?',
        '    !advice.to_s.empty?',
        '  end',
        '',
        '  def summary',
        '    [triage, advice].compact.join(", ")',
        '  end',
        'end',
        '',
      ].join('\n'),
      'lib/desk.rb': [
        'class Ticket',
        '  attr_reader :id, :advice',
        '',
        '  def initialize(json)',
        '    @id = json["id"]',
        '    @advice = json["advice"]',
        '  end',
        '',
        '  def advice?',
        '    !advice.to_s.empty?',
        '  end',
        'end',
        '',
        'class Desk',
        '  BASE = "https://help.example.com/api/"',
        '',
        '  def ticket(id)',
        '    Ticket.new(get_json("#{BASE}tickets/#{id}/"))',
        '  end',
        'end',
        '',
      ].join('\n'),
      'views/result.erb': ['<% if @result.advice? %>', '  <p>See a doctor</p>', '<% end %>', '<% if @ticket.advice? %>', '  <p>Ticket advice</p>', '<% end %>', '<p><%= @result.summary %></p>', ''].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'views/result.erb')).toEqual(['1 result-advice-test-removed']);
  });
});
