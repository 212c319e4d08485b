import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../catalogue';
import { defaultConfig } from '../../../config';
import { noProject } from '../../../codemods/engine/ties/project';
import { defaultFrontEnds } from '../../../lib/frontends';
import type { FrontEndOutput } from '../../../lib/types';

/**
 * Server pages of PHP and C# apps: Blade's echoes and directives, Razor's @expressions, control blocks and code,
 * read for removed fields; inline scripts through the JS engine, report-only where they hold template code.
 * Beside each page, a helpdesk page of the same shape that must stay byte-identical.
 */

const registry = defaultFrontEnds();
function run(file: string, source: string): FrontEndOutput {
  return registry.forFile(file).analyze({ source, filePath: file, config: defaultConfig, changes: catalogue, markers: true, project: noProject });
}
const report = (r: FrontEndOutput) => r.findings.map((f) => `${f.line} ${f.change} ${f.fix}`);

describe('Blade pages', () => {
  const page = [
    "@extends('layouts.main')",
    '@section(\'body\')',
    "  @if (!empty($result['advice']))",
    "    @foreach ($result['advice'] as $tip)",
    '      <p>{{ $tip }}</p>',
    '    @endforeach',
    '  @endif',
    "  @isset($result['test'])<span>{!! $result['test'] !!}</span>@endisset",
    '  <script>',
    '    const token = @json($token);',
    "    fetch('https://sandbox.buoyhealth.com/api/results/' + token + '/').then((r) => r.json());",
    '  </script>',
    '@endsection',
  ].join('\n');

  it('reads directive and echo expressions, and reports the inline script without rewriting it', () => {
    const r = run('resources/views/check/show.blade.php', page);
    expect(registry.forFile('resources/views/check/show.blade.php').id).toBe('blade');
    expect(report(r)).toEqual(['3 result-advice-test-removed manual', '4 result-advice-test-removed manual', '8 result-advice-test-removed manual', '8 result-advice-test-removed manual', '11 base-url manual']);
    expect(r.output).toContain("{{-- TODO(sc-migrate/result-advice-test-removed)");
    expect(r.output).toContain("fetch('https://sandbox.buoyhealth.com/api/results/'");
    expect(run('resources/views/check/show.blade.php', r.output).output).toBe(r.output);
  });

  it('a helpdesk page with advice, a complaint mode and another host\'s /api/ stays byte-identical', () => {
    const desk = [
      "@if (!empty($article['advice']))<p>{{ $article['advice'] }}</p>@endif",
      "@foreach ($ticket->modes as $mode)<option value=\"{{ $mode }}\" @selected($mode === 'complaint')>{{ $mode }}</option>@endforeach",
      "<script>fetch('https://desk.example.org/api/tickets/' + @json($id)).then((r) => r.status === 202);</script>",
    ].join('\n');
    const r = run('resources/views/desk/ticket.blade.php', desk);
    expect(report(r)).toEqual([]);
    expect(r.output).toBe(desk);
  });
});

describe('Razor pages', () => {
  it('reads @expressions, @if/@foreach conditions and @{ } code with PascalCase names as the JSON keys', () => {
    const page = [
      '@page "{token}"',
      '@model Clinic.Pages.Check.OutcomeModel',
      '@{',
      '    var condition = Model.Result.TriageExplanation?.PotentialCondition;',
      '}',
      '@if (Model.Result.Advice is not null)',
      '{',
      '    <p>@Model.Result.Advice</p>',
      '}',
      '<p>@condition?.Triage</p>',
      '@foreach (var t in Model.Result.Test)',
      '{',
      '    <li>@t</li>',
      '}',
      '<script>var token = "@Model.Token"; fetch("https://www.buoyhealth.com/api/results/" + token + "/");</script>',
    ].join('\n');
    const r = run('Pages/Check/Outcome.cshtml', page);
    expect(registry.forFile('Pages/Check/Outcome.cshtml').id).toBe('razor');
    expect(report(r)).toEqual([
      '6 result-advice-test-removed manual',
      '8 result-advice-test-removed manual',
      '10 potential-condition-triage-removed manual',
      '11 result-advice-test-removed manual',
      '15 base-url manual',
    ]);
    expect(r.output).toContain('@* TODO(sc-migrate/result-advice-test-removed)');
    expect(run('Pages/Check/Outcome.cshtml', r.output).output).toBe(r.output);
  });

  it('a helpdesk page with Advice, Extra, a complaint mode and another host stays byte-identical', () => {
    const desk = [
      '@model Desk.Pages.TicketModel',
      '@if (Model.Article.Advice is not null) { <p>@Model.Article.Advice</p> }',
      '<p>@Model.Ticket.Extra</p>',
      '@if (Model.Ticket.Mode == "complaint") { <b>complaint</b> }',
      '<script>fetch("https://desk.example.org/api/tickets/@Model.Ticket.Id").then(r => r.status === 202);</script>',
    ].join('\n');
    const r = run('Pages/Desk/Ticket.cshtml', desk);
    expect(report(r)).toEqual([]);
    expect(r.output).toBe(desk);
  });
});

