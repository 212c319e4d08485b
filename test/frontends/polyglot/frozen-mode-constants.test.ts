import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, read, tmpDir, writeTree } from '../../cli/helpers';

/**
 * Mode constants written frozen (`SAFE = 'safe'.freeze`) in a module of modes, and their uses qualified by that module
 * in other files (`SymptomChecker::Modes::SAFE`, `Modes.SAFE`). Beside each, a helpdesk's modes of the same shape.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('frozen mode constants', () => {
  it('Ruby: a module of frozen modes is rewritten and marked; its removed modes used through the module elsewhere are sites', async () => {
    writeTree(dir, {
      'lib/checker/modes.rb': [
        'module Checker',
        '  module Modes',
        "    COMPLAINT = 'complaint'.freeze",
        "    SAFE      = 'safe'.freeze",
        "    QUESTION  = 'question'.freeze",
        '  end',
        'end',
      ].join('\n'),
      'lib/desk/ticket_modes.rb': ['module Desk', '  module TicketModes', "    COMPLAINT = 'complaint'.freeze", "    SAFE      = 'safe'.freeze", '  end', 'end'].join('\n'),
      'lib/checker/client.rb': [
        "require 'typhoeus'",
        'module Checker',
        '  class Client',
        "    BASE = 'https://www.buoyhealth.com/api/'",
        '    def update_mode(token, mode)',
        '      Typhoeus.put("#{BASE}interviews/#{token}/", body: { mode: mode }.to_json)',
        '    end',
        '    def start?(interview)',
        '      interview.mode == Modes::COMPLAINT',
        '    end',
        '  end',
        'end',
      ].join('\n'),
      'lib/desk/client.rb': [
        "require 'typhoeus'",
        'module Desk',
        '  class Client',
        "    BASE = 'https://desk.example.org/api/'",
        '    def escalate(ticket)',
        '      Typhoeus.put("#{BASE}tickets/#{ticket}/", body: { mode: TicketModes::SAFE }.to_json)',
        '    end',
        '  end',
        'end',
      ].join('\n'),
      'app.rb': [
        "require_relative 'lib/checker/client'",
        "post '/interviews/:token/mode' do",
        '  mode = params[:mode] || Checker::Modes::SAFE',
        '  Checker::Client.new.update_mode(params[:token], mode)',
        'end',
        "post '/tickets/:id/escalate' do",
        '  Desk::Client.new.escalate(params[:id]) if params[:mode] == Desk::TicketModes::SAFE',
        'end',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'lib/checker/modes.rb')).toEqual(['3 mode-complaint-renamed-input', '4 mode-safe-triage-removed']);
    expect(sites(r, 'app.rb')).toEqual(['3 mode-safe-triage-removed']);
    expect(sites(r, 'lib/desk/ticket_modes.rb')).toEqual([]);
    expect(sites(r, 'lib/desk/client.rb')).toEqual([]);
    expect(read(dir, 'lib/desk/ticket_modes.rb')).toContain("COMPLAINT = 'complaint'.freeze");
  });

  it("Ruby: a `Modes` group inside a helpdesk's module nested in the client's namespace is the helpdesk's", async () => {
    writeTree(dir, {
      'lib/checker/constants.rb': ['module Checker', '  module Modes', '    COMPLAINT = "complaint"', '    SAFE = "safe"', '  end', 'end'].join('\n'),
      'lib/checker/helpdesk/configuration.rb': [
        'module Checker',
        '  module Helpdesk',
        '    BASE_URL = "https://help.example.com/api/"',
        '    module Modes',
        '      COMPLAINT = "complaint"',
        '      SAFE = "safe"',
        '    end',
        '  end',
        'end',
      ].join('\n'),
      'lib/checker/client.rb': [
        "require 'net/http'",
        'module Checker',
        '  class Client',
        '    BASE = "https://www.buoyhealth.com/api/"',
        '    def update_mode(token, mode = Modes::COMPLAINT)',
        '      Net::HTTP.put(URI("#{BASE}interviews/#{token}/"), { mode: mode }.to_json)',
        '    end',
        '  end',
        'end',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'lib/checker/constants.rb')).toEqual(['3 mode-complaint-renamed-input', '4 mode-safe-triage-removed']);
    expect(sites(r, 'lib/checker/helpdesk/configuration.rb')).toEqual([]);
    expect(read(dir, 'lib/checker/helpdesk/configuration.rb')).toContain('COMPLAINT = "complaint"');
  });

  it("Ruby: a helpdesk method sending `mode: Modes::COMPLAINT` is no complaints endpoint, though the client's `Paths::COMPLAINT` is a path", async () => {
    writeTree(dir, {
      'lib/checker/constants.rb': [
        'module Checker',
        '  module Paths',
        '    COMPLAINTS = "complaints/"',
        '    COMPLAINT = "complaints/%<token>s/"',
        '  end',
        'end',
      ].join('\n'),
      'lib/checker/client.rb': [
        "require 'net/http'",
        'module Checker',
        '  class Client',
        '    BASE = "https://www.buoyhealth.com/api/"',
        '    def add_complaint(token, text, extra: nil)',
        '      post(Paths::COMPLAINTS, { interview: token, text: text, extra: extra })',
        '    end',
        '    def complaint(token)',
        '      get(format(Paths::COMPLAINT, token: token))',
        '    end',
        '  end',
        'end',
      ].join('\n'),
      'lib/checker/helpdesk/modes.rb': ['module Checker', '  module Helpdesk', '    module Modes', '      COMPLAINT = "complaint"', '    end', '  end', 'end'].join('\n'),
      'lib/checker/helpdesk/client.rb': [
        'module Checker',
        '  module Helpdesk',
        '    class Client',
        '      def file_complaint(subject:, body:, extra: nil)',
        '        submit(mode: Modes::COMPLAINT, subject: subject, body: body, extra: extra)',
        '      end',
        '    end',
        '  end',
        'end',
      ].join('\n'),
      'app.rb': ['desk = Checker::Helpdesk::Client.new', 'desk.file_complaint(subject: "s", body: "b", extra: "e")'].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'lib/checker/client.rb')).toEqual(['4 base-url', '5 complaint-extra-removed', '6 complaint-extra-removed']);
    expect(sites(r, 'lib/checker/helpdesk/client.rb')).toEqual([]);
    expect(sites(r, 'app.rb')).toEqual([]);
  });
});
