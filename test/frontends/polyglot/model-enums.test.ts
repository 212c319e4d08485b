import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * An ActiveRecord enum of a model's mode column whose values are the API's wire values (`enum mode: { complaint:
 * "complaint" }`, Rails 7's `enum :mode, { … }`) on a model named for the interview: the stored values are reported,
 * never rewritten (rows already hold them). A helpdesk ticket's `enum mode: { complaint: "complaint" }` stays.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('model enums of the mode column', () => {
  it('Rails: `enum mode: { … }` and `enum :mode, { … }` on interview models; a FeedbackTicket enum stays', async () => {
    writeTree(dir, {
      'app/models/interview_session.rb': [
        'class InterviewSession < ApplicationRecord',
        '  enum mode: { complaint: "complaint", safe: "safe", protocol: "protocol" }',
        'end',
        '',
      ].join('\n'),
      'app/models/interview_record.rb': ['class InterviewRecord < ApplicationRecord', '  enum :mode, { complaint: "complaint", triage: "triage" }, prefix: true', 'end', ''].join('\n'),
      'app/models/feedback_ticket.rb': ['class FeedbackTicket < ApplicationRecord', '  enum mode: { complaint: "complaint", safe: "safe" }', 'end', ''].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'app/models/interview_session.rb')).toEqual(['2 mode-complaint-renamed-input', '2 mode-safe-triage-removed']);
    expect(sites(r, 'app/models/interview_record.rb')).toEqual(['2 mode-complaint-renamed-input', '2 mode-safe-triage-removed']);
    // Reported with a marker, the values themselves kept.
    for (const o of r.outcomes) expect(o.after ?? o.before).not.toContain('"input"');
    expect(sites(r, 'app/models/feedback_ticket.rb')).toEqual([]);
  });
});

describe("the default of a read of the answer's mode", () => {
  const RB_CLIENT = ['module SymptomChecker', '  class Client', '    include HTTParty', '    base_uri "https://www.buoyhealth.com/api"', '', '    def self.create_interview(profile:)', '      post("/interviews/", body: { profile: profile }.to_json)', '    end', '  end', 'end', ''].join('\n');
  it('Ruby `data.fetch("mode", "complaint")` and Python `data.get("mode", "complaint")` of an interview; a desk ticket\'s stays', async () => {
    writeTree(dir, {
      'app/clients/client.rb': RB_CLIENT,
      'app/models/interview_session.rb': [
        'class InterviewSession < ApplicationRecord',
        '  def self.start_for(user)',
        '    data = SymptomChecker::Client.create_interview(profile: {})',
        '    create!(mode: data.fetch("mode", "complaint"))',
        '  end',
        '',
        '  def self.ticket_for(desk)',
        '    data = desk.open_ticket',
        '    Ticket.create!(mode: data.fetch("mode", "complaint"))',
        '  end',
        'end',
        '',
      ].join('\n'),
      'py/client.py': ['import requests', '', '', 'def create_interview(profile):', '    return requests.post("https://www.buoyhealth.com/api/interviews/", json={"profile": profile}).json()', ''].join('\n'),
      'py/session.py': [
        'from .client import create_interview',
        '',
        '',
        'def start(user):',
        '    data = create_interview({})',
        '    return Session(mode=data.get("mode", "complaint"))',
        '',
        '',
        'def desk(t):',
        '    data = open_ticket(t)',
        '    return Ticket(mode=data.get("mode", "complaint"))',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'app/models/interview_session.rb')).toEqual(['4 mode-complaint-renamed-input']);
    expect(sites(r, 'py/session.py')).toEqual(['6 mode-complaint-renamed-input']);
  });
});
