import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A renamed mode used by its enum member (`InterviewMode.COMPLAINT`, `InterviewMode::Complaint`) while a file of the run
 * gives that member the old wire value as a literal (the case's annotation, an arm of a match): the value is rewritten
 * there, so each use is an automatic site that needs no edit (the JS engine's note); the file stays byte-identical, and
 * once the definition is migrated the uses say nothing. Another thing's mode enum (`TicketMode.COMPLAINT`) stays unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const outcome = (r: Awaited<ReturnType<typeof scanProject>>, file: string) => r.outcomes.find((o) => o.relPath === file)!;

describe('uses of a renamed mode by its enum member', () => {
  it('Java: a service and a test use InterviewMode.COMPLAINT; a helpdesk TicketMode.COMPLAINT stays', async () => {
    writeTree(dir, {
      'sc/InterviewMode.java': [
        'package sc;',
        '',
        'public enum InterviewMode {',
        '    @SerializedName("complaint") COMPLAINT,',
        '    @SerializedName("protocol") PROTOCOL',
        '}',
        '',
      ].join('\n'),
      'desk/TicketMode.java': ['package desk;', '', 'public enum TicketMode {', '    @SerializedName("complaint") COMPLAINT,', '    @SerializedName("praise") PRAISE', '}', ''].join('\n'),
      'sc/Flow.java': [
        'package sc;',
        '',
        'public class Flow {',
        '    private final Api api;',
        '',
        '    public void restart(String token) {',
        '        api.updateMode(token, InterviewMode.COMPLAINT);',
        '    }',
        '',
        '    public boolean collecting(Interview interview) {',
        '        return interview.getMode() == InterviewMode.COMPLAINT;',
        '    }',
        '',
        '    public void ticket(Desk desk) {',
        '        desk.open(TicketMode.COMPLAINT);',
        '    }',
        '}',
        '',
      ].join('\n'),
      'sc/Api.java': [
        'package sc;',
        '',
        'public interface Api {',
        '    @PUT("https://www.buoyhealth.com/api/interviews/{token}/")',
        '    Call<Interview> updateMode(@Path("token") String token, @Body InterviewMode mode);',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'sc/Flow.java')).toEqual(['11 mode-complaint-renamed-input', '7 mode-complaint-renamed-input']);
    const flow = outcome(r, 'sc/Flow.java');
    expect(flow.findings.every((f) => f.fix === 'auto' && f.replacement === 'InterviewMode.COMPLAINT' && f.definedAt === 'InterviewMode.java:4')).toBe(true);
    expect(flow.after).toBe(flow.before);
    expect(sites(r, 'desk/TicketMode.java')).toEqual([]);
    // Once the enum says 'input', the member's uses say nothing more.
    writeTree(dir, { 'sc/InterviewMode.java': outcome(r, 'sc/InterviewMode.java').after });
    expect(sites(await scanProject(dir), 'sc/Flow.java')).toEqual([]);
  });

  it('Rust: a CLI and a test pass InterviewMode::Complaint to the mode update; a desk TicketMode::Complaint stays', async () => {
    writeTree(dir, {
      'src/api.rs': [
        'const BASE: &str = "https://www.buoyhealth.com/api/";',
        '',
        'pub enum InterviewMode {',
        '    Complaint,',
        '    Protocol,',
        '}',
        '',
        'impl InterviewMode {',
        '    pub fn as_str(&self) -> &str {',
        '        match self {',
        '            InterviewMode::Complaint => "complaint",',
        '            InterviewMode::Protocol => "protocol",',
        '        }',
        '    }',
        '}',
        '',
        'pub enum TicketMode {',
        '    Complaint,',
        '    Praise,',
        '}',
        '',
        'impl Api {',
        '    pub async fn set_mode(&self, token: &str, mode: InterviewMode) -> Result<(), Error> {',
        '        self.http.put(format!("{}interviews/{}/", BASE, token)).json(&json!({ "mode": mode.as_str() })).send().await?;',
        '        Ok(())',
        '    }',
        '}',
        '',
      ].join('\n'),
      'src/main.rs': [
        'async fn restart(api: &Api, desk: &Desk, token: &str) {',
        '    api.set_mode(token, InterviewMode::Complaint).await.unwrap();',
        '    desk.open(TicketMode::Complaint).await.unwrap();',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'src/main.rs')).toEqual(['2 mode-complaint-renamed-input']);
    const main = outcome(r, 'src/main.rs');
    expect(main.after).toBe(main.before);
    // Once the arm says 'input', the member's uses say nothing more.
    writeTree(dir, { 'src/api.rs': outcome(r, 'src/api.rs').after });
    expect(sites(await scanProject(dir), 'src/main.rs')).toEqual([]);
  });
});

describe("a mode enum's own members by their bare names", () => {
  it("Kotlin: `val START = COMPLAINT` and `val LAST = TRIAGE` in the mode enum's companion; a ticket mode enum's stay", async () => {
    const enumOf = (name: string) => [
      `enum class ${name}(@get:JsonValue val wire: String) {`,
      '    COMPLAINT("complaint"),',
      '    TRIAGE("triage");',
      '',
      '    companion object {',
      '        val START = COMPLAINT',
      '        val LAST = TRIAGE',
      '    }',
      '}',
      '',
    ].join('\n');
    const client = ['class Client(private val web: WebClient) {', '    fun setMode(token: String, mode: InterviewMode, t: TicketMode) = web.put().uri("https://www.buoyhealth.com/api/interviews/$token/").bodyValue(mapOf("mode" to mode.wire))', '}', ''].join('\n');
    writeTree(dir, { 'src/InterviewMode.kt': enumOf('InterviewMode'), 'src/TicketMode.kt': enumOf('TicketMode'), 'src/Client.kt': client });
    const r = await scanProject(dir);
    expect(sites(r, 'src/InterviewMode.kt')).toEqual(['2 mode-complaint-renamed-input', '3 mode-safe-triage-removed', '6 mode-complaint-renamed-input', '7 mode-safe-triage-removed']);
    expect(outcome(r, 'src/InterviewMode.kt').findings.filter((f) => f.line === 6).map((f) => f.fix)).toEqual(['auto']);
    expect(sites(r, 'src/TicketMode.kt')).toEqual([]);
  });
});
