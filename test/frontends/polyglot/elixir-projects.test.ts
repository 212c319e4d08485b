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
});
