import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A removed field read through a method reference to a model of the API (`.map(Result::getAdvice)`), as
 * `result.getAdvice()` is; the same reference to another thing's type (`Ticket::getAdvice`) stays.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const model = (name: string) => [
  'package demo;',
  '',
  `public class ${name} {`,
  '    private String token;',
  '    private String advice;',
  '    public String getToken() { return token; }',
  '    public String getAdvice() { return advice; }',
  '}',
].join('\n');

describe('method references to a model\'s getter (Java)', () => {
  it('reports a removed field read by reference on the API\'s model, not on a ticket', async () => {
    writeTree(dir, {
      'src/main/java/demo/Result.java': model('Result'),
      'src/main/java/demo/Ticket.java': model('Ticket'),
      'src/main/java/demo/Client.java': [
        'package demo;',
        '',
        'import java.util.Optional;',
        '',
        'public class Client {',
        '    private static final String BASE = "https://www.buoyhealth.com/api/";',
        '    public Result result(String t) { return http.get(BASE + "results/" + t + "/", Result.class); }',
        '    public Optional<String> advice(String t) {',
        '        return Optional.ofNullable(result(t)).map(Result::getAdvice);',
        '    }',
        '    public Optional<String> note(Ticket t) {',
        '        return Optional.ofNullable(t).map(Ticket::getAdvice);',
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    const found = sites(r, 'src/main/java/demo/Client.java');
    expect(found).toContain('9 result-advice-test-removed');
    expect(found.filter((s) => s.startsWith('12 '))).toEqual([]);
  });
});

describe("Ruby's block given as a method's name (`&:advice`)", () => {
  it('reads the field of each item of the API\'s list (`results.map(&:advice)`, a model\'s own `options.reject(&:preselected?)`); a desk\'s replies stay', async () => {
    writeTree(dir, {
      'lib/sc/client.rb': [
        'module Sc',
        '  class Client',
        '    BASE = "https://www.buoyhealth.com/api/"',
        '',
        '    def results(token)',
        '      get_json("#{BASE}results/?interview=#{token}").map { |h| Result.new(h) }',
        '    end',
        '',
        '    def question(token)',
        '      Question.new(get_json("#{BASE}questions/#{token}/"))',
        '    end',
        '  end',
        '',
        '  class Result',
        '    attr_reader :token, :advice',
        '    def initialize(h)',
        '      @token = h["token"]',
        '      @advice = h["advice"]',
        '    end',
        '  end',
        '',
        '  class Option',
        '    attr_reader :token, :pre_selected',
        '    def initialize(h)',
        '      @token = h["token"]',
        '      @pre_selected = h["pre_selected"]',
        '    end',
        '',
        '    def preselected?',
        '      !pre_selected.nil?',
        '    end',
        '  end',
        '',
        '  class Question',
        '    attr_reader :options',
        '    def initialize(h)',
        '      @options = Array(h["options"]).map { |o| Option.new(o) }',
        '    end',
        '',
        '    def open_options',
        '      options.reject(&:preselected?)',
        '    end',
        '',
        '    def tokens',
        '      options.map(&:token)',
        '    end',
        '  end',
        'end',
        '',
      ].join('\n'),
      'lib/sc/digest.rb': ['class Digest', '  def lines(client, desk, token)', '    client.results(token).map(&:advice) + desk.replies(token).map(&:advice)', '  end', 'end', ''].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'lib/sc/client.rb').filter((s) => s.startsWith('41 ') || s.startsWith('45 '))).toEqual(['41 question-preselected-removed']);
    expect(r.outcomes.find((o) => o.relPath === 'lib/sc/digest.rb')!.findings.map((f) => `${f.line}:${f.column}`)).toEqual(['3:33']);
  });
});
