import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * An interface's bodiless method (`Task<Complaint> SubmitComplaintAsync(string text, string? extra);`) is the
 * endpoint its implementations are: its parameter named for a removed field is a site, and so are the callers that
 * hold only the interface. A helpdesk's interface of the same shape stays unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('endpoints declared by an interface', () => {
  it('C#: a service interface, its HttpClient implementation and a caller that injects the interface', async () => {
    writeTree(dir, {
      'Clinic/IComplaintService.cs': [
        'namespace Clinic;',
        'public interface IComplaintService',
        '{',
        '    Task<Complaint> SubmitComplaintAsync(string interviewToken, string text, string? extra);',
        '}',
      ].join('\n'),
      'Clinic/ComplaintService.cs': [
        'namespace Clinic;',
        'public sealed class ComplaintService : IComplaintService',
        '{',
        '    private readonly HttpClient _http;',
        '    public ComplaintService(HttpClient http) { _http = http; }',
        '    public async Task<Complaint> SubmitComplaintAsync(string interviewToken, string text, string? extra)',
        '    {',
        '        var response = await _http.PostAsJsonAsync("https://www.buoyhealth.com/api/complaints/", new { interview = interviewToken, text, extra });',
        '        return (await response.Content.ReadFromJsonAsync<Complaint>())!;',
        '    }',
        '}',
      ].join('\n'),
      'Clinic/IntakeController.cs': [
        'namespace Clinic;',
        'public sealed class IntakeController',
        '{',
        '    private readonly IComplaintService _complaints;',
        '    public IntakeController(IComplaintService complaints) { _complaints = complaints; }',
        '    public Task<Complaint> Post(IntakeForm form) =>',
        '        _complaints.SubmitComplaintAsync(form.Token, form.Text, form.Note);',
        '}',
      ].join('\n'),
      'Desk/ITicketService.cs': [
        'namespace Desk;',
        'public interface ITicketService',
        '{',
        '    Task<Ticket> OpenTicketAsync(string subject, string? extra);',
        '}',
        'public sealed class TicketService : ITicketService',
        '{',
        '    private readonly HttpClient _http;',
        '    public TicketService(HttpClient http) { _http = http; }',
        '    public async Task<Ticket> OpenTicketAsync(string subject, string? extra)',
        '    {',
        '        var response = await _http.PostAsJsonAsync("https://help.example.com/api/tickets/", new { subject, extra, mode = "complaint" });',
        '        return (await response.Content.ReadFromJsonAsync<Ticket>())!;',
        '    }',
        '}',
        'public sealed class TicketPage',
        '{',
        '    private readonly ITicketService _tickets;',
        '    public TicketPage(ITicketService tickets) { _tickets = tickets; }',
        '    public Task<Ticket> Send(string subject, string note) => _tickets.OpenTicketAsync(subject, note);',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'Clinic/IComplaintService.cs')).toEqual(['4 complaint-extra-removed']);
    expect(sites(r, 'Clinic/IntakeController.cs')).toEqual(['7 complaint-extra-removed']);
    expect(sites(r, 'Desk/ITicketService.cs')).toEqual([]);
  });

  it('Java: an interface implemented over an HTTP helper, called through the interface', async () => {
    writeTree(dir, {
      'src/clinic/ComplaintApi.java': ['package clinic;', 'public interface ComplaintApi {', '    Complaint submitComplaint(String interviewToken, String text, String extra);', '}'].join('\n'),
      'src/clinic/HttpComplaintApi.java': [
        'package clinic;',
        'public final class HttpComplaintApi implements ComplaintApi {',
        '    private final JsonHttp http;',
        '    public HttpComplaintApi(JsonHttp http) { this.http = http; }',
        '    public Complaint submitComplaint(String interviewToken, String text, String extra) {',
        '        return http.post("https://www.buoyhealth.com/api/complaints/", Map.of("interview", interviewToken, "text", text, "extra", extra), Complaint.class);',
        '    }',
        '}',
      ].join('\n'),
      'src/clinic/ComplaintScreen.java': [
        'package clinic;',
        'public final class ComplaintScreen {',
        '    private final ComplaintApi api;',
        '    public ComplaintScreen(ComplaintApi api) { this.api = api; }',
        '    public Complaint send(String token, String text, String note) {',
        '        return api.submitComplaint(token, text, note);',
        '    }',
        '}',
      ].join('\n'),
      'src/desk/TicketApi.java': [
        'package desk;',
        'public interface TicketApi {',
        '    Ticket openTicket(String subject, String extra);',
        '}',
        'final class HttpTicketApi implements TicketApi {',
        '    private final JsonHttp http;',
        '    HttpTicketApi(JsonHttp http) { this.http = http; }',
        '    public Ticket openTicket(String subject, String extra) {',
        '        return http.post("https://help.example.com/api/tickets/", Map.of("subject", subject, "extra", extra), Ticket.class);',
        '    }',
        '}',
        'final class TicketScreen {',
        '    private final TicketApi api;',
        '    TicketScreen(TicketApi api) { this.api = api; }',
        '    Ticket send(String subject, String note) { return api.openTicket(subject, note); }',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'src/clinic/ComplaintApi.java')).toEqual(['3 complaint-extra-removed']);
    expect(sites(r, 'src/clinic/ComplaintScreen.java')).toEqual(['6 complaint-extra-removed']);
    expect(sites(r, 'src/desk/TicketApi.java')).toEqual([]);
  });
});
