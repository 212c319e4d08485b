import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, read, tmpDir, writeTree } from '../../cli/helpers';

/**
 * Elixir's Ecto embeds and Enum captures (embed-functions.ts, languages/elixir.ts): a changeset function handed to
 * `cast_embed(:profile, with: &profile_changeset/2)` lists the embed's keys; `&1.preselected` in a capture reads
 * each element of the collection given; `~w(complaint safe)` lists words, each read as a literal. A help desk's
 * ticket of the same shape stays unreported and unchanged.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const after = (r: Awaited<ReturnType<typeof scanProject>>, file: string): string => r.outcomes.find((o) => o.relPath === file)?.after ?? read(dir, file);

const model = (mod: string, embed: string) =>
  [
    `defmodule ${mod} do`,
    '  use Ecto.Schema',
    '  import Ecto.Changeset',
    '',
    '  @modes ~w(complaint safe question)',
    '',
    '  embedded_schema do',
    '    field :mode, :string',
    '    field :token, :string',
    '    field :marketplace, :string',
    `    embeds_one :${embed.toLowerCase()}, ${embed} do`,
    '      field :age, :integer',
    '      field :race, :string',
    '      field :bmi, :float',
    '    end',
    '  end',
    '',
    '  def modes, do: @modes',
    '',
    '  def from_api(attrs) do',
    '    %__MODULE__{}',
    '    |> cast(attrs, [:token, :mode])',
    '    |> validate_inclusion(:mode, @modes)',
    `    |> cast_embed(:${embed.toLowerCase()}, with: &${embed.toLowerCase()}_changeset/2)`,
    '  end',
    '',
    `  defp ${embed.toLowerCase()}_changeset(p, attrs), do: cast(p, attrs, [:age, :race, :bmi])`,
    'end',
  ].join('\n');

const client = (mod: string, url: string, path: string, model: string) =>
  [
    `defmodule ${mod} do`,
    `  @base "${url}"`,
    '',
    '  def open_items(token) do',
    `    %{body: body} = Req.get!(@base <> "${path}/#{token}/")`,
    '    body',
    '    |> Map.get("options", [])',
    '    |> Enum.reject(&(&1.preselected != nil))',
    '  end',
    '',
    '  def picked(options), do: Enum.filter(options, &is_nil(&1.preselected))',
    '',
    `  def start(attrs), do: Req.post!(@base <> "${path === 'questions' ? 'interviews' : 'visits'}/", json: attrs) |> then(&${model}.from_api(&1.body))`,
    'end',
  ].join('\n');

describe('Elixir embeds, captures and word lists', () => {
  it("an embed's changeset keys, a capture's element reads, a ~w mode list; the desk ticket stays", async () => {
    const desk = model('Help.Ticket', 'Requester').replace('question', 'closed');
    const deskClient = client('Help.Queue', 'https://help.example.com/api/', 'tickets', 'Help.Ticket').replace('open_items(', 'open_tickets(').replace('picked(', 'chosen(');
    writeTree(dir, {
      'lib/care/interview.ex': model('Care.Interview', 'Profile'),
      'lib/care/questions.ex': client('Care.Questions', 'https://www.buoyhealth.com/api/', 'questions', 'Care.Interview'),
      'lib/help/ticket.ex': desk,
      'lib/help/queue.ex': deskClient,
    });
    const r = await scanProject(dir);
    // The ~w list's words (5), the embed's fields (13, 14) and its changeset's keys (27), not the model's own `:mode` (23).
    expect(sites(r, 'lib/care/interview.ex')).toEqual([
      '10 interview-marketplace-variant-removed',
      '13 interview-profile-fields-removed',
      '13 interview-profile-fields-removed',
      '14 interview-profile-fields-removed',
      '14 interview-profile-fields-removed',
      '27 interview-profile-fields-removed',
      '27 interview-profile-fields-removed',
      '5 mode-complaint-renamed-input',
      '5 mode-safe-triage-removed',
    ]);
    expect(sites(r, 'lib/care/questions.ex')).toEqual(['11 question-preselected-removed', '2 base-url', '8 question-preselected-removed']);
    expect(sites(r, 'lib/help/ticket.ex')).toEqual([]);
    expect(sites(r, 'lib/help/queue.ex')).toEqual([]);
    expect(after(r, 'lib/help/ticket.ex')).toBe(desk);
    expect(after(r, 'lib/help/queue.ex')).toBe(deskClient);
  });
});
