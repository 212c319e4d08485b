import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A type that is no model of the API (a run's record, a job's outcome) with a field that holds one of its
 * models: what other files read through that field is the model's, even where they never name its type.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const API = [
  'import requests',
  'from dataclasses import dataclass',
  'from typing import Optional',
  '',
  'BASE = "https://www.buoyhealth.com/api/"',
  '',
  '',
  '@dataclass',
  'class Interview:',
  '    token: str',
  '    marketplace: Optional[str] = None',
  '',
  '',
  '@dataclass',
  'class Result:',
  '    token: str',
  '    advice: Optional[str] = None',
  '',
  '',
  'def fetch_result(token):',
  '    return Result(**requests.get(BASE + "results/%s/" % token).json())',
  '',
].join('\n');

const RUNS = [
  'from dataclasses import dataclass',
  'from typing import Optional',
  '',
  'from lab.api import Interview, Result',
  '',
  '',
  '@dataclass',
  'class Visit:',
  '    label: str',
  '    session: Optional[Interview] = None',
  '    result: Optional[Result] = None',
  '    reply: Optional["Reply"] = None',
  '',
  '',
  '@dataclass',
  'class Reply:',
  '    advice: str',
  '    marketplace: str',
  '',
].join('\n');

const SHEET = [
  'def visit_row(v):',
  '    row = {"label": v.label}',
  '    s = v.session',
  '    if s is not None:',
  '        row["shop"] = s.marketplace',
  '    res = v.result',
  '    row["advice"] = res.advice',
  '    row["desk_advice"] = v.reply.advice',
  '    row["desk_shop"] = v.reply.marketplace',
  '    return row',
  '',
].join('\n');

describe("fields of other types that hold the API's models", () => {
  it('Python: reads through a dataclass field typed as a model are that model’s (`v.session.marketplace`, `res = v.result; res.advice`); a desk reply held beside them is not', async () => {
    writeTree(dir, { 'lab/api.py': API, 'lab/runs.py': RUNS, 'lab/sheet.py': SHEET });
    const r = await run();
    expect(sites(r, 'lab/sheet.py')).toEqual(['5 interview-marketplace-variant-removed', '7 result-advice-test-removed']);
    expect(sites(r, 'lab/runs.py')).toEqual([]);
  });

  it('a field of that name holding something else in another type says nothing (`result: str` on a desk ticket)', async () => {
    const ticket = ['', '', '@dataclass', 'class Ticket:', '    result: str', '    session: Optional[str] = None', ''].join('\n');
    writeTree(dir, { 'lab/api.py': API, 'lab/runs.py': RUNS + ticket, 'lab/sheet.py': SHEET });
    const r = await run();
    expect(sites(r, 'lab/sheet.py')).toEqual([]);
  });

  it("Python: a model's list of a model named for its own place in the resource (`conditions: List[PotentialCondition]`) reads that place (`fetch_result(t)` gives the model it returns: `r.conditions[0].triage`); a desk's list of its own conditions stays", async () => {
    writeTree(dir, {
      'lab/api.py': [
        'import requests',
        'from dataclasses import dataclass, field',
        'from typing import List, Optional',
        '',
        'BASE = "https://www.buoyhealth.com/api/"',
        '',
        '',
        '@dataclass',
        'class PotentialCondition:',
        '    name: str',
        '    triage: Optional[dict] = None',
        '',
        '',
        '@dataclass',
        'class Result:',
        '    token: str',
        '    conditions: List[PotentialCondition] = field(default_factory=list)',
        '',
        '',
        'def fetch_result(token) -> Result:',
        '    return Result(**requests.get(BASE + "results/%s/" % token).json())',
        '',
      ].join('\n'),
      'lab/desk.py': [
        'from dataclasses import dataclass, field',
        'from typing import List, Optional',
        '',
        '',
        '@dataclass',
        'class DeskCondition:',
        '    triage: Optional[dict] = None',
        '',
        '',
        '@dataclass',
        'class DeskCase:',
        '    conditions: List[DeskCondition] = field(default_factory=list)',
        '',
      ].join('\n'),
      'lab/show.py': ['from lab.api import fetch_result', '', '', 'def first_level(token):', '    r = fetch_result(token)', '    return r.conditions[0].triage["level"]', ''].join('\n'),
      'lab/desk_show.py': ['from lab.desk import DeskCase', '', '', 'def first_level(case: DeskCase):', '    return case.conditions[0].triage', ''].join('\n'),
    });
    const r = await run();
    expect(sites(r, 'lab/show.py')).toEqual(['6 potential-condition-triage-removed']);
    expect(sites(r, 'lab/desk.py')).toEqual([]);
    expect(sites(r, 'lab/desk_show.py')).toEqual([]);
  });

  it("Ruby: a value tied by its name only (a presenter's `@result`) reads the list the API's `Result` struct fills from `triage_explanation.potential_condition` as that place's (`@result.potential_conditions.map do |c| c.triage`); a desk case's own conditions stay", async () => {
    writeTree(dir, {
      'lib/sc/client.rb': ['module Sc', '  class Client', '    def result(token)', '      Models::Result.from_hash(get_json("https://www.buoyhealth.com/api/results/#{token}/"))', '    end', '  end', 'end', ''].join('\n'),
      'lib/sc/models.rb': [
        'module Sc',
        '  module Models',
        '    PotentialCondition = Struct.new(:name, :triage, keyword_init: true)',
        '',
        '    Result = Struct.new(:token, :potential_conditions, keyword_init: true) do',
        '      def self.from_hash(hash)',
        '        raw = (hash["triage_explanation"] || {})["potential_condition"]',
        '        new(token: hash["token"], potential_conditions: Array(raw).map { |c| PotentialCondition.new(**c) })',
        '      end',
        '    end',
        '  end',
        'end',
        '',
      ].join('\n'),
      'lib/sc/summary.rb': [
        'module Sc',
        '  class Summary',
        '    def initialize(result, desk_case)',
        '      @result = result',
        '      @desk_case = desk_case',
        '    end',
        '',
        '    def lines',
        '      @result.potential_conditions.map do |c|',
        '        "#{c.name} (#{c.triage})"',
        '      end',
        '    end',
        '',
        '    def desk_lines',
        '      @desk_case.potential_conditions.map { |c| c.triage }',
        '    end',
        '  end',
        'end',
        '',
      ].join('\n'),
    });
    const r = await run();
    expect(sites(r, 'lib/sc/summary.rb')).toEqual(['10 potential-condition-triage-removed']);
  });
});

const run = () => scanProject(dir);
