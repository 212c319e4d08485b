import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/** Scripts and notebooks' cells: code at the top level, with no function around it. Beside each, a helpdesk of the same shape. */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('top-level scripts', () => {
  it("a status compared at the top level answers the call that produced the value it reads; another service's answer stays its own", async () => {
    writeTree(dir, {
      'scripts/replay.py': [
        'import requests',
        'API = "https://www.buoyhealth.com/api/"',
        'DESK = "https://help.example.com/api/"',
        'resp = requests.put(API + "interviews/%s/" % itv, json={"mode": "input"}, timeout=30)',
        'print(resp.status_code, "pending" if resp.status_code == 202 else "done")',
        'ticket = requests.put(DESK + "tickets/%s/" % tid, json={"mode": "input"}, timeout=30)',
        'print("queued" if ticket.status_code == 202 else "done")',
        'if requests.get(DESK + "tickets/").status_code != 202:',
        '    print("desk done")',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'scripts/replay.py')).toEqual(['2 base-url', '5 mode-update-status-200']);
  });

  it("a list of modes given under a key that says mode is a list of modes (Python dict, Ruby hash); another service's settings table stays unreported", async () => {
    writeTree(dir, {
      'tests/conftest.py': [
        'TEST_CONFIG = {',
        '    "checker": {"base_url": "https://sandbox.buoyhealth.com/api/", "replay_modes": ["safe", "triage"]},',
        '    "desk": {"base_url": "https://help.example.com/api/", "replay_modes": ["safe", "triage"]},',
        '}',
      ].join('\n'),
      'config/settings.rb': [
        'module Settings',
        '  CHECKER = { base_url: "https://sandbox.buoyhealth.com/api/", replay_modes: %w[safe triage] }',
        '  DESK = { base_url: "https://help.example.com/api/", replay_modes: %w[safe triage] }',
        'end',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'tests/conftest.py')).toEqual(['2 base-url', '2 mode-safe-triage-removed', '2 mode-safe-triage-removed']);
    expect(sites(r, 'config/settings.rb')).toEqual(['2 base-url', '2 mode-safe-triage-removed', '2 mode-safe-triage-removed']);
  });

  it("a test file's payload named for a resource (RESULT_PAYLOAD, INTERVIEW_PAYLOAD) stands in for it, responses' fields included; a ticket's payload stays unreported", async () => {
    writeTree(dir, {
      'tests/conftest.py': [
        'BASE_URL = "https://sandbox.buoyhealth.com/api/"',
        'RESULT_PAYLOAD = {"advice": "rest", "triage_explanation": {"potential_condition": {"name": "Flu", "triage": "self_care"}}}',
        'INTERVIEW_PAYLOAD = {"token": "i-1", "interview_mode": True, "marketplace": "default"}',
        'TICKET_PAYLOAD = {"advice": "rest", "extra": {}, "mode": "complaint", "marketplace": "default"}',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'tests/conftest.py')).toEqual([
      '1 base-url',
      '2 potential-condition-triage-removed',
      '2 result-advice-test-removed',
      '3 interview-marketplace-variant-removed',
      '3 interview-mode-flag-removed',
    ]);
  });

  it("a table's columns named for a resource flatten its parts: a part's field, maybe with a unit (height_cm) or after the part's noun (top_condition_triage), is listed there; a ticket's columns stay unreported", async () => {
    writeTree(dir, {
      'etl/columns.py': [
        'INTERVIEW_COLUMNS = ["interview_token", "age", "race", "height_cm", "weight_kg", "bmi"]',
        'TICKET_COLUMNS = ["ticket_token", "age", "race", "height_cm", "weight_kg", "bmi", "top_condition_triage"]',
        'RESULT_COLUMNS = ["interview_token", "triage_level", "top_condition", "top_condition_triage", "triage"]',
      ].join('\n'),
      'etl/columns.rb': [
        'module Columns',
        '  INTERVIEW_COLUMNS = %w[interview_token race height_cm bmi].freeze',
        '  TICKET_COLUMNS = %w[ticket_token race height_cm bmi].freeze',
        'end',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    // A part's field after its noun (`top_condition_triage`) too; the bare `triage` is the result's own, still sent.
    expect(sites(r, 'etl/columns.py')).toEqual([...Array(4).fill('1 interview-profile-fields-removed'), '3 potential-condition-triage-removed']);
    expect(sites(r, 'etl/columns.rb')).toEqual(Array(3).fill('2 interview-profile-fields-removed'));
  });
});

describe('test helpers that name the request they answer', () => {
  it("sent_json(mocked, method, url) reads the body sent to the resource the url holds; one given the helpdesk's url stays unreported", async () => {
    writeTree(dir, {
      'tests/test_client.py': [
        'BASE = "https://sandbox.buoyhealth.com/api/"',
        'DESK = "https://help.example.com/api/"',
        'async def test_complaint(client, mocked):',
        '    url = BASE + "complaints/"',
        '    await client.add_complaint("t", "sore throat")',
        '    assert sent_json(mocked, "POST", url)["extra"] == "x"',
        'async def test_mode(client, mocked):',
        '    url = BASE + "interviews/t/"',
        '    await client.set_mode("t", "input")',
        '    assert sent_json(mocked, "PUT", url) == {"mode": "triage"}',
        'async def test_ticket(desk, mocked):',
        '    url = DESK + "tickets/"',
        '    await desk.open_ticket("t")',
        '    assert sent_json(mocked, "POST", url)["extra"] == "x"',
        '    assert sent_json(mocked, "PUT", url) == {"mode": "triage"}',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'tests/test_client.py')).toEqual(['1 base-url', '10 mode-safe-triage-removed', '6 complaint-extra-removed', '6 complaint-extra-removed']);
  });

  it("a url variable each test function gives its own path addresses that function's resource, not the last function's", async () => {
    writeTree(dir, {
      'tests/conftest.py': ['BASE = "https://sandbox.buoyhealth.com/api/"', 'DESK = "https://help.example.com/api/"'].join('\n'),
      'tests/test_stubs.py': [
        'from .conftest import BASE, DESK',
        'async def test_complaint(mocked):',
        '    url = BASE + "complaints/"',
        '    mocked.post(url, payload={"token": "c-1", "extra": "x"})',
        'async def test_ticket(mocked):',
        '    url = DESK + "tickets/"',
        '    mocked.post(url, payload={"token": "t-1", "extra": "x"})',
        'async def test_intent(mocked):',
        '    url = BASE + "intents/"',
        '    mocked.post(url, payload={"token": "i-1", "extra": "x"})',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'tests/test_stubs.py')).toEqual(['4 complaint-extra-removed']);
  });
});
