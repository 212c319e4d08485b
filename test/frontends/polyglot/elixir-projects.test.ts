import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * Elixir apps read by the parser (languages/elixir.ts) across their files: a Phoenix app's Tesla client with an
 * Ecto embedded schema named for the result (its fields and its `cast` list), its config, and a Tesla.Mock test;
 * beside them a help desk of the same shape (its `mode: "complaint"`, `advice`, `extra`, `202`, `/api/` on
 * another host) that stays unreported and byte-identical.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const FIXTURES = path.join(__dirname, '../../../fixtures/polyglot/elixir');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name), 'utf8');

const RESULT = [
  'defmodule Clinic.Result do',
  '  use Ecto.Schema',
  '  import Ecto.Changeset',
  '',
  '  @primary_key false',
  '  embedded_schema do',
  '    field :advice, :string',
  '    field :test, :string',
  '    field :triage, :string',
  '  end',
  '',
  '  def changeset(result, attrs) do',
  '    cast(result, attrs, [:advice, :test, :triage])',
  '  end',
  'end',
].join('\n');

const ARTICLE = [
  'defmodule Clinic.Article do',
  '  use Ecto.Schema',
  '  import Ecto.Changeset',
  '',
  '  embedded_schema do',
  '    field :advice, :string',
  '    field :extra, :map',
  '    field :mode, :string, default: "complaint"',
  '  end',
  '',
  '  def changeset(article, attrs), do: cast(article, attrs, [:advice, :extra, :mode])',
  'end',
].join('\n');

