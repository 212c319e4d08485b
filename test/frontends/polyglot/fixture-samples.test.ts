import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A test's fixture that holds a sample of an answer under the resource's name, as a variable would
 * (context.ts, fixtureName): RSpec's `let(:question) do {…} end`, `let!`, `subject(:interview) { {…} }`, pytest's
 * `@pytest.fixture def result(): return {…}`. Keys v2 no longer sends are reported, nested ones too. A fixture named
 * for another thing, one that builds more than a literal, and a plain helper function stay unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('samples held by test fixtures', () => {
  it('RSpec let and subject blocks', async () => {
    writeTree(dir, {
      'spec/presenters/question_presenter_spec.rb': [
        'BASE = "https://www.buoyhealth.com/api/"',
        'RSpec.describe QuestionPresenter do',
        '  let(:question) do',
        '    {',
        '      "token" => "q1", "preselected" => "o2",',
        '      "options" => [',
        '        { "token" => "o1", "preselected" => nil }',
        '      ]',
        '    }',
        '  end',
        '  let!(:result) { { token: "r1", advice: ["rest"] } }',
        '  subject(:interview) { { "token" => "i1", "marketplace" => "b" } }',
        '  let(:ticket) { { "advice" => "wait", "marketplace" => "x" } }',
        '  let(:question_text) { build_question.merge({ "preselected" => nil }) }',
        '  let(:answer) do',
        '    { "preselected" => nil }',
        '  end',
        'end',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'spec/presenters/question_presenter_spec.rb').filter((s) => !/ (base-url|token-audience)$/.test(s))).toEqual([
      '11 result-advice-test-removed',
      '12 interview-marketplace-variant-removed',
      '5 question-preselected-removed',
      '7 question-preselected-removed',
    ]);
  });

  it('pytest fixtures; an undecorated helper and another thing stay', async () => {
    writeTree(dir, {
      'tests/test_views.py': [
        'import pytest',
        '',
        'API = "https://www.buoyhealth.com/api/"',
        '',
        '',
        '@pytest.fixture',
        'def result():',
        '    return {"token": "r1", "advice": ["rest"], "test": []}',
        '',
        '',
        '@pytest.fixture()',
        'def ticket():',
        '    return {"advice": "wait", "extra": {}}',
        '',
        '',
        'def interview():',
        '    return {"token": "i1", "marketplace": "b"}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'tests/test_views.py').filter((s) => !/ (base-url|token-audience)$/.test(s))).toEqual(['8 result-advice-test-removed', '8 result-advice-test-removed']);
  });
});
