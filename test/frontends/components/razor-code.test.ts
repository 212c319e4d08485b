import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from '../polyglot/support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A Razor component's C# (its `@code` block, its directive attributes' handlers) read by the C# front-end with the
 * run's C# files: an argument passed to an endpoint's removed-field parameter, a removed mode passed by its enum
 * member. Reported only; a helpdesk component of the same shape stays unreported and byte-identical.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('Razor components read as C#', () => {
  it('Blazor Server: a component that injects concrete services', async () => {
    const intake = [
      '@page "/intake"',
      '@inject ComplaintService Complaints',
      '@inject InterviewService Interviews',
      '',
      '<InputText @bind-Value="Text" />',
      '<InputText @bind-Value="Note" />',
      '<button @onclick="() => Interviews.ChangeModeAsync(Token, InterviewMode.Safe)">Quick check</button>',
      '<button @onclick="SendAsync">Send</button>',
      '',
      '@code {',
      '    [Parameter] public string Token { get; set; } = "";',
      '    private string Text = "";',
      '    private string? Note;',
      '',
      '    private async Task SendAsync()',
      '    {',
      '        await Complaints.SubmitComplaintAsync(Token, Text, Note);',
      '    }',
      '}',
    ].join('\n');
    const desk = [
      '@page "/help"',
      '@inject TicketService Tickets',
      '',
      '<button @onclick="() => Tickets.SetModeAsync(TicketMode.Complaint)">Complain</button>',
      '<button @onclick="SendAsync">Send</button>',
      '',
      '@code {',
      '    private string Subject = "";',
      '    private string? Note;',
      '    private async Task SendAsync() => await Tickets.OpenTicketAsync(Subject, Note);',
      '}',
    ].join('\n');
    writeTree(dir, {
      'Services/ComplaintService.cs': [
        'public sealed class ComplaintService',
        '{',
        '    private readonly HttpClient _http;',
        '    public ComplaintService(HttpClient http) { _http = http; }',
        '    public Task<HttpResponseMessage> SubmitComplaintAsync(string interview, string text, string? extra) =>',
        '        _http.PostAsJsonAsync("https://www.buoyhealth.com/api/complaints/", new { interview, text, extra });',
        '}',
        'public enum InterviewMode { Complaint, Safe, Protocol }',
        'public sealed class InterviewService',
        '{',
        '    private readonly HttpClient _http;',
        '    public InterviewService(HttpClient http) { _http = http; }',
        '    public Task<HttpResponseMessage> ChangeModeAsync(string token, InterviewMode mode) =>',
        '        _http.PutAsJsonAsync($"https://www.buoyhealth.com/api/interviews/{token}/", new { mode });',
        '}',
      ].join('\n'),
      'Services/TicketService.cs': [
        'public enum TicketMode { Complaint, Praise }',
        'public sealed class TicketService',
        '{',
        '    private readonly HttpClient _http;',
        '    public TicketService(HttpClient http) { _http = http; }',
        '    public Task<HttpResponseMessage> OpenTicketAsync(string subject, string? extra) =>',
        '        _http.PostAsJsonAsync("https://help.example.com/api/tickets/", new { subject, extra });',
        '    public Task<HttpResponseMessage> SetModeAsync(TicketMode mode) =>',
        '        _http.PutAsJsonAsync("https://help.example.com/api/tickets/mode/", new { mode });',
        '}',
      ].join('\n'),
      'Pages/Intake.razor': intake,
      'Pages/Help.razor': desk,
    });
    const r = await scanProject(dir);
    expect(sites(r, 'Pages/Intake.razor')).toEqual(['17 complaint-extra-removed', '7 mode-safe-triage-removed']);
    expect(r.outcomes.find((o) => o.relPath === 'Pages/Intake.razor')?.findings.every((f) => f.fix === 'manual')).toBe(true);
    expect(sites(r, 'Pages/Help.razor')).toEqual([]);
  });
});
