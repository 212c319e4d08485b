import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A function that answers with a row it builds itself copies the API's fields under its own keys (row-keys.ts): a
 * key whose value is the read of a removed answer field carries nothing in v2, so a caller's read of that key is
 * reported. Keys of fields v2 still sends, of a field moved within its object, of a value built from the read, and
 * the rows a helpdesk's function builds (in its own file or beside the API's client) stay unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('reads of the keys of rows a function builds from the API', () => {
  it('Python: a Flask view helper returns a summary dict; the pytest reads `summary["race"]`, `summary.get("market")` and a frame’s `df[["advice", "level"]]`', async () => {
    writeTree(dir, {
      'svc/client.py': [
        'import requests',
        '',
        'BASE = "https://www.buoyhealth.com/api/"',
        'HELP_BASE = "https://help.example.com/api/"',
        '',
        '',
        'def get_interview(token):',
        '    return requests.get(BASE + "interviews/%s/" % token).json()',
        '',
        '',
        'def get_result(token):',
        '    return requests.get(BASE + "results/%s/" % token).json()',
        '',
        '',
        'def ticket_summary(ticket_id):',
        '    ticket = requests.get(HELP_BASE + "tickets/%s/" % ticket_id).json()',
        '    return {"advice": ticket.get("advice"), "extra": ticket.get("extra")}',
        '',
      ].join('\n'),
      'svc/summaries.py': [
        'import json',
        '',
        'import pandas as pd',
        '',
        'from svc.client import get_interview, get_result',
        '',
        '',
        'def interview_summary(token):',
        '    interview = get_interview(token)',
        '    profile = interview.get("profile") or {}',
        '    return {',
        '        "token": interview.get("token"),',
        '        "race": profile.get("race"),',
        '        "market": interview.get("marketplace"),',
        '        "tests": json.dumps(interview.get("variant")),',
        '    }',
        '',
        '',
        'def result_rows(tokens):',
        '    rows = []',
        '    for token in tokens:',
        '        result = get_result(token)',
        '        rows.append({"advice": result.get("advice"), "level": (result.get("triage") or {}).get("level"), "note": result.get("msg")})',
        '    return rows',
        '',
        '',
        'def result_table(tokens):',
        '    return pd.DataFrame(result_rows(tokens))',
        '',
      ].join('\n'),
      'tests/test_summaries.py': [
        'from svc import summaries',
        'from svc.client import ticket_summary',
        '',
        '',
        'def test_summary():',
        '    summary = summaries.interview_summary("t1")',
        '    assert summary["race"] == "asian"',
        '    assert summary.get("market") == "default"',
        '    assert summary["token"] == "t1"',
        '    assert summary["tests"] == "b"',
        '',
        '',
        'def test_table():',
        '    df = summaries.result_table(["t1"])',
        '    assert list(df[["advice", "level"]].columns) == ["advice", "level"]',
        '    assert df["note"].isna().all()',
        '',
        '',
        'def test_ticket():',
        '    t = ticket_summary(7)',
        '    assert t["advice"] == "restart" and t["extra"] == {}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'tests/test_summaries.py')).toEqual(['15 result-advice-test-removed', '7 interview-profile-fields-removed', '8 interview-marketplace-variant-removed']);
    expect(sites(r, 'svc/client.py').filter((s) => !/^3 /.test(s))).toEqual([]);
  });

  it('Ruby: a service object ends in a hash; the spec reads `row[:race]` and `row.fetch(:market)`; a helpdesk row stays', async () => {
    writeTree(dir, {
      'lib/sc_client.rb': ['require "faraday"', '', 'class ScClient', '  BASE = "https://www.buoyhealth.com/api/"', '', '  def interview(token)', '    JSON.parse(Faraday.get("#{BASE}interviews/#{token}/").body)', '  end', 'end', ''].join('\n'),
      'lib/summary_row.rb': [
        'class SummaryRow',
        '  def self.build(token)',
        '    interview = ScClient.new.interview(token)',
        '    profile = interview["profile"] || {}',
        '    { token: interview["token"], race: profile["race"], market: interview["marketplace"] }',
        '  end',
        'end',
        '',
      ].join('\n'),
      'lib/help_desk.rb': [
        'require "faraday"',
        '',
        'class HelpDesk',
        '  BASE = "https://help.example.com/api/"',
        '',
        '  def self.ticket_row(id)',
        '    ticket = JSON.parse(Faraday.get("#{BASE}tickets/#{id}/").body)',
        '    { advice: ticket["advice"], extra: ticket["extra"] }',
        '  end',
        'end',
        '',
      ].join('\n'),
      'spec/summary_row_spec.rb': [
        'RSpec.describe SummaryRow do',
        '  it "flattens the interview" do',
        '    row = SummaryRow.build("x")',
        '    expect(row[:race]).to eq("asian")',
        '    expect(row.fetch(:market)).to eq("default")',
        '    expect(row[:token]).to eq("x")',
        '    ticket = HelpDesk.ticket_row(1)',
        '    expect(ticket[:advice]).to eq("restart")',
        '    expect(ticket[:extra]).to eq({})',
        '  end',
        'end',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'spec/summary_row_spec.rb')).toEqual(['4 interview-profile-fields-removed', '5 interview-marketplace-variant-removed']);
    expect(sites(r, 'lib/help_desk.rb')).toEqual([]);
  });

  it('PHP: a summary helper returns `array(\'race\' => $p[\'race\'] ?? null)` guarded reads; a page reads `$profile[\'race\']`; a desk summary stays', async () => {
    writeTree(dir, {
      'src/Buoy.php': [
        '<?php',
        'namespace App;',
        '',
        'final class Buoy',
        '{',
        "    private const BASE = 'https://www.buoyhealth.com/api/';",
        '',
        '    public static function interview(string $token): array',
        '    {',
        "        return Http::get(self::BASE . 'interviews/' . $token . '/')->json();",
        '    }',
        '',
        '    public static function profileSummary(array $interview): array',
        '    {',
        "        $p = $interview['profile'] ?? [];",
        "        return ['age' => $p['age'] ?? null, 'race' => $p['race'] ?? null, 'bmi' => isset($p['bmi']) ? $p['bmi'] : null];",
        '    }',
        '}',
        '',
      ].join('\n'),
      'src/Desk.php': [
        '<?php',
        'namespace App;',
        '',
        'final class Desk',
        '{',
        '    public static function ticketSummary(array $ticket): array',
        '    {',
        "        $p = $ticket['profile'] ?? [];",
        "        $r = Http::get('https://help.example.com/api/tickets/' . $ticket['id'] . '/')->json();",
        "        return ['race' => $p['race'] ?? null, 'height' => $r['height'] ?? null];",
        '    }',
        '}',
        '',
      ].join('\n'),
      'public/result.php': [
        '<?php',
        "$profile = Buoy::profileSummary(Buoy::interview($_GET['token']));",
        "$ticket = Desk::ticketSummary($_SESSION['ticket']);",
        '?>',
        "<p><?= $profile['age'] ?> / <?= $profile['race'] ?> / <?= $profile['bmi'] ?></p>",
        "<p><?= $ticket['race'] ?> / <?= $ticket['height'] ?></p>",
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'public/result.php')).toEqual(['5 interview-profile-fields-removed', '5 interview-profile-fields-removed']);
    expect(sites(r, 'src/Desk.php')).toEqual([]);
  });

  it('Python: a key whose value a helper unpacked from its tuple of reads (`top_name, top_triage = _top(result)`) carries the read; a desk helper’s tuple does not', async () => {
    writeTree(dir, {
      'etl/client.py': [
        'import requests',
        '',
        'def get_result(token):',
        '    return requests.get("https://www.buoyhealth.com/api/results/%s/" % token).json()',
        '',
        '',
        'def _desk_top(ticket):',
        '    return ticket.get("name"), ticket.get("advice")',
        '',
        '',
        'def ticket_row(ticket_id):',
        '    ticket = requests.get("https://help.example.com/api/tickets/%s/" % ticket_id).json()',
        '    name, tips = _desk_top(ticket)',
        '    return {"name": name, "advice": tips}',
        '',
      ].join('\n'),
      'etl/rows.py': [
        'from etl.client import get_result',
        '',
        '',
        'def _top(result):',
        '    explanation = result.get("triage_explanation") or {}',
        '    condition = explanation.get("potential_condition") or {}',
        '    return condition.get("name"), condition.get("triage")',
        '',
        '',
        'def result_row(token):',
        '    result = get_result(token)',
        '    top_name, top_triage = _top(result)',
        '    return {"top_condition": top_name, "top_condition_triage": top_triage}',
        '',
      ].join('\n'),
      'tests/test_rows.py': [
        'from etl import client, rows',
        '',
        '',
        'def test_rows():',
        '    row = rows.result_row("r1")',
        '    assert row["top_condition"] == "Flu"',
        '    assert row["top_condition_triage"] == "urgent"',
        '    ticket = client.ticket_row("t1")',
        '    assert ticket["advice"] == "Restart"',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'etl/rows.py')).toEqual(['13 potential-condition-triage-removed', '7 potential-condition-triage-removed']);
    expect(sites(r, 'tests/test_rows.py')).toEqual(['7 potential-condition-triage-removed']);
    expect(sites(r, 'etl/client.py')).toEqual(['4 base-url']);
  });
});
