import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/** Uses of a constant that holds a removed mode are sites, in its file and in the others of the run; another API's constants are not. */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('uses of removed-mode constants', () => {
  it('Go: a generated client defines the modes, a service in the same package uses the removed one; a desk mode constant stays', async () => {
    writeTree(dir, {
      'internal/sc/types.gen.go': [
        'package sc',
        '',
        'type InterviewMode string',
        '',
        'const (',
        '\tInterviewModeComplaint InterviewMode = "complaint"',
        '\tInterviewModeSafe      InterviewMode = "safe"',
        ')',
        '',
        'type ModeUpdate struct {',
        '\tMode InterviewMode `json:"mode"`',
        '}',
        '',
        'const Server = "https://www.buoyhealth.com/api/"',
      ].join('\n'),
      'internal/sc/escalate.go': [
        'package sc',
        '',
        'type TicketMode string',
        '',
        'const TicketModeSafe TicketMode = "safe"',
        '',
        'func Escalate(c *Client, token string) error {',
        '\treturn c.Put(Server+"interviews/"+token+"/", ModeUpdate{Mode: InterviewModeSafe})',
        '}',
        '',
        'func Queue(d *Desk) error { return d.Queue(TicketModeSafe) }',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'internal/sc/types.gen.go')).toEqual(['14 base-url', '6 mode-complaint-renamed-input', '7 mode-safe-triage-removed']);
    expect(sites(r, 'internal/sc/escalate.go')).toEqual(['8 mode-safe-triage-removed']);
  });

  it('Python: a constants module of the client and a flow that uses its removed mode; a helpdesk constant of the same name shape stays', async () => {
    writeTree(dir, {
      'checker/modes.py': ['API = "https://www.buoyhealth.com/api/"', 'MODE_COMPLAINT = "complaint"', 'MODE_TRIAGE = "triage"', ''].join('\n'),
      'checker/flow.py': [
        'from checker.modes import MODE_TRIAGE',
        'from desk.modes import QUEUE_TRIAGE',
        '',
        'def finish(client, token):',
        '    client.set_mode(token, MODE_TRIAGE)',
        '    client.desk_queue(QUEUE_TRIAGE)',
        '',
      ].join('\n'),
      'desk/modes.py': ['DESK = "https://desk.example.net/api/"', 'QUEUE_TRIAGE = "triage"', ''].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'checker/modes.py')).toEqual(['1 base-url', '2 mode-complaint-renamed-input', '3 mode-safe-triage-removed']);
    expect(sites(r, 'checker/flow.py')).toEqual(['1 mode-safe-triage-removed', '5 mode-safe-triage-removed']);
    expect(sites(r, 'desk/modes.py')).toEqual([]);
  });

  it("PHP: another class's bare TRIAGE constant is not the mode group's, whatever the run's mode constants are called", async () => {
    writeTree(dir, {
      'src/CheckerModes.php': ['<?php', 'final class Interview_Mode {', "\tconst COMPLAINT = 'complaint';", "\tconst TRIAGE = 'triage';", '}', ''].join('\n'),
      'src/Client.php': ['<?php', "define( 'SC_BASE', 'https://www.buoyhealth.com/api/' );", 'function sc_finish( $t ) {', "\treturn wp_remote_request( SC_BASE . 'interviews/' . $t . '/', array( 'method' => 'PUT', 'body' => wp_json_encode( array( 'mode' => Interview_Mode::COMPLAINT ) ) ) );", '}', ''].join('\n'),
      'src/DeskQueue.php': ['<?php', 'final class Desk_Queue {', "\tconst TRIAGE = 'triage';", '\tpublic static function first() { return self::TRIAGE; }', '}', ''].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'src/DeskQueue.php')).toEqual([]);
  });

  it("C#: a namespace that shares a constant's name (Northvale.Triage) is no use of it, and a desk's mode default in that namespace stays as it is", async () => {
    writeTree(dir, {
      'Options/CheckerModes.cs': [
        'namespace Northvale.Triage.Web.Options',
        '{',
        '    public static class CheckerModes',
        '    {',
        '        public const string BaseUrl = "https://www.buoyhealth.com/api/";',
        '        public const string Complaint = "complaint";',
        '        public const string Triage = "triage";',
        '    }',
        '}',
      ].join('\n'),
      'Services/DeskClient.cs': [
        'namespace Northvale.Triage.Web.Services',
        '{',
        '    public class DeskTicket',
        '    {',
        '        [JsonProperty("mode")] public string Mode { get; set; } = "complaint";',
        '        [JsonProperty("advice")] public string Advice { get; set; }',
        '    }',
        '    public class DeskController',
        '    {',
        '        public string Index(string mode = "complaint") => mode;',
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'Options/CheckerModes.cs').filter((s) => s.startsWith('1 '))).toEqual([]);
    expect(sites(r, 'Services/DeskClient.cs')).toEqual([]);
  });

  it('Ruby: lookups of a removed mode in a map of modes of a service are sites in other files; a helpdesk map of the same shape stays', async () => {
    writeTree(dir, {
      'app/services/checker/interview_service.rb': [
        'module Checker',
        '  class InterviewService',
        '    BASE = "https://www.buoyhealth.com/api/"',
        '    MODES = {',
        '      complaint: "complaint",',
        '      triage: "triage"',
        '    }.freeze',
        '',
        '    def update_mode(token, mode)',
        '      @client.put("#{BASE}interviews/#{token}/", { mode: mode })',
        '    end',
        '  end',
        'end',
      ].join('\n'),
      'app/models/checker/interview.rb': [
        'module Checker',
        '  class Interview',
        '    def triaging?',
        '      mode == InterviewService::MODES[:triage]',
        '    end',
        '',
        '    def finish!',
        '      InterviewService.new.update_mode(token, InterviewService::MODES.fetch(:triage))',
        '    end',
        '  end',
        'end',
      ].join('\n'),
      'app/services/desk/client.rb': [
        'module Desk',
        '  class Client',
        '    DESK_URL = "https://desk.example.net/api/"',
        '    QUEUE_MODES = { triage: "triage" }.freeze',
        '',
        '    def escalate(id)',
        '      post("#{DESK_URL}tickets/#{id}/", { queue: QUEUE_MODES[:triage] })',
        '    end',
        '  end',
        'end',
      ].join('\n'),
    });
    writeTree(dir, {
      'app/services/helpdesk/ticket_flow.rb': [
        'module Helpdesk',
        '  class TicketFlow',
        '    MODES = { triage: "triage-desk" }.freeze',
        '',
        '    def route(ticket)',
        '      ticket.mode == MODES[:triage]',
        '    end',
        '',
        '    def escalate(ticket)',
        '      ticket.queue = Helpdesk::Client::MODES[:triage]',
        '    end',
        '  end',
        'end',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'app/services/helpdesk/ticket_flow.rb')).toEqual([]);
    expect(sites(r, 'app/services/checker/interview_service.rb')).toEqual(['3 base-url', '5 mode-complaint-renamed-input', '6 mode-safe-triage-removed']);
    expect(sites(r, 'app/models/checker/interview.rb')).toEqual(['4 mode-safe-triage-removed', '8 mode-safe-triage-removed']);
    expect(sites(r, 'app/services/desk/client.rb')).toEqual([]);
  });
  it("C#: a mode group inside a block namespace uses its removed constants (a list of all modes, switch arms); a desk's group stays", async () => {
    const group = (ns: string, cls: string, prefix: string) =>
      [
        `namespace ${ns}`,
        '{',
        `    public static class ${cls}`,
        '    {',
        `        public const string Complaint = "${prefix}complaint";`,
        `        public const string Safe = "${prefix}safe";`,
        '',
        '        public static readonly string[] All = { Complaint, Safe };',
        '',
        '        public static string Describe(string mode) => mode switch',
        '        {',
        '            Safe => "A few safety questions",',
        '            _ => mode',
        '        };',
        '    }',
        '}',
        '',
      ].join('\n');
    writeTree(dir, {
      'Sc/InterviewModes.cs': group('CareNav.Sc', 'InterviewModes', ''),
      'Sc/IApi.cs': 'public interface IApi\n{\n    [Put("https://www.buoyhealth.com/api/interviews/{token}/")]\n    Task<Update> UpdateInterviewAsync(string token, [Body] ModeRequest request);\n}\n',
      'Desk/TicketModes.cs': group('CareNav.Desk', 'TicketModes', ''),
      'Desk/IDeskApi.cs': 'public interface IDeskApi\n{\n    [Post("https://desk.example.net/api/tickets/")]\n    Task Queue([Body] Ticket t);\n}\n',
    });
    const r = await scanProject(dir);
    expect(sites(r, 'Sc/InterviewModes.cs')).toEqual(['12 mode-safe-triage-removed', '5 mode-complaint-renamed-input', '6 mode-safe-triage-removed', '8 mode-safe-triage-removed']);
    expect(sites(r, 'Desk/TicketModes.cs')).toEqual([]);
  });
});
