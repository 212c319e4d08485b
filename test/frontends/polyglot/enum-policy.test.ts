import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * C# mode enums written on the wire by a converter with a naming policy (`new StringEnumConverter(new
 * CamelCaseNamingStrategy())` in another file of the run): `Complaint`, `Safe` are the modes `complaint`, `safe`, in
 * their declaration and their uses. A helpdesk's `TicketMode.Complaint` stays, and so does a mode enum no policy names.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const models = [
  'namespace Clinic.Models;',
  'public enum InterviewMode',
  '{',
  '    Complaint,',
  '    Safe,',
  '    Protocol',
  '}',
  'public enum TicketMode { Complaint, Praise }',
].join('\n');

const service = [
  'namespace Clinic.Services;',
  'public sealed class InterviewService',
  '{',
  '    private readonly HttpClient _http;',
  '    public InterviewService(HttpClient http) { _http = http; }',
  '    public Task<HttpResponseMessage> ChangeModeAsync(string token, InterviewMode mode) =>',
  '        _http.PutAsJsonAsync($"https://www.buoyhealth.com/api/interviews/{token}/", new { mode });',
  '    public Task<HttpResponseMessage> StartOverAsync(string token) => ChangeModeAsync(token, InterviewMode.Complaint);',
  '    public Task<HttpResponseMessage> QuickCheckAsync(string token) => ChangeModeAsync(token, InterviewMode.Safe);',
  '    public TicketMode DeskMode() => TicketMode.Complaint;',
  '}',
].join('\n');

describe('mode enums under a naming policy', () => {
  it('C# with Newtonsoft (ASP.NET Core MVC): the enum members and their uses; the desk enum stays', async () => {
    writeTree(dir, {
      'Clinic/Models/Modes.cs': models,
      'Clinic/Services/InterviewService.cs': service,
      'Clinic/Startup.cs': [
        'namespace Clinic;',
        'public class Startup',
        '{',
        '    public void ConfigureServices(IServiceCollection services) =>',
        '        services.AddControllers().AddNewtonsoftJson(o => o.SerializerSettings.Converters.Add(new StringEnumConverter(new CamelCaseNamingStrategy())));',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'Clinic/Models/Modes.cs')).toEqual(['4 mode-complaint-renamed-input', '5 mode-safe-triage-removed']);
    expect(sites(r, 'Clinic/Services/InterviewService.cs')).toEqual(['7 base-url', '8 mode-complaint-renamed-input', '9 mode-safe-triage-removed']);
  });

  it('C# without a naming policy: the members say nothing of their wire values', async () => {
    writeTree(dir, { 'Clinic/Models/Modes.cs': models, 'Clinic/Services/InterviewService.cs': service });
    const r = await scanProject(dir);
    expect(sites(r, 'Clinic/Models/Modes.cs')).toEqual([]);
    expect(sites(r, 'Clinic/Services/InterviewService.cs')).toEqual(['7 base-url', '9 mode-safe-triage-removed']);
  });

  it("C#: a constant class's member of the same name (`InterviewModes.Complaint = \"input\"`, already migrated) in another project of the run is not one of the policy's cases", async () => {
    writeTree(dir, {
      'Clinic/Models/Modes.cs': models,
      'Clinic/Services/InterviewService.cs': service,
      'Clinic/Startup.cs': 'namespace Clinic;\npublic class Startup { void C(IServiceCollection s) => s.AddControllers().AddJsonOptions(o => o.JsonSerializerOptions.Converters.Add(new JsonStringEnumConverter(JsonNamingPolicy.CamelCase))); }',
      'Kiosk/InterviewModes.cs': ['namespace Kiosk;', 'public static class InterviewModes', '{', '    public const string Complaint = "input";', '}'].join('\n'),
      'Kiosk/Sessions.cs': [
        'namespace Kiosk;',
        'public sealed class Sessions',
        '{',
        '    private readonly HttpClient _http;',
        '    public Task<HttpResponseMessage> SetModeAsync(string token, string mode) =>',
        '        _http.PutAsJsonAsync($"https://api.buoyhealth.com/symptom-checker/v2/interviews/{token}/", new { mode });',
        '    public Task<HttpResponseMessage> RestartAsync(string token) => SetModeAsync(token, InterviewModes.Complaint);',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'Clinic/Services/InterviewService.cs')).toEqual(['7 base-url', '8 mode-complaint-renamed-input', '9 mode-safe-triage-removed']);
    expect(sites(r, 'Kiosk/Sessions.cs')).toEqual([]);
  });
});

