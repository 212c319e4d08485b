import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * JSON written across string literals joined with `+` (a stub too long for one line) is read as one text; the
 * same stub for a helpdesk's path stays unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('JSON split over joined literals', () => {
  it("Java: a stubbed question list's removed key in the second literal; a desk stub of the same shape is not", async () => {
    writeTree(dir, {
      'src/test/java/clinic/QuestionsTest.java': [
        'class QuestionsTest {',
        '    void stubsQuestions() {',
        '        server.stub("https://www.buoyhealth.com/api/questions/", "[{\\"token\\": \\"q-7\\", "',
        '                + "\\"options\\": [{\\"token\\": \\"a\\", \\"preselected\\": true}]}]");',
        '    }',
        '    void stubsDesk() {',
        '        server.stub("https://desk.example.org/api/forms/", "[{\\"token\\": \\"f-1\\", "',
        '                + "\\"options\\": [{\\"token\\": \\"a\\", \\"preselected\\": true}]}]");',
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'src/test/java/clinic/QuestionsTest.java')).toEqual(['3 base-url', '4 question-preselected-removed']);
  });

  it("C#: a verbatim string's doubled quotes (`@\"{ \"\"extra\"\": … }\"`) in a WireMock stub; the desk's stub is not", async () => {
    writeTree(dir, {
      'Clinic.Tests/ResultStubTests.cs': [
        'public class ResultStubTests',
        '{',
        '    [Test]',
        '    public async Task ReadsResult()',
        '    {',
        '        server.Given(Request.Create().WithPath("/api/results/r-1/")).RespondWith(Response.Create().WithBody(@"{',
        '            ""token"": ""r-1"",',
        '            ""advice"": [""Rest""],',
        '            ""triage_explanation"": { ""potential_condition"": { ""triage"": { ""level"": ""self_care"" } } }',
        '        }"));',
        '        var result = await client.GetFromJsonAsync<Result>("https://www.buoyhealth.com/api/results/r-1/");',
        '    }',
        '    [Test]',
        '    public async Task ReadsDeskReply()',
        '    {',
        '        server.Given(Request.Create().WithPath("/api/replies/7/")).RespondWith(Response.Create().WithBody(@"{ ""advice"": [""Restart""], ""extra"": ""x"", ""mode"": ""complaint"" }"));',
        '        var reply = await client.GetFromJsonAsync<Reply>("https://help.example.com/api/replies/7/");',
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'Clinic.Tests/ResultStubTests.cs')).toEqual(['11 base-url', '8 result-advice-test-removed', '9 potential-condition-triage-removed']);
  });
});
