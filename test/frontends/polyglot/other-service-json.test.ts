import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * JSON written in a string (json.ts) in a test of another service's client: the method's capitalised name
 * (`FileComplaint`) on a receiver is no model of the API's, and a test that names another service's address reads no
 * key by name. The API's own test of the same shape is still reported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('JSON text in a test of another service', () => {
  it('C#: a support desk client whose method is named for a complaint, beside the API client', async () => {
    const client = [
      'namespace Care',
      '{',
      '    public class CareApi',
      '    {',
      '        private const string Base = "https://sandbox.buoyhealth.com/api/";',
      '        private readonly ITransport _http;',
      '        public CareApi(ITransport http) { _http = http; }',
      '',
      '        public string AddComplaint(string token, string text, string note)',
      '        {',
      '            var body = "{\\"text\\":\\"" + text + "\\",\\"extra\\":\\"" + note + "\\"}";',
      '            return _http.Post(Base + "interviews/" + token + "/complaints/", body);',
      '        }',
      '    }',
      '',
      '    public class SupportDesk',
      '    {',
      '        private readonly ITransport _http;',
      '        private readonly string _root;',
      '        public SupportDesk(ITransport http, string root) { _http = http; _root = root; }',
      '',
      '        public string FileComplaint(string subject, string note)',
      '        {',
      '            return _http.Post(_root + "cases/", "{\\"subject\\":\\"" + subject + "\\",\\"extra\\":\\"" + note + "\\"}");',
      '        }',
      '    }',
      '}',
    ].join('\n');
    const tests = [
      'using NUnit.Framework;',
      '',
      'namespace Care.Tests',
      '{',
      '    public class SupportDeskTests',
      '    {',
      '        private const string DeskRoot = "https://support.example.org/api/";',
      '',
      '        [Test]',
      '        public void FileComplaint_SendsTheNote()',
      '        {',
      '            var http = new RecordingTransport();',
      '            new SupportDesk(http, DeskRoot).FileComplaint("Login", "order 7");',
      '            Assert.AreEqual("{\\"subject\\":\\"Login\\",\\"extra\\":\\"order 7\\"}", http.LastBody);',
      '        }',
      '    }',
      '',
      '    public class CareApiTests',
      '    {',
      '        private const string Sandbox = "https://sandbox.buoyhealth.com/api/";',
      '',
      '        [Test]',
      '        public void FileComplaint_SendsTheNote()',
      '        {',
      '            var http = new RecordingTransport();',
      '            var api = new CareApi(http);',
      '            api.AddComplaint("i-1", "headache", "two days");',
      '            Assert.AreEqual("{\\"text\\":\\"headache\\",\\"extra\\":\\"two days\\"}", http.LastBody);',
      '        }',
      '    }',
      '}',
    ].join('\n');
    writeTree(dir, { 'Client/CareApi.cs': client, 'Tests/SupportDeskTests.cs': tests });
    const r = await scanProject(dir);
    expect(sites(r, 'Tests/SupportDeskTests.cs')).toEqual(['20 base-url', '28 complaint-extra-removed']);
  });
});