describe('Razor pages typed by one of the API\'s models', () => {
  it("`@model App.Models.ResultDto`: `@Model.Advice` and `Model.Test` read the result's fields; a ticket page's `@Model.Advice` stays", () => {
    const page = ['@model App.Models.ResultDto', '<p>@Model.Advice</p>', '@if (Model.Test != null)', '{', '    <p>@Model.Triage.Label</p>', '}'].join('\n');
    expect(report(run('Views/Interview/Result.cshtml', page))).toEqual(['2 result-advice-test-removed manual', '3 result-advice-test-removed manual']);
    const desk = ['@model App.Models.TicketDto', '<p>@Model.Advice</p>', '@if (Model.Test != null) { <b>@Model.Extra</b> }'].join('\n');
    const r = run('Views/Desk/Ticket.cshtml', desk);
    expect(report(r)).toEqual([]);
    expect(r.output).toBe(desk);
  });
});

describe('interview modes offered in a form', () => {
  it('ERB select helpers and HTML selects named after the mode field: each v1 mode offered is a site', () => {
    const erb = [
      '<%= form_with model: visit do |f| %>',
      '  <%= f.select :mode, options_for_select([["Tell us", "complaint"], ["Screen", "safe"], ["Next", "input"]]) %>',
      '<% end %>',
    ].join('\n');
    const r = run('app/views/visits/_switch.html.erb', erb);
    expect(report(r)).toEqual(['2 mode-complaint-renamed-input manual', '2 mode-safe-triage-removed manual']);
    expect(r.output.split('\n')[1]).toMatch(/^ {2}<%# TODO\(sc-migrate\/mode-complaint-renamed-input\)/);
    expect(run('app/views/visits/_switch.html.erb', r.output).output).toBe(r.output);
    const blade = ['<select name="interview[mode]" class="form-select">', '  <option value="complaint">Describe</option>', '  <option value="triage">Decide</option>', '</select>'].join('\n');
    expect(report(run('resources/views/visit.blade.php', blade))).toEqual(['2 mode-complaint-renamed-input manual', '3 mode-safe-triage-removed manual']);
  });

  it('buttons and radios that post a mode, and switches on the mode in templates: each v1 mode is a site', () => {
    const svelte = [
      '<script>export let state;</script>',
      '<form method="POST" action="?/switch">',
      '  <button name="mode" value="complaint" class:on={state.mode === \'input\'}>Another symptom</button>',
      '  <button name="mode" value="safe">Check warning signs</button>',
      '</form>',
    ].join('\n');
    expect(report(run('src/routes/check/+page.svelte', svelte))).toEqual(['3 mode-complaint-renamed-input manual', '4 mode-safe-triage-removed manual']);
    const radios = ['<form>', '  <input type="radio" name="interviewMode" value="triage"> Where to go', '  <input type="radio" name="interviewMode" value="input"> Describe', '</form>'].join('\n');
    expect(report(run('templates/switch.html', radios))).toEqual(['2 mode-safe-triage-removed manual']);
    const ng = [
      '<script type="text/ng-template" id="footer.tpl.html">',
      '  <div ng-switch="vm.mode">',
      '    <p ng-switch-when="safe">Call 911 if it gets worse.</p>',
      '    <p ng-switch-when="triage">A nurse can go through this with you.</p>',
      '    <p ng-switch-default>Not a diagnosis.</p>',
      '  </div>',
      '</script>',
    ].join('\n');
    const r = run('index.html', ng);
    expect(report(r)).toEqual(['3 mode-safe-triage-removed manual', '4 mode-safe-triage-removed manual']);
    expect(run('index.html', r.output).output).toBe(r.output);
  });

  it('a helpdesk\'s ticket buttons, a theme switch and a ticket-kind switch stay byte-identical', () => {
    const desk = [
      '<form><button name="mode" value="complaint">Complaint</button><button name="mode" value="question">Question</button></form>',
      '<form><button name="theme_mode" value="safe">Safe</button><button name="theme_mode" value="triage">Board</button></form>',
      '<div ng-switch="ticket.kind"><p ng-switch-when="complaint">Sorry</p><p ng-switch-when="safe">Safe</p></div>',
      '<div ng-switch="vm.themeMode"><p ng-switch-when="safe">A</p><p ng-switch-when="triage">B</p></div>',
    ].join('\n');
    const r = run('desk/ticket.html', desk);
    expect(report(r)).toEqual([]);
    expect(r.output).toBe(desk);
  });

  it('a helpdesk\'s ticket mode and a theme mode stay byte-identical', () => {
    const desk = [
      '<select name="mode"><option value="complaint">Complaint</option><option value="question">Question</option><option value="incident">Incident</option></select>',
      '<select name="theme_mode"><option value="safe">Safe colours</option><option value="triage">Triage board</option></select>',
      '<%= f.select :ticket_mode, [["Complaint", "complaint"], ["Safe", "safe"]] %>',
    ].join('\n');
    const r = run('app/views/tickets/_form.html.erb', desk);
    expect(report(r)).toEqual([]);
    expect(r.output).toBe(desk);
  });
});


describe('names set in template tags', () => {
  it("ERB and Jinja: a name set to a result's part reads that part, and a model that flattens the moved field's parents is read", () => {
    const erb = [
      '<% cond = @outcome_result.potential_condition %>',
      '<% if cond %>',
      '  <p><%= cond.triage %></p>',
      '<% end %>',
      '<p><%= @outcome_result.potential_condition.triage %></p>',
    ].join('\n');
    const r = run('app/views/outcomes/show.html.erb', erb);
    expect(report(r)).toEqual(['3 potential-condition-triage-removed manual', '5 potential-condition-triage-removed manual']);
    expect(run('app/views/outcomes/show.html.erb', r.output).output).toBe(r.output);
    const jinja = ['{% set cond = result.potential_condition %}', '<p>{{ cond.triage }}</p>'].join('\n');
    expect(report(run('templates/result.html.j2', jinja))).toEqual(['2 potential-condition-triage-removed manual']);
  });

  it("ERB's hash dig (h.dig('profile', 'height'), dig(:triage, :level)) reads those keys; Django's {% with x=… %} names a value", () => {
    const erb = [
      '<% cond = @visit_result.dig("triage_explanation", "potential_condition") %>',
      '<span><%= cond.dig(:triage, :level) %></span>',
      '<dd><%= @visit.dig("profile", "weight") %></dd>',
    ].join('\n');
    expect(report(run('app/views/visits/show.html.erb', erb))).toEqual(['2 potential-condition-triage-removed manual', '3 interview-profile-fields-removed manual']);
    const django = ['{% with cond=result.triage_explanation.potential_condition %}', '  <b>{{ cond.triage|title }}</b>', '{% endwith %}'].join('\n');
    expect(report(run('symptoms/templates/result.html', django))).toEqual(['2 potential-condition-triage-removed manual']);
    const desk = [
      '<% cond = @ticket.dig("meta", "potential_condition") %><%= cond.dig(:triage, :level) %>',
      '<dd><%= @ticket.dig("meta", "weight") %> <%= @ticket.dig(:extra) %></dd>',
      '{% with t=ticket.meta %}{{ t.advice }}{% endwith %}',
    ].join('\n');
    const r = run('app/views/tickets/show.html.erb', desk);
    expect(report(r)).toEqual([]);
    expect(r.output).toBe(desk);
  });

  it("a helpdesk ticket's condition and its triage, set the same way, stay byte-identical", () => {
    const desk = ['<% cond = @ticket.potential_condition %>', '<p><%= cond.triage %> <%= @ticket.severity.triage %></p>', '<% t = @article.triage %><%= t.level %>'].join('\n');
    const r = run('app/views/tickets/show.html.erb', desk);
    expect(report(r)).toEqual([]);
    expect(r.output).toBe(desk);
  });
});
