import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, read, tmpDir, writeTree } from '../../cli/helpers';

/**
 * Ruby clients written without types: Struct models filled by their own `from_hash(h)`, a model a method returns
 * by building it, the model a struct member holds by how the struct fills it, and Rake task files. Beside each,
 * a helpdesk client of the same shape that must stay untouched.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const CLIENT = [
  "require 'net/http'",
  'module Clinic',
  '  class Api',
  "    BASE = 'https://www.buoyhealth.com/api/'",
  '    def load_visit(t)',
  '      Visit.from_hash(fetch("interviews/#{t}/"))',
  '    end',
  '    def load_outcome(t)',
  '      Outcome.from_hash(fetch("results/#{t}/"))',
  '    end',
  '    def start_visit(profile)',
  "      Visit.from_hash(send_json('interviews/anonymous/', profile: profile))",
  '    end',
  '  end',
  'end',
].join('\n');

const DESK = [
  'module Desk',
  "  DESK = 'https://desk.example.org/api/'",
  '  Article = Struct.new(:id, :advice, :extra, :topic, keyword_init: true) do',
  '    def self.from_hash(h)',
  '      new(id: h[:id], advice: Array(h[:advice]), extra: h[:extra], topic: Topic.new(triage: h[:triage]))',
  '    end',
  '  end',
  '  Topic = Struct.new(:triage, keyword_init: true)',
  '  class Reader',
  '    def article(id)',
  '      Article.from_hash(get("#{DESK}articles/#{id}"))',
  '    end',
  '    def show(id)',
  '      a = article(id)',
  '      [a.advice, a.topic.triage, a.extra]',
  '    end',
  '  end',
  'end',
].join('\n');

describe('Ruby models without types', () => {
  it('each Struct model reads its own removed fields through its own from_hash parameter', async () => {
    writeTree(dir, {
      'lib/clinic/api.rb': CLIENT,
      'lib/clinic/models.rb': [
        'module Clinic',
        '  Visit = Struct.new(:token, :mode, keyword_init: true) do',
        '    def self.from_hash(h)',
        '      new(token: h[:token], mode: h[:mode])',
        '    end',
        '  end',
        '  Outcome = Struct.new(:token, :tips, :checks, keyword_init: true) do',
        '    def self.from_hash(h)',
        '      new(',
        '        token: h[:token],',
        '        tips: Array(h[:advice]),',
        '        checks: h[:test]',
        '      )',
        '    end',
        '  end',
        'end',
      ].join('\n'),
      'lib/desk.rb': DESK,
    });
    const r = await scanProject(dir);
    expect(sites(r, 'lib/clinic/models.rb')).toEqual(['11 result-advice-test-removed', '12 result-advice-test-removed']);
    expect(sites(r, 'lib/desk.rb')).toEqual([]);
  });

  it("a method's built model and a struct member's model from the struct's own constructor", async () => {
    writeTree(dir, {
      'lib/clinic/api.rb': CLIENT,
      'lib/clinic/models.rb': [
        'module Clinic',
        '  PotentialCondition = Struct.new(:name, :level, keyword_init: true)',
        '  Outcome = Struct.new(:token, :likely, keyword_init: true) do',
        '    def self.from_hash(h)',
        '      pc = h.dig(:triage_explanation, :potential_condition) || {}',
        '      new(token: h[:token], likely: PotentialCondition.new(name: pc[:name], level: pc[:level]))',
        '    end',
        '  end',
        'end',
      ].join('\n'),
      'app.rb': ['def outcome_json(api, t)', '  o = api.load_outcome(t)', '  { name: o.likely.name, care: o.likely.triage }', 'end'].join('\n'),
      'lib/desk.rb': DESK,
    });
    const r = await scanProject(dir);
    expect(sites(r, 'app.rb')).toEqual(['3 potential-condition-triage-removed']);
    expect(sites(r, 'lib/desk.rb')).toEqual([]);
  });

  it('a Rakefile is Ruby: a smoke task that reads a removed field and sends an age out of range', async () => {
    writeTree(dir, {
      'lib/clinic/api.rb': CLIENT,
      'lib/clinic/models.rb': [
        'module Clinic',
        '  Visit = Struct.new(:token, :mode, keyword_init: true) do',
        '    def self.from_hash(h)',
        '      new(token: h[:token], mode: h[:mode])',
        '    end',
        '  end',
        'end',
      ].join('\n'),
      Rakefile: [
        'task :smoke do',
        '  api = Clinic::Api.new',
        "  visit = api.start_visit({ age: 1, sex: 'male' })",
        '  puts "#{visit.token} #{visit.variant}"',
        'end',
        'task :desk do',
        '  puts Desk::Reader.new.show(1).inspect',
        "  Desk::Tickets.new.lodge({ age: 1, mode: 'complaint', extra: 'x' })",
        'end',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'Rakefile')).toEqual(['3 profile-age-range', '4 interview-marketplace-variant-removed']);
    expect(read(dir, 'Rakefile')).toContain("mode: 'complaint', extra: 'x'");
  });

  it("Net::HTTP's text status: a general update's '202' check that the mode setter calls with a mode", async () => {
    writeTree(dir, {
      'lib/clinic/gateway.rb': [
        "require 'net/http'",
        'class Gateway',
        "  ROOT = 'https://www.buoyhealth.com/api/'",
        '  def patch_visit(token, changes)',
        '    res = send_put("interviews/#{token}/", changes)',
        "    { queued: res.code == '202', body: res.body }",
        '  end',
        '  def switch_mode(token, mode)',
        '    patch_visit(token, mode: mode)',
        '  end',
        'end',
      ].join('\n'),
      'lib/desk/gateway.rb': [
        "require 'net/http'",
        'class DeskGateway',
        "  ROOT = 'https://desk.example.org/api/'",
        '  def patch_ticket(id, changes)',
        '    res = send_put("tickets/#{id}/", changes)',
        "    { queued: res.code == '202', body: res.body }",
        '  end',
        '  def switch_mode(id, mode)',
        "    patch_ticket(id, mode: 'complaint')",
        '  end',
        'end',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'lib/clinic/gateway.rb')).toEqual(['3 base-url', '6 mode-update-status-200']);
    expect(sites(r, 'lib/desk/gateway.rb')).toEqual([]);
  });

  it("a helper's hash given to an endpoint through a variable is the part the endpoint's parameter names", async () => {
    writeTree(dir, {
      'lib/clinic/api.rb': [
        'class ClinicApi',
        "  ROOT = 'https://www.buoyhealth.com/api/'",
        '  def create_interview(profile, location: nil)',
        "    post_json(ROOT + 'interviews/anonymous/', profile: profile, location: location)",
        '  end',
        'end',
      ].join('\n'),
      'web.rb': [
        'helpers do',
        '  def profile_from(form)',
        "    { age: form['age'].to_i, height: form['height'].to_f }.compact",
        '  end',
        '  def ticket_from(form)',
        "    { subject: form['s'], height: form['h'], extra: form['x'] }.compact",
        '  end',
        'end',
        "post '/start' do",
        '  profile = profile_from(params)',
        '  api.create_interview(profile, location: nil)',
        '  desk.open_ticket(ticket_from(params))',
        'end',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'web.rb')).toEqual(['3 interview-profile-fields-removed']);
  });

  it("RSpec: expect(response.code).to eq(202) after a stubbed mode update is a status check; a helpdesk's is not", async () => {
    writeTree(dir, {
      'spec/clinic_spec.rb': [
        "BASE = 'https://www.buoyhealth.com/api/'",
        'RSpec.describe Clinic do',
        "  it 'switches the mode' do",
        '    stub_request(:put, "#{BASE}interviews/iv-1/").with(body: { mode: "input" }.to_json).to_return(status: 200)',
        "    res = described_class.switch_mode('iv-1', 'input')",
        '    expect(res.code).to eq(202)',
        '  end',
        "  it 'queues a desk ticket' do",
        '    stub_request(:put, "https://desk.example.org/api/tickets/1/").with(body: { mode: "complaint" }.to_json)',
        "    res = Desk.escalate('1')",
        '    expect(res.code).to eq(202)',
        '  end',
        'end',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'spec/clinic_spec.rb')).toEqual(['1 base-url', '6 mode-update-status-200']);
    expect(read(dir, 'spec/clinic_spec.rb')).toContain('{ mode: "complaint" }');
  });

  it('a CamelCase constant of a namespace (`Types::InterviewMode.valid?(mode)`, PHP `Api\\InterviewMode::COMPLAINT`) is no read of the `interview_mode` flag; `interview.interview_mode` is', async () => {
    writeTree(dir, {
      'lib/switch_mode.rb': [
        'class SwitchMode',
        '  BASE = "https://sandbox.buoyhealth.com/api/"',
        '  def call(token, mode)',
        '    return Failure[:unknown_mode, mode] unless Types::InterviewMode.valid?(mode)',
        '    interview = client.get("#{BASE}interviews/#{token}/")',
        '    interview.interview_mode',
        '  end',
        'end',
      ].join('\n'),
      'src/Modes.php': [
        '<?php',
        "const BASE = 'https://sandbox.buoyhealth.com/api/';",
        'function allowed(string $m): bool { return in_array($m, \\Api\\InterviewMode::ALL, true); }',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'lib/switch_mode.rb')).toEqual(['2 base-url', '6 interview-mode-flag-removed']);
    expect(sites(r, 'src/Modes.php')).toEqual(['2 base-url']);
  });
});
