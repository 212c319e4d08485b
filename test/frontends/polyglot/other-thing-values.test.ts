import { describe, expect, it } from 'vitest';
import { scanProject, sites, tempProjectDir } from './support';
import { writeTree } from '../../cli/helpers';

/**
 * A helpdesk's code beside the API's client in one run: values of types named for another thing (a ticket, its
 * mode enum, its mode constants) are that thing's, whatever the API's client names alike (`COMPLAINT`, `extra`,
 * `202`). Each case has the API's own shape beside it, which stays a site.
 */

const dir = tempProjectDir();

describe('values of another thing beside the API client', () => {
  it('Java: `TicketMode.COMPLAINT` is no use of the client\'s `COMPLAINT` path; `ticket.setMode(…)` performs no mode update', async () => {
    const client = [
      'package portal.symptoms;',
      '',
      'public class SymptomCheckerClient {',
      '    static final String COMPLAINTS = "/complaints/";',
      '    static final String COMPLAINT = "/complaints/{token}/";',
      '    private final RestTemplate rest = new RestTemplateBuilder().rootUri("https://sandbox.buoyhealth.com/api").build();',
      '',
      '    public Complaint createComplaint(Complaint complaint) {',
      '        return rest.postForObject(COMPLAINTS, complaint, Complaint.class);',
      '    }',
      '}',
      '',
    ].join('\n');
    const complaint = ['package portal.symptoms;', '', 'public class Complaint {', '    @JsonProperty("text")', '    private String text;', '    @JsonProperty("extra")', '    private String extra;', '}', ''].join('\n');
    const desk = [
      'package portal.helpdesk;',
      '',
      'public class HelpdeskClient {',
      '    static final String TICKETS = "/tickets/";',
      '    private final RestTemplate rest;',
      '',
      '    public Ticket submit(String body) {',
      '        Ticket ticket = new Ticket();',
      '        ticket.setMode(TicketMode.COMPLAINT);',
      '        ticket.setExtra(Map.of("page", "start"));',
      '        ResponseEntity<Ticket> response = rest.postForEntity(TICKETS, ticket, Ticket.class);',
      '        if (response.getStatusCode() == HttpStatus.ACCEPTED) {',
      '            log.info("queued");',
      '        }',
      '        return response.getBody();',
      '    }',
      '',
      '    public Ticket complaint(String body) {',
      '        Ticket ticket = new Ticket();',
      '        ticket.setMode(TicketMode.COMPLAINT);',
      '        ticket.setExtra(Map.of("page", "feedback"));',
      '        return rest.postForObject(TICKETS, ticket, Ticket.class);',
      '    }',
      '}',
      '',
    ].join('\n');
    const ticket = ['package portal.helpdesk;', '', 'public class Ticket {', '    @JsonProperty("mode")', '    private TicketMode mode;', '    @JsonProperty("extra")', '    private Map<String, String> extra;', '}', ''].join('\n');
    writeTree(dir(), {
      'src/symptoms/SymptomCheckerClient.java': client,
      'src/symptoms/Complaint.java': complaint,
      'src/helpdesk/HelpdeskClient.java': desk,
      'src/helpdesk/Ticket.java': ticket,
    });
    const r = await scanProject(dir());
    expect(sites(r, 'src/helpdesk/HelpdeskClient.java')).toEqual([]);
    expect(sites(r, 'src/helpdesk/Ticket.java')).toEqual([]);
    expect(sites(r, 'src/symptoms/Complaint.java')).toContain('6 complaint-extra-removed');
  });

  it("C#: a mode constant of a ticket class with a `Mode` of its own stays; the API's mode constant is renamed", async () => {
    const settings = [
      'namespace App',
      '{',
      '    public static class AppSettings',
      '    {',
      '        public const string BaseUrl = "https://sandbox.buoyhealth.com/api/";',
      '        public const string InitialMode = "complaint";',
      '    }',
      '}',
      '',
    ].join('\n');
    const ticket = [
      'namespace SymptomChecker.Feedback',
      '{',
      '    public class FeedbackTicket',
      '    {',
      '        public const string ComplaintMode = "complaint";',
      '',
      '        [JsonProperty("mode")]',
      '        public string Mode { get; set; } = ComplaintMode;',
      '    }',
      '',
      '    public class FeedbackReceipt',
      '    {',
      '        [JsonProperty("advice")]',
      '        public string Advice { get; set; }',
      '    }',
      '}',
      '',
    ].join('\n');
    writeTree(dir(), { 'App/AppSettings.cs': settings, 'App/Feedback/FeedbackTicket.cs': ticket });
    const r = await scanProject(dir());
    expect(sites(r, 'App/Feedback/FeedbackTicket.cs')).toEqual([]);
    expect(sites(r, 'App/AppSettings.cs')).toEqual(['5 base-url', '6 mode-complaint-renamed-input']);
  });

  it("C#: a feedback view model with a `Mode` of its own compares its own mode; the interview view model's comparison is renamed", async () => {
    const feedback = [
      'namespace SymptomChecker.App.ViewModels;',
      '',
      'public partial class FeedbackViewModel : ObservableObject',
      '{',
      '    [ObservableProperty] private string mode;',
      '',
      '    private async Task SendAsync()',
      '    {',
      '        var ticket = new TicketRequest',
      '        {',
      '            Mode = Mode == "complaint" ? TicketModes.Complaint : Mode,',
      '        };',
      '        if (Mode == "complaint") Subject = "Complaint";',
      '    }',
      '}',
      '',
    ].join('\n');
    const interview = [
      'namespace SymptomChecker.App.ViewModels;',
      '',
      'public partial class InterviewViewModel : ObservableObject',
      '{',
      '    [ObservableProperty] private string mode;',
      '',
      '    public bool Started => Mode == "complaint";',
      '}',
      '',
    ].join('\n');
    writeTree(dir(), { 'App/ViewModels/FeedbackViewModel.cs': feedback, 'App/ViewModels/InterviewViewModel.cs': interview });
    const r = await scanProject(dir());
    expect(sites(r, 'App/ViewModels/FeedbackViewModel.cs')).toEqual([]);
    expect(sites(r, 'App/ViewModels/InterviewViewModel.cs')).toEqual(['7 mode-complaint-renamed-input']);
  });

  it("Rust: a helpdesk's `NewTicket { extra, .. }` in `file_complaint` is the ticket's; the API's `NewComplaint { extra }` stays a site", async () => {
    const models = [
      'use serde::{Deserialize, Serialize};',
      '',
      '#[derive(Serialize, Deserialize)]',
      '#[serde(rename_all = "snake_case")]',
      'pub enum InterviewMode {',
      '    Complaint,',
      '    Triage,',
      '}',
      '',
      '#[derive(Serialize)]',
      'pub struct NewComplaint {',
      '    pub interview: String,',
      '    pub text: String,',
      '    pub extra: Option<String>,',
      '}',
      '',
      '#[derive(Deserialize)]',
      'pub struct Question {',
      '    pub token: String,',
      '    pub triage_explanation: Option<serde_json::Value>,',
      '}',
      '',
    ].join('\n');
    const client = [
      'use crate::client::models::NewComplaint;',
      '',
      'pub async fn create_complaint(http: &reqwest::Client, interview: String, text: String, extra: Option<String>) -> reqwest::Result<reqwest::Response> {',
      '    let body = NewComplaint { interview, text, extra };',
      '    http.post("https://sandbox.buoyhealth.com/api/complaints/").json(&body).send().await',
      '}',
      '',
    ].join('\n');
    const desk = [
      'use serde::Serialize;',
      '',
      '#[derive(Serialize)]',
      '#[serde(rename_all = "snake_case")]',
      'pub enum TicketMode {',
      '    Complaint,',
      '    Question,',
      '}',
      '',
      '#[derive(Serialize)]',
      'pub struct NewTicket {',
      '    pub mode: TicketMode,',
      '    pub subject: String,',
      '    pub extra: Option<serde_json::Value>,',
      '}',
      '',
      '#[derive(Deserialize)]',
      'pub struct TicketReceipt {',
      '    pub id: Option<String>,',
      '    #[serde(default)]',
      '    pub advice: Option<String>,',
      '}',
      '',
      'pub struct HelpdeskClient {',
      '    http: reqwest::Client,',
      '    base_url: String,',
      '}',
      '',
      'impl HelpdeskClient {',
      '    pub async fn file_complaint(&self, subject: &str, extra: Option<serde_json::Value>) -> reqwest::Result<reqwest::Response> {',
      '        let ticket = NewTicket {',
      '            mode: TicketMode::Complaint,',
      '            subject: subject.to_string(),',
      '            extra,',
      '        };',
      '        self.http.post(format!("{}tickets/", self.base_url)).json(&ticket).send().await',
      '    }',
      '}',
      '',
    ].join('\n');
    writeTree(dir(), { 'src/client/models.rs': models, 'src/client/mod.rs': client, 'src/helpdesk.rs': desk });
    const r = await scanProject(dir());
    expect(sites(r, 'src/helpdesk.rs')).toEqual([]);
    // The API's `create_complaint(…, extra: Option<String>)`: its parameter goes with the field (endpoint-args.ts).
    expect(sites(r, 'src/client/mod.rs')).toEqual(['3 complaint-extra-removed', '4 complaint-extra-removed', '5 base-url']);
  });
});
