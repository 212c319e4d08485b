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
