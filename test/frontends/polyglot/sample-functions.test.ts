import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, read, tmpDir, writeTree } from '../../cli/helpers';

/**
 * Test helpers named for the sample of an answer they return (sample-functions.ts): ExUnit support modules'
 * `def interview_json(overrides \\ %{})`, `def result_json do %{…} end`, Python's `def question_json()`. Their keys
 * are the resource's, nested maps and the maps of a list under a key too; a URL inside the sample (`_links`) is its
 * data, not where it goes. A desk's `ticket_json` and a plain helper (`def interview`) stay.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const after = (r: Awaited<ReturnType<typeof scanProject>>, file: string): string => r.outcomes.find((o) => o.relPath === file)?.after ?? read(dir, file);

describe('sample functions', () => {
  it('an ExUnit support module: interview (merged with overrides), question and result samples; a ticket sample and a plain helper stay', async () => {
    const fixtures = [
      'defmodule Care.Fixtures do',
      '  def interview_json(overrides \\\\ %{}) do',
      '    Map.merge(',
      '      %{',
      '        "mode" => "complaint",',
      '        "marketplace" => "north",',
      '        "profile" => %{"age" => 34, "bmi" => 22.5},',
      '        "_links" => %{"next" => "https://sandbox.buoyhealth.com/api/complaints/"}',
      '      },',
      '      overrides',
      '    )',
      '  end',
      '',
      '  def question_json do',
      '    %{"token" => "q-1", "options" => [%{"token" => "o-1", "preselected" => nil}]}',
      '  end',
      '',
      '  def result_json, do: %{"advice" => "Rest", "triage_explanation" => %{"potential_condition" => [%{"triage" => "self"}]}}',
      '',
      '  def ticket_json do',
      '    %{"mode" => "complaint", "advice" => "Wait", "extra" => "ward 4"}',
      '  end',
      '',
      '  def interview do',
      '    %{"marketplace" => "north"}',
      '  end',
      'end',
    ].join('\n');
    writeTree(dir, { 'test/support/fixtures.ex': fixtures });
    const r = await scanProject(dir);
    expect(sites(r, 'test/support/fixtures.ex')).toEqual([
      '15 question-preselected-removed',
      '18 potential-condition-triage-removed',
      '18 result-advice-test-removed',
      '5 mode-complaint-renamed-input',
      '6 interview-marketplace-variant-removed',
      '7 interview-profile-fields-removed',
      '8 base-url',
    ]);
    expect(after(r, 'test/support/fixtures.ex')).toContain('"mode" => "complaint", "advice" => "Wait", "extra" => "ward 4"');
  });

  it("Python: an undecorated helper named for its sample; a desk's sample stays", async () => {
    const source = [
      'API = "https://www.buoyhealth.com/api/"',
      '',
      'def result_json():',
      '    return {"token": "r1", "advice": "rest"}',
      '',
      'def reply_json():',
      '    return {"advice": "wait", "extra": {}}',
      '',
    ].join('\n');
    writeTree(dir, { 'tests/samples.py': source });
    const r = await scanProject(dir);
    expect(sites(r, 'tests/samples.py').filter((s) => !/ (base-url|token-audience)$/.test(s))).toEqual(['4 result-advice-test-removed']);
  });
});
