import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * Presenters and decorators that wrap an answer and read it by key through their receiver (wrappers.ts): Ruby's
 * `class ResultPresenter < SimpleDelegator` with `self[:advice]` and `self.dig(…)`, Python's `class
 * ResultPresenter(UserDict)` with `self["test"]`. A presenter of another thing, and the presenter's own members
 * (`self.advice`), stay unreported. As everywhere, names are heard only in a file that talks to the API (here a key of its
 * own, `triage_explanation`).
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('key reads of a wrapped answer through the receiver', () => {
  it('Ruby SimpleDelegator presenters', async () => {
    writeTree(dir, {
      'app/presenters/result_presenter.rb': [
        'class ResultPresenter < SimpleDelegator',
        '  def initialize(result)',
        '    super(result.with_indifferent_access)',
        '  end',
        '',
        '  def advice',
        '    self[:advice].presence || []',
        '  end',
        '',
        '  def recommended_tests',
        '    Array(self.fetch("test", nil))',
        '  end',
        '',
        '  def summary',
        '    self.advice.first',
        '  end',
        '',
        '  def condition_name',
        '    self.dig(:triage_explanation, :potential_condition, :name)',
        '  end',
        'end',
        '',
        'class TicketPresenter < SimpleDelegator',
        '  def advice',
        '    self[:advice]',
        '  end',
        'end',
        '',
      ].join('\n'),
      'app/clients/checker.rb': ['class Checker', '  BASE = "https://www.buoyhealth.com/api/"', '  def result(t) = HTTParty.get("#{BASE}results/#{t}/").parsed_response', 'end', ''].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'app/presenters/result_presenter.rb')).toEqual(['11 result-advice-test-removed', '7 result-advice-test-removed']);
  });

  it('Python UserDict presenters', async () => {
    writeTree(dir, {
      'app/presenters.py': [
        'from collections import UserDict',
        '',
        'API = "https://www.buoyhealth.com/api/"',
        '',
        '',
        'class ResultPresenter(UserDict):',
        '    def tests(self):',
        '        return self["test"] or []',
        '',
        '    def advice_lines(self):',
        '        return self.get("advice", [])',
        '',
        '',
        'class TicketPresenter(UserDict):',
        '    def tests(self):',
        '        return self["test"] or []',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'app/presenters.py').filter((s) => !/ (base-url|token-audience)$/.test(s))).toEqual(['11 result-advice-test-removed', '8 result-advice-test-removed']);
  });
});
