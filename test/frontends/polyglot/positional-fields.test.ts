import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A removed field given a value by position to a model's constructor: a record's header, a data class's or a
 * positional record's parameters give the order. `null`/`nil` gives nothing and is left; another service's
 * model of the same shape stays unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('removed fields given by position', () => {
  it('Java: a record built with a value for a removed field is reported on the argument, a null is not; a desk record of the same shape is left', async () => {
    writeTree(dir, {
      'sc/NoteApi.java': ['interface NoteApi {', '    @POST("complaints/")', '    Mono<Note> send(@Body ComplaintBody body);', '}'].join('\n'),
      'sc/ComplaintBody.java': 'public record ComplaintBody(@JsonProperty("interview") String visit, @JsonProperty("text") String words, @JsonProperty("extra") Map<String, Object> more) {}',
      'sc/Note.java': 'public record Note(@JsonProperty("token") String token) {}',
      'sc/Notes.java': [
        'class Notes {',
        '    Mono<Note> tell(String visit, String words, String where) {',
        '        ComplaintBody a = new ComplaintBody(visit, words,',
        '                Map.of("where", where));',
        '        ComplaintBody b = new ComplaintBody(visit, words, null);',
        '        return api.send(a);',
        '    }',
        '}',
      ].join('\n'),
      'desk/Memo.java': 'public record Memo(@JsonProperty("text") String text, @JsonProperty("extra") Map<String, Object> extra) {}',
      'desk/Memos.java': 'class Memos {\n    void file(String t) { desk.post("/api/memos", new Memo(t, Map.of("queue", "complaint"))); }\n}\n',
    });
    const r = await scanProject(dir);
    expect(sites(r, 'sc/Notes.java')).toEqual(['4 complaint-extra-removed']);
    expect(sites(r, 'desk/Memos.java')).toEqual([]);
  });

  it("Kotlin and C#: a data class's or positional record's parameters give the order", async () => {
    writeTree(dir, {
      'kt/IntentApi.kt': ['interface IntentApi {', '    @POST("intents/")', '    suspend fun record(@Body body: IntentBody): Intent', '}'].join('\n'),
      'kt/IntentBody.kt': 'data class IntentBody(val interview: String, val name: String, val detail: String?, val context: Map<String, String>?)\ndata class Intent(val token: String)\n',
      'kt/Intents.kt': 'class Intents(private val api: IntentApi) {\n    suspend fun keep(t: String, why: String) = api.record(IntentBody(t, "keep", why, null))\n}\n',
      'cs/Client.cs': 'public class Client {\n    public Task<Update> Step(string t, bool guided) => http.PutAsJsonAsync($"interviews/{t}/", new ModeChange("protocol", guided));\n}\n',
      'cs/ModeChange.cs': 'public record ModeChange([property: JsonPropertyName("mode")] string Mode, [property: JsonPropertyName("interview_mode")] bool? Guided);\npublic record Update(string Token);\n',
    });
    const r = await scanProject(dir);
    expect(sites(r, 'kt/Intents.kt')).toEqual(['2 intent-detail-context-removed']);
    expect(sites(r, 'cs/Client.cs')).toEqual(['2 interview-mode-flag-removed']);
  });

  it("Java: a record's own factory (`static Complaint create(…, String extra)`) takes the removed field: its parameter and the argument callers give there are reported, a null is not; a desk record's factory stays", async () => {
    writeTree(dir, {
      'src/main/java/sc/Complaint.java': [
        'package sc;',
        '',
        'public record Complaint(@JsonProperty("token") String token, @JsonProperty("interview") String interview, @JsonProperty("text") String text, @JsonProperty("extra") String extra) {',
        '    public static Complaint create(String interview, String text, String extra) {',
        '        return new Complaint(null, interview, text, extra);',
        '    }',
        '}',
        '',
      ].join('\n'),
      'src/main/java/sc/Ticket.java': [
        'package sc;',
        '',
        'public record Ticket(String id, String subject, String extra) {',
        '    public static Ticket create(String subject, String extra) {',
        '        return new Ticket(null, subject, extra);',
        '    }',
        '}',
        '',
      ].join('\n'),
      'src/main/java/sc/Client.java': [
        'package sc;',
        '',
        'public class Client {',
        '    private static final String BASE = "https://www.buoyhealth.com/api/";',
        '',
        '    public Complaint add(String interview, String text, String note) {',
        '        return post(BASE + "complaints/", Complaint.create(interview, text, note), Complaint.class);',
        '    }',
        '',
        '    public Complaint addPlain(String interview, String text) {',
        '        return post(BASE + "complaints/", Complaint.create(interview, text, null), Complaint.class);',
        '    }',
        '',
        '    public Ticket file(String subject, String note) {',
        '        return post("https://desk.example.org/api/tickets/", Ticket.create(subject, note), Ticket.class);',
        '    }',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'src/main/java/sc/Complaint.java').filter((s) => s.startsWith('4 '))).toEqual(['4 complaint-extra-removed']);
    expect(sites(r, 'src/main/java/sc/Client.java')).toEqual(['4 base-url', '7 complaint-extra-removed']);
    expect(sites(r, 'src/main/java/sc/Ticket.java')).toEqual([]);
  });
});