describe('Elixir apps', () => {
  it('a Phoenix app: Tesla client, Ecto schema of the result, config and Tesla.Mock test; the help desk stays', async () => {
    const desk = fixture('desk_tesla.input.ex');
    writeTree(dir, {
      'config/config.exs': fixture('config.input.exs'),
      'lib/clinic/checker.ex': fixture('checker_tesla.input.ex'),
      'lib/clinic/result.ex': RESULT,
      'lib/clinic/desk.ex': desk,
      'lib/clinic/article.ex': ARTICLE,
      'test/clinic/checker_test.exs': fixture('checker_mock_test.input.exs'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'lib/clinic/result.ex')).toEqual(['13 result-advice-test-removed', '13 result-advice-test-removed', '7 result-advice-test-removed', '8 result-advice-test-removed']);
    expect(sites(r, 'config/config.exs')).toEqual(['4 base-url', '5 token-audience', '6 mode-complaint-renamed-input']);
    expect(sites(r, 'lib/clinic/checker.ex')).toContain('30 result-advice-test-removed');
    expect(sites(r, 'lib/clinic/checker.ex')).toContain('31 potential-condition-triage-removed');
    expect(sites(r, 'test/clinic/checker_test.exs')).toEqual(['6 base-url', '7 mode-safe-triage-removed', '7 mode-update-status-200']);
    for (const file of ['lib/clinic/desk.ex', 'lib/clinic/article.ex']) {
      expect(sites(r, file)).toEqual([]);
      expect(r.outcomes.find((o) => o.relPath === file)?.after ?? (file.endsWith('desk.ex') ? desk : ARTICLE)).toBe(file.endsWith('desk.ex') ? desk : ARTICLE);
    }
  });

  it('a Req app with a Bypass test and an HTTPoison client; their help desk twins stay', async () => {
    writeTree(dir, {
      'lib/triage_bot.ex': fixture('checker_req.input.ex'),
      'lib/help_desk.ex': fixture('helpdesk_req.input.ex'),
      'lib/symptoms/client.ex': fixture('checker_poison.input.ex'),
      'lib/symptoms/feedback.ex': fixture('support_poison.input.ex'),
      'test/triage_bot_test.exs': fixture('checker_bypass_test.input.exs'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'test/triage_bot_test.exs')).toEqual(['11 mode-safe-triage-removed', '11 mode-update-status-200', '19 result-advice-test-removed', '19 result-advice-test-removed']);
    expect(sites(r, 'lib/symptoms/client.ex')).toContain('23 intent-detail-context-removed');
    expect(sites(r, 'lib/triage_bot.ex')).toContain('19 mode-update-status-200');
    for (const [file, name] of [['lib/help_desk.ex', 'helpdesk_req.input.ex'], ['lib/symptoms/feedback.ex', 'support_poison.input.ex']] as const) {
      expect(sites(r, file)).toEqual([]);
      expect(r.outcomes.find((o) => o.relPath === file)?.after ?? fixture(name)).toBe(fixture(name));
    }
  });

  it('Ecto schemas with inline embeds and structs named for the resources; a typed parameter reads them; the help desk twin stays', async () => {
    const desk = "defmodule Desk.Ticket do\n  use Ecto.Schema\n  import Ecto.Changeset\n\n  @primary_key false\n  embedded_schema do\n    field :advice, :string\n    field :extra, :map\n    field :mode, :string, default: \"complaint\"\n    embeds_one :assessment, Assessment do\n      field :triage, :string\n    end\n  end\n\n  def changeset(ticket, attrs), do: cast(ticket, attrs, [:advice, :extra, :mode])\nend\n\ndefmodule Desk.Api do\n  alias Desk.Ticket\n  @base \"https://help.example.com/api/\"\n\n  def open(text) do\n    body = Jason.encode!(%Ticket{mode: \"complaint\", advice: text, extra: %{}})\n    {:ok, %{status_code: 202}} = HTTPoison.post(@base <> \"tickets/\", body)\n  end\n\n  def show(%Ticket{} = t), do: \"#{t.advice} #{t.assessment.triage} #{t.extra}\"\nend\n";
    writeTree(dir, { 'lib/checker/result.ex': "defmodule Clinic.Checker.Result do\n  use Ecto.Schema\n  import Ecto.Changeset\n\n  @primary_key false\n  embedded_schema do\n    field :advice, :string\n    embeds_one :triage_explanation, TriageExplanation do\n      embeds_one :potential_condition, PotentialCondition do\n        field :triage, :string\n        field :name, :string\n      end\n    end\n  end\n\n  def changeset(result, attrs) do\n    result\n    |> cast(attrs, [:advice])\n    |> cast_embed(:triage_explanation)\n  end\nend\n\ndefmodule Clinic.Checker.Question do\n  defstruct [:token, :text, preselected: nil, options: []]\nend\n\ndefmodule Clinic.Checker.Complaint do\n  @derive Jason.Encoder\n  defstruct [:interview, :text, :extra]\nend\n", 'lib/checker/api.ex': "defmodule Clinic.Checker.Api do\n  alias Clinic.Checker.{Complaint, Result}\n  @base \"https://www.buoyhealth.com/api/\"\n\n  def complain(token, text) do\n    body = Jason.encode!(%Complaint{interview: token, text: text, extra: \"none\"})\n    HTTPoison.post(@base <> \"complaints/\", body)\n  end\n\n  def result(token) do\n    {:ok, resp} = HTTPoison.get(@base <> \"results/#{token}/\")\n    data = Jason.decode!(resp.body)\n    %Result{} |> Result.changeset(data) |> Ecto.Changeset.apply_changes()\n  end\n\n  def show(%Result{} = r), do: \"#{r.advice} #{r.triage_explanation.potential_condition.triage}\"\n  def first_question(q), do: q.preselected\nend\n", 'lib/desk.ex': desk });
    const r = await scanProject(dir);
    expect(sites(r, 'lib/checker/result.ex')).toEqual(['10 potential-condition-triage-removed', '18 result-advice-test-removed', '24 question-preselected-removed', '29 complaint-extra-removed', '29 complaint-extra-removed', '7 result-advice-test-removed']);
    expect(sites(r, 'lib/checker/api.ex')).toEqual(['16 potential-condition-triage-removed', '16 result-advice-test-removed', '17 question-preselected-removed', '3 base-url', '6 complaint-extra-removed']);
    expect(sites(r, 'lib/desk.ex')).toEqual([]);
    expect(r.outcomes.find((o) => o.relPath === 'lib/desk.ex')?.after ?? desk).toBe(desk);
  });

  it('a parameter with a default (`extra \\ %{}`) of an endpoint that writes is a site, as a plain one is; the desk twin stays', async () => {
    writeTree(dir, {
      'lib/clinic/checker.ex': [
        'defmodule Clinic.Checker do',
        '  @base "https://www.buoyhealth.com/api/"',
        '',
        '  def add_complaint(interview, text, extra \\\\ %{}) do',
        '    Req.post!(@base <> "complaints/", json: %{interview: interview, text: text, extra: extra})',
        '  end',
        'end',
      ].join('\n'),
      'lib/clinic/desk.ex': [
        'defmodule Clinic.Desk do',
        '  @base "https://desk.example.com/api/"',
        '',
        '  def open_ticket(subject, extra \\\\ %{}) do',
        '    Req.post!(@base <> "tickets/", json: %{subject: subject, extra: extra})',
        '  end',
        'end',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'lib/clinic/checker.ex')).toContain('4 complaint-extra-removed');
    expect(sites(r, 'lib/clinic/desk.ex')).toEqual([]);
  });
});

