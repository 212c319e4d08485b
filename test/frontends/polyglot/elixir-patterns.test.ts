import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, read, tmpDir, writeTree } from '../../cli/helpers';

/**
 * Elixir's membership tests and struct patterns in function heads (languages/elixir.ts): `when mode in ["complaint",
 * "safe"]` and `mode in ["safe", "triage"]` compare the mode with each element; `def offers?(%Interview{marketplace:
 * m, variant: v})` reads the struct's fields. A help desk's ticket of the same shape stays unreported and unchanged.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const after = (r: Awaited<ReturnType<typeof scanProject>>, file: string): string => r.outcomes.find((o) => o.relPath === file)?.after ?? read(dir, file);

const schema = (mod: string) =>
  [
    `defmodule ${mod} do`,
    '  use Ecto.Schema',
    '  embedded_schema do',
    '    field :mode, :string',
    '    field :marketplace, :string',
    '    field :variant, :string',
    '  end',
    'end',
  ].join('\n');

const checker = (mod: string, struct: string, url: string) =>
  [
    `defmodule ${mod} do`,
    `  alias ${struct}`,
    `  @base "${url}"`,
    '',
    '  def set_mode(token, mode) when mode in ["complaint", "safe"] do',
    `    Req.put!(@base <> "${mod.endsWith('Desk') ? 'tickets' : 'interviews'}/#{token}/", json: %{mode: mode})`,
    '  end',
    '',
    `  def safe?(%${struct.split('.').pop()}{mode: mode}), do: mode in ["safe", "triage"]`,
    '',
    `  def offers?(%${struct.split('.').pop()}{marketplace: m, variant: v}), do: not is_nil(m) and v != "control"`,
    'end',
  ].join('\n');

describe('Elixir membership tests and head patterns', () => {
  it('the interview mode tested with in, the struct fields matched in a head; the desk ticket stays', async () => {
    // The desk's own names (a run's shared names would tie it to the API).
    const desk = checker('Help.Desk', 'Help.Ticket', 'https://help.example.com/api/').replace('set_mode(', 'move_ticket(').replace('safe?(', 'quiet?(').replace('offers?(', 'promoted?(');
    writeTree(dir, {
      'lib/care/interview.ex': schema('Care.Interview'),
      'lib/care/checker.ex': checker('Care.Checker', 'Care.Interview', 'https://www.buoyhealth.com/api/'),
      'lib/help/ticket.ex': schema('Help.Ticket'),
      'lib/help/desk.ex': desk,
    });
    const r = await scanProject(dir);
    expect(sites(r, 'lib/care/checker.ex')).toEqual([
      '11 interview-marketplace-variant-removed',
      '11 interview-marketplace-variant-removed',
      '3 base-url',
      '5 mode-complaint-renamed-input',
      '5 mode-safe-triage-removed',
      '9 mode-safe-triage-removed',
      '9 mode-safe-triage-removed',
    ]);
    expect(sites(r, 'lib/help/desk.ex')).toEqual([]);
    expect(after(r, 'lib/help/desk.ex')).toBe(desk);
  });
});
