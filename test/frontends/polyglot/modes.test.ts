import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * Interview modes written as members of a constant group named for the modes, as the elements of a list of modes
 * and as the keys of a table of modes. Each has a helpdesk twin of the same shape that stays unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('modes set up in constant groups, lists and tables', () => {
  it('PHP: constants of a class named for the interview modes; a ticket mode class is another thing', async () => {
    writeTree(dir, {
      'src/Checker/InterviewMode.php': "<?php\nfinal class InterviewMode\n{\n    public const COMPLAINT = 'complaint';\n    public const SAFE = 'safe';\n    public const PROTOCOL = 'protocol';\n}\n",
      'src/Desk/TicketMode.php': "<?php\nfinal class TicketMode\n{\n    public const COMPLAINT = 'complaint';\n    public const SAFE = 'safe';\n}\n",
    });
    const r = await scanProject(dir);
    expect(sites(r, 'src/Checker/InterviewMode.php')).toEqual(['4 mode-complaint-renamed-input', '5 mode-safe-triage-removed']);
    expect(sites(r, 'src/Desk/TicketMode.php')).toEqual([]);
  });

  it("C#: a mode constant of a settings class whose base address is another service's is that service's; the API's own stays", async () => {
    writeTree(dir, {
      'src/Options.cs': [
        'namespace Acme.Clinic',
        '{',
        '    public class DeskOptions',
        '    {',
        '        public const string PreviewMode = "safe";',
        '        public string BaseUrl { get; set; } = "https://desk.example.org/api/";',
        '    }',
        '',
        '    public class CheckerOptions',
        '    {',
        '        public const string FinalMode = "triage";',
        '        public string BaseUrl { get; set; } = "https://www.buoyhealth.com/api/";',
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'src/Options.cs')).toEqual(['11 mode-safe-triage-removed', '12 base-url']);
  });

  it("C#: a settings class holding both services' addresses: its mode constants are the API's unless named like the other's address", async () => {
    writeTree(dir, {
      'src/AppSettings.cs': [
        'namespace Acme.Clinic',
        '{',
        '    public static class AppSettings',
        '    {',
        '        public const string BaseUrl = "https://www.buoyhealth.com/api/";',
        '        public const string FeedbackBaseUrl = "https://help.example.com/api/";',
        '        public const string SafeMode = "safe";',
        '        public const string FeedbackMode = "complaint";',
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'src/AppSettings.cs')).toEqual(['5 base-url', '7 mode-safe-triage-removed']);
  });

  it('Python: a list of modes and a table keyed by mode in a file that talks to the API; a desk list with one mode word stays', async () => {
    writeTree(dir, {
      'tool/choices.py': [
        'API = "https://sandbox.buoyhealth.com/api/"',
        'MODE_CHOICES = ["complaint", "protocol", "safe", "triage"]',
        'MODE_TITLES = {',
        '    "complaint": "Chief complaint",',
        '    "safe": "Safety check",',
        '    "protocol": "Protocol",',
        '}',
        'DESK_MODES = ["complaint", "question", "praise"]',
        'DESK_MODE_TITLES = {"complaint": "Complaint", "question": "Question"}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'tool/choices.py')).toEqual([
      '1 base-url',
      '2 mode-complaint-renamed-input',
      '2 mode-safe-triage-removed',
      '2 mode-safe-triage-removed',
      '4 mode-complaint-renamed-input',
      '5 mode-safe-triage-removed',
    ].sort());
    // Set up, not sent: reported for the author, never rewritten (the labels and choices are theirs to change with it).
    const fixes = (r.outcomes.find((o) => o.relPath === 'tool/choices.py')?.findings ?? []).filter((f) => f.line > 1).map((f) => f.fix);
    expect(fixes.every((f) => f !== 'auto')).toBe(true);
  });
});

describe("a getter's default given as the mode sent", () => {
  it('Python and Elixir: `opts.get("mode", "complaint")` in a body sent to the interviews is reported, not rewritten; a ticket\'s stays', async () => {
    const py = (host: string, seg: string) => `import requests\nBASE = "https://${host}/api/"\ndef start(p, opts):\n    return requests.post(BASE + "${seg}", json={"profile": p, "mode": opts.get("mode", "complaint")})\n`;
    const ex = (host: string, seg: string) => `defmodule C do\n  @base "https://${host}/api/"\n  def start(p, opts) do\n    Req.post!(@base <> "${seg}", json: %{profile: p, mode: Keyword.get(opts, :mode, "complaint")})\n  end\nend\n`;
    writeTree(dir, {
      'checker.py': py('www.buoyhealth.com', 'interviews/anonymous/'),
      'desk.py': py('help.example.com', 'tickets/'),
      'lib/checker.ex': ex('www.buoyhealth.com', 'interviews/anonymous/'),
      'lib/desk.ex': ex('help.example.com', 'tickets/'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'checker.py')).toEqual(['2 base-url', '4 mode-complaint-renamed-input']);
    expect(sites(r, 'lib/checker.ex')).toEqual(['2 base-url', '4 mode-complaint-renamed-input']);
    expect(r.outcomes.find((o) => o.relPath === 'checker.py')?.after).toContain('opts.get("mode", "complaint")');
    expect(sites(r, 'desk.py')).toEqual([]);
    expect(sites(r, 'lib/desk.ex')).toEqual([]);
  });
});

describe('enum cases whose wire value is annotated above them', () => {
  it("Dart: `@JsonValue('safe')` over `safe,` is one site from the annotation to the case; a ticket mode enum's stays", async () => {
    writeTree(dir, {
      'lib/interview_mode.dart': "enum InterviewMode {\n  @JsonValue('protocol')\n  protocol,\n  @JsonValue('safe')\n  safe,\n}\n",
      'lib/ticket_mode.dart': "enum TicketMode {\n  @JsonValue('safe')\n  safe,\n}\n",
    });
    const r = await scanProject(dir);
    const found = r.outcomes.find((o) => o.relPath === 'lib/interview_mode.dart')?.findings ?? [];
    expect(found.map((f) => `${f.line}-${f.endLine} ${f.change}`)).toEqual(['4-5 mode-safe-triage-removed']);
    expect(sites(r, 'lib/ticket_mode.dart')).toEqual([]);
  });

  it('Python: a comparison with the removed `interview_mode` flag read from a sent body is the flag, not the mode', async () => {
    writeTree(dir, {
      'tests/test_client.py': [
        'import json',
        'import responses',
        'BASE = "https://sandbox.buoyhealth.com/api/"',
        '',
        'def test_create_interview(client, mocked):',
        '    mocked.add(responses.POST, BASE + "interviews/anonymous/", json={"token": "iv-1", "mode": "complaint"})',
        '    interview = client.create_interview(34, "female")',
        '    sent = json.loads(mocked.calls[0].request.body)',
        '    assert sent["interview_mode"] == "complaint"',
        '    assert interview.mode == "complaint"',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    const found = sites(r, 'tests/test_client.py');
    expect(found).toContain('9 interview-mode-flag-removed');
    expect(found).not.toContain('9 mode-complaint-renamed-input');
    expect(found).toContain('10 mode-complaint-renamed-input');
  });
});
