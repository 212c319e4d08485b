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

  it('Rails presenter over the API’s hash (SimpleDelegator, `self[:test]`): its readers in a partial; a helpdesk ticket’s presenter stays', async () => {
    writeTree(dir, {
      'app/clients/checker.rb': ['class Checker', '  BASE = "https://www.buoyhealth.com/api/"', '', '  def self.fetch_result(token)', '    get_json("#{BASE}results/#{token}/")', '  end', 'end', ''].join('\n'),
      'app/controllers/results_controller.rb': ['class ResultsController < ApplicationController', '  def show', '    @result = ResultPresenter.new(Checker.fetch_result(params[:token]))', '    @ticket = TicketPresenter.new(Desk.ticket(params[:id]))', '  end', 'end', ''].join('\n'),
      'app/presenters/result_presenter.rb': ['class ResultPresenter < SimpleDelegator', '  def recommended_tests', '    Array(self[:test])', '  end', '', '  def title', '    self[:title].to_s', '  end', 'end', ''].join('\n'),
      'app/presenters/ticket_presenter.rb': ['class TicketPresenter < SimpleDelegator', '  def recommended_tests', '    Array(self[:test])', '  end', 'end', ''].join('\n'),
      'app/clients/desk.rb': ['class Desk', '  BASE = "https://help.example.com/api/"', '', '  def self.ticket(id)', '    get_json("#{BASE}tickets/#{id}/")', '  end', 'end', ''].join('\n'),
      'app/views/results/_result.html.erb': ['<h1><%= result.title %></h1>', '<% if result.recommended_tests.any? %>', '  <p><%= result.recommended_tests.to_sentence %></p>', '<% end %>', '<p><%= ticket.recommended_tests.to_sentence %></p>', ''].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'app/views/results/_result.html.erb')).toEqual(['2 result-advice-test-removed', '3 result-advice-test-removed']);
  });
});
