import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A C# object initializer is what its type says, not what its members hold: a helpdesk ticket whose `Mode` is the
 * desk's own `Complaint` constant is no complaint of the API, so its `Extra` is the desk's (found by a blind app,
 * batch18 csharp-refit-minimal). A complaint request of the API built the same way keeps its finding.
 */
let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const interview = [
  'using System.Text.Json.Serialization;',
  '',
  'namespace Clinic.Checker.Models',
  '{',
  '    public class Interview',
  '    {',
  '        [JsonPropertyName("token")]',
  '        public string Token { get; set; }',
  '        [JsonPropertyName("interview_mode")]',
  '        public bool? InterviewMode { get; set; }',
  '    }',
  '',
  '    public class ComplaintRequest',
  '    {',
  '        [JsonPropertyName("extra")]',
  '        public string Extra { get; set; }',
  '    }',
  '}',
].join('\n');

const client = [
  'using System.Net.Http;',
  'using System.Net.Http.Json;',
  'using System.Threading.Tasks;',
  'using Clinic.Checker.Models;',
  '',
  'namespace Clinic.Checker',
  '{',
  '    public class CheckerClient',
  '    {',
  '        private const string Base = "https://www.buoyhealth.com/api/";',
  '        private readonly HttpClient _http = new HttpClient();',
  '',
  '        public Task<HttpResponseMessage> AddComplaint(ComplaintRequest body) => _http.PostAsJsonAsync(Base + "complaints/", body);',
  '    }',
  '}',
].join('\n');

const forwarder = (type: string, mode: string) =>
  [
    'using System.Collections.Generic;',
    'using System.Net;',
    '',
    'namespace Clinic.Desk',
    '{',
    '    public class Forwarder',
    '    {',
    '        public void Send(FeedbackItem item)',
    '        {',
    `            var request = new ${type}`,
    '            {',
    `                ${mode}`,
    '                Extra = new Dictionary<string, string> { ["interview"] = item.InterviewToken },',
    '            };',
    '            _logger.LogInformation("Queued feedback for interview {Interview}", item.InterviewToken);',
    '            _desk.Create(request);',
    '        }',
    '    }',
    '}',
  ].join('\n');

describe('members of an object initializer', () => {
  it("C#: a desk ticket whose mode is the desk's Complaint constant keeps its Extra unreported", async () => {
    writeTree(dir, {
      'Checker/Models.cs': interview,
      'Checker/Client.cs': client,
      'Desk/Forwarder.cs': forwarder('TicketRequest', 'Mode = item.IsPraise ? DeskModes.Praise : DeskModes.Complaint,'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'Checker/Models.cs')).toContain('15 complaint-extra-removed');
    expect(sites(r, 'Desk/Forwarder.cs')).toEqual([]);
  });

  it("C#: the API's complaint request built in an initializer still reports Extra", async () => {
    writeTree(dir, {
      'Checker/Models.cs': interview,
      'Checker/Client.cs': client,
      'Desk/Forwarder.cs': forwarder('ComplaintRequest', ''),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'Desk/Forwarder.cs')).toEqual(['13 complaint-extra-removed']);
  });
});
