import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A body given to a request object built earlier in the function for a resource's path (`var request =
 * NewRequest(string.Format(Paths.Intent, t))` … `request.AddParameter(…, Serialize(body), …)`) is sent to that
 * resource; the same shape for a helpdesk's path stays unreported. A bean setter of a removed field on a model that is
 * sent (`request.setInterviewMode(true)`) is a site; a desk ticket's setter is not.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('a body given to a request built for a path', () => {
  it("C#: a dictionary initialiser's removed keys, through the request variable; a desk's request is not", async () => {
    writeTree(dir, {
      'Checker/Paths.cs': [
        'namespace Checker;',
        'internal static class Paths',
        '{',
        '    public const string Base = "https://www.buoyhealth.com/api/";',
        '    public const string Intent = "intents/{0}/";',
        '    public const string Ticket = "https://desk.example.org/api/tickets/{0}/";',
        '}',
      ].join('\n'),
      'Checker/Client.cs': [
        'namespace Checker;',
        'public class Client',
        '{',
        '    public async Task Rename(string token, string name, string note)',
        '    {',
        '        var request = NewRequest(string.Format(Paths.Intent, token), Method.Put);',
        '        var body = new Dictionary<string, object>',
        '        {',
        '            ["name"] = name,',
        '            ["detail"] = note,',
        '        };',
        '        request.AddParameter("application/json", JsonConvert.SerializeObject(body), ParameterType.RequestBody);',
        '        await _client.ExecuteAsync(request);',
        '    }',
        '',
        '    public async Task Note(string token, string note)',
        '    {',
        '        var request = NewRequest(string.Format(Paths.Ticket, token), Method.Put);',
        '        var body = new Dictionary<string, object> { ["detail"] = note, ["context"] = "desk" };',
        '        request.AddParameter("application/json", JsonConvert.SerializeObject(body), ParameterType.RequestBody);',
        '        await _client.ExecuteAsync(request);',
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'Checker/Client.cs')).toEqual(['10 intent-detail-context-removed']);
  });
  it("Java: bean setters of a removed field on a model that is sent (request.setInterviewMode(true)); a desk ticket's setter stays", async () => {
    writeTree(dir, {
      'sc/Interview.java': [
        'package sc;',
        '',
        'public class Interview {',
        '    @JsonProperty("interview_mode") private Boolean interviewMode;',
        '    @JsonProperty("profile") private Profile profile;',
        '    public void setInterviewMode(Boolean v) { this.interviewMode = v; }',
        '    public void setProfile(Profile p) { this.profile = p; }',
        '}',
        '',
      ].join('\n'),
      'sc/Client.java': [
        'package sc;',
        '',
        'public class Client {',
        '    public Mono<Interview> create(Profile profile) {',
        '        Interview request = new Interview();',
        '        request.setProfile(profile);',
        '        request.setInterviewMode(Boolean.TRUE);',
        '        return web.post().uri("https://www.buoyhealth.com/api/interviews/anonymous/").bodyValue(request).retrieve().bodyToMono(Interview.class);',
        '    }',
        '',
        '    public void ticket(Desk desk) {',
        '        Ticket t = new Ticket();',
        '        t.setInterviewMode(Boolean.TRUE);',
        '        t.setExtra("from the app");',
        '        desk.queue(t);',
        '    }',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'sc/Client.java')).toEqual(['7 interview-mode-flag-removed', '8 base-url']);
  });
});
