import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * An object is what its type says, not what the values it holds say: a helpdesk ticket whose mode is the desk's own
 * `Complaint` constant, set in a C# object initializer or as a Python keyword argument, is no complaint of the API,
 * so its `extra` is the desk's (found by blind apps, batch18 csharp-refit-minimal and batch19 python-fastapi-aiohttp).
 * A complaint request of the API built the same way keeps its finding.
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

describe('keyword arguments of a constructor call', () => {
  const models = [
    'from dataclasses import dataclass',
    '',
    'BASE = "https://sandbox.buoyhealth.com/api/"',
    '',
    '',
    '@dataclass',
    'class Complaint:',
    '    text: str',
    '    extra: str',
    '',
    '',
    'async def add_complaint(session, complaint: Complaint):',
    '    async with session.post(BASE + "complaints/", json=complaint.__dict__) as r:',
    '        return await r.json()',
  ].join('\n');
  const tasks = (call: string) =>
    [
      'from .helpdesk import Ticket, TicketMode',
      'from .models import Complaint, add_complaint',
      '',
      '',
      'async def follow_up(session, result_token: str, text: str):',
      `    item = ${call}(`,
      '        text=text,',
      '        mode=TicketMode.COMPLAINT,',
      '        extra={"result": result_token},',
      '    )',
      '    return item',
    ].join('\n');

  it("Python: a desk Ticket whose mode is the desk's COMPLAINT keeps its extra unreported", async () => {
    writeTree(dir, { 'app/models.py': models, 'app/tasks.py': tasks('Ticket') });
    const r = await scanProject(dir);
    expect(sites(r, 'app/models.py')).toContain('9 complaint-extra-removed');
    expect(sites(r, 'app/tasks.py')).toEqual([]);
  });

  it("Python: the API's Complaint built with keyword arguments still reports extra", async () => {
    writeTree(dir, { 'app/models.py': models, 'app/tasks.py': tasks('Complaint').replace('        mode=TicketMode.COMPLAINT,\n', '') });
    const r = await scanProject(dir);
    expect(sites(r, 'app/tasks.py')).toEqual(['8 complaint-extra-removed']);
  });
});
