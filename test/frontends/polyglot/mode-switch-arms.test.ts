import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A mode type's wire-name mapping written as a switch whose arm returns the value on the line after its label
 * (`case InterviewMode.complaint:` / `return 'complaint';`), or a bare case in a method of the mode enum itself
 * (`case COMPLAINT: return "complaint";`, Kotlin's `COMPLAINT -> "complaint"` in `when (this)`): the returned literal
 * is the wire value, rewritten for the renamed mode and reported for a removed one. The same switch over a helpdesk's
 * `TicketMode` stays byte-identical and unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const outcome = (r: Awaited<ReturnType<typeof scanProject>>, file: string) => r.outcomes.find((o) => o.relPath === file)!;
const desk = (text: string) => text.replace(/InterviewMode/g, 'TicketMode').replace('www.buoyhealth.com/api/interviews', 'desk.example.com/api/tickets');

const DART = [
  'enum InterviewMode { complaint, safe, protocol }',
  '',
  'extension InterviewModeX on InterviewMode {',
  '  String get wireName {',
  '    switch (this) {',
  '      case InterviewMode.complaint:',
  "        return 'complaint';",
  '      case InterviewMode.safe:',
  "        return 'safe';",
  '      case InterviewMode.protocol:',
  "        return 'protocol';",
  '    }',
  '  }',
  '}',
  '',
].join('\n');
const DART_API = "class Api { Future<void> setMode(String t, InterviewMode m) => http.put(Uri.parse('https://www.buoyhealth.com/api/interviews/$t/'), body: jsonEncode({'mode': m.wireName})); }\n";

const JAVA = [
  'package sc;',
  '',
  'public enum InterviewMode {',
  '    COMPLAINT, SAFE, PROTOCOL;',
  '',
  '    public String wire() {',
  '        switch (this) {',
  '            case COMPLAINT:',
  '                return "complaint";',
  '            case SAFE: return "safe";',
  '            default:',
  '                return "protocol";',
  '        }',
  '    }',
  '}',
  '',
].join('\n');
const JAVA_API = ['package sc;', '', 'public interface Api {', '    @PUT("https://www.buoyhealth.com/api/interviews/{token}/")', '    Call<Interview> updateMode(@Path("token") String token, @Body InterviewMode mode);', '}', ''].join('\n');

const KOTLIN = [
  'enum class InterviewMode {',
  '    COMPLAINT, SAFE, PROTOCOL;',
  '',
  '    val wire: String',
  '        get() = when (this) {',
  '            COMPLAINT -> "complaint"',
  '            SAFE -> "safe"',
  '            PROTOCOL -> "protocol"',
  '        }',
  '}',
  '',
].join('\n');
const KOTLIN_API = 'class Client(private val web: WebClient) {\n    fun setMode(token: String, mode: InterviewMode) = web.put().uri("https://www.buoyhealth.com/api/interviews/$token/").bodyValue(mapOf("mode" to mode.wire))\n}\n';

const CSHARP = [
  'public static class InterviewModeExtensions',
  '{',
  '    public static string Wire(InterviewMode mode)',
  '    {',
  '        switch (mode)',
  '        {',
  '            case InterviewMode.Complaint:',
  '                return "complaint";',
  '            case InterviewMode.Safe:',
  '                return "safe";',
  '            default:',
  '                return "protocol";',
  '        }',
  '    }',
  '}',
  '',
].join('\n');
const CSHARP_API = 'public class Api {\n    public Task SetMode(string token, InterviewMode mode) => _http.PutAsJsonAsync($"https://www.buoyhealth.com/api/interviews/{token}/", new { mode = InterviewModeExtensions.Wire(mode) });\n}\n';

describe("a mode type's wire-name switch", () => {
  it("Dart: `case InterviewMode.complaint:` then `return 'complaint';` is rewritten, the removed mode's return reported", async () => {
    writeTree(dir, { 'lib/mode.dart': DART, 'lib/api.dart': DART_API });
    const r = await scanProject(dir);
    const mode = outcome(r, 'lib/mode.dart');
    expect(sites(r, 'lib/mode.dart').filter((s) => /^[79] /.test(s))).toEqual(['7 mode-complaint-renamed-input', '9 mode-safe-triage-removed']);
    expect(mode.after).toContain("        return 'input';");
    expect(mode.after).toContain("        return 'safe';");
  });

  it('Java: bare `case COMPLAINT:` / `return "complaint";` in a method of the mode enum', async () => {
    writeTree(dir, { 'sc/InterviewMode.java': JAVA, 'sc/Api.java': JAVA_API });
    const r = await scanProject(dir);
    expect(sites(r, 'sc/InterviewMode.java')).toEqual(['10 mode-safe-triage-removed', '9 mode-complaint-renamed-input']);
    expect(outcome(r, 'sc/InterviewMode.java').after).toContain('                return "input";');
  });

  it("Kotlin: a bare `COMPLAINT -> \"complaint\"` in the mode enum's `when (this)`", async () => {
    writeTree(dir, { 'src/InterviewMode.kt': KOTLIN, 'src/Client.kt': KOTLIN_API });
    const r = await scanProject(dir);
    expect(sites(r, 'src/InterviewMode.kt')).toEqual(['6 mode-complaint-renamed-input', '7 mode-safe-triage-removed']);
    expect(outcome(r, 'src/InterviewMode.kt').after).toContain('COMPLAINT -> "input"');
  });

  it('C#: `case InterviewMode.Complaint:` then `return "complaint";`', async () => {
    writeTree(dir, { 'src/Modes.cs': CSHARP, 'src/Api.cs': CSHARP_API });
    const r = await scanProject(dir);
    expect(sites(r, 'src/Modes.cs').filter((s) => /^(8|10) /.test(s))).toEqual(['10 mode-safe-triage-removed', '8 mode-complaint-renamed-input']);
    expect(outcome(r, 'src/Modes.cs').after).toContain('                return "input";');
  });

  it("the same switches over a helpdesk's TicketMode stay byte-identical and unreported", async () => {
    const files = { 'lib/mode.dart': DART, 'lib/api.dart': DART_API, 'sc/InterviewMode.java': JAVA, 'sc/Api.java': JAVA_API, 'src/InterviewMode.kt': KOTLIN, 'src/Client.kt': KOTLIN_API, 'src/Modes.cs': CSHARP, 'src/Api.cs': CSHARP_API };
    writeTree(dir, Object.fromEntries(Object.entries(files).map(([f, text]) => [f, desk(text)])));
    const r = await scanProject(dir);
    for (const o of r.outcomes) {
      expect(o.findings.map((f) => `${o.relPath}:${f.line} ${f.change}`)).toEqual([]);
      expect(o.after ?? o.before).toBe(o.before);
    }
  });
});
