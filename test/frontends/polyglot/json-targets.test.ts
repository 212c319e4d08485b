import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * JSON text whose resource the call it is handed to says (json.ts resourceOfCall): the type it is read into
 * (`JsonUtility.FromJson<InterviewUpdateResponse>(@"…")`, `mapper.readValue(json, Result.class)`), or, for an
 * assertion on text, the one model the other argument was built from (`StringAssert.Contains("\"extra\":…", complaint)`
 * in a test that builds a complaint and an intent). Another thing's type or model says nothing.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const models = [
  'namespace Demo',
  '{',
  '    [System.Serializable] public class InterviewUpdateResponse { public string mode; public string msg; }',
  '    [System.Serializable] public class ComplaintRequest { public string interview; public string text; public string extra; }',
  '    [System.Serializable] public class IntentRequest { public string interview; public string intent; public string detail; }',
  '    [System.Serializable] public class TicketUpdate { public string mode; public string msg; }',
  '    [System.Serializable] public class TicketRequest { public string text; public string extra; }',
  '    public static class Api { public const string Base = "https://www.buoyhealth.com/api/"; }',
  '}',
].join('\n');

const tests = (update: string, complaint: string) => [
  'namespace Demo.Tests',
  '{',
  '    public class ParsingTests',
  '    {',
  '        [Test]',
  '        public void ParsesUpdate()',
  '        {',
  `            var body = JsonUtility.FromJson<${update}>(@"{ ""mode"": ""triage"", ""msg"": ""Done."" }");`,
  '            Assert.AreEqual("Done.", body.msg);',
  '        }',
  '',
  '        [Test]',
  '        public void Bodies()',
  '        {',
  `            var complaint = JsonUtility.ToJson(new ${complaint} { text = "sore throat", extra = "3 days" });`,
  '            StringAssert.Contains("\\"extra\\":\\"3 days\\"", complaint);',
  '            var intent = JsonUtility.ToJson(new IntentRequest { intent = "care", detail = "urgent" });',
  '            StringAssert.Contains("\\"detail\\":\\"urgent\\"", intent);',
  '        }',
  '    }',
  '}',
].join('\n');

describe('JSON text read for the type or the model its call names (C#)', () => {
  it('reads a FromJson<T> text as T\'s resource and an assertion\'s fragment as its argument\'s model', async () => {
    writeTree(dir, { 'Scripts/Models.cs': models, 'Tests/ParsingTests.cs': tests('InterviewUpdateResponse', 'ComplaintRequest') });
    const r = await scanProject(dir);
    expect(sites(r, 'Tests/ParsingTests.cs')).toEqual(expect.arrayContaining([
      '8 mode-safe-triage-removed', '8 update-msg-in-links', '16 complaint-extra-removed', '18 intent-detail-context-removed',
    ]));
  });

  it('leaves another thing\'s type and model', async () => {
    writeTree(dir, { 'Scripts/Models.cs': models, 'Tests/ParsingTests.cs': tests('TicketUpdate', 'TicketRequest') });
    const r = await scanProject(dir);
    expect(sites(r, 'Tests/ParsingTests.cs').filter((s) => /^(8|16) /.test(s))).toEqual([]);
  });
});
