import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../config';
import { migrateSource } from '../../codemods/engine';
import { ParseError } from '../../codemods/types';

const migrate = (source: string, filePath = 'a.js', only?: string[]) =>
  migrateSource(source, { config: defaultConfig, filePath, only });

describe('migrateSource', () => {
  it('keeps CRLF line ends, including on the marker lines it inserts', () => {
    const source = [
      "const BASE = 'https://sandbox.buoyhealth.com/api/';",
      'export function show(result) {',
      '  return result.advice;',
      '}',
      '',
    ].join('\r\n');
    const { output, findings } = migrate(source);
    expect(findings.map((f) => `${f.line}:${f.change}:${f.fix}`)).toEqual(['1:base-url:auto', '3:result-advice-test-removed:manual']);
    expect(output).toContain("'https://api.sandbox.buoyhealth.com/symptom-checker/v2/'");
    expect(output).toMatch(/\r\n {2}\/\/ TODO\(sc-migrate\/result-advice-test-removed\): [^\r\n]+\r\n {2}return result\.advice;/);
    expect(output.replace(/\r\n/g, '')).not.toContain('\n');
  });

  it('throws a ParseError with the position of a syntax error, and changes nothing', () => {
    const source = "const x = 'https://sandbox.buoyhealth.com/api/';\nfunction (\n";
    let error: unknown;
    try {
      migrate(source);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ParseError);
    expect((error as ParseError).line).toBe(2);
    expect((error as ParseError).message).toContain('a.js');
  });

  it('chooses the parser by extension: TypeScript syntax in .ts, JSX in .jsx, both in .tsx', () => {
    expect(() => migrate('const x: number = 1;', 'a.ts')).not.toThrow();
    expect(() => migrate('const x = <div />;', 'a.jsx')).not.toThrow();
    expect(() => migrate('const x = <div>{(1 as number)}</div>;', 'a.tsx')).not.toThrow();
    // Flow annotations parse in .js (as with jscodeshift's babylon parser); TypeScript-only syntax does not.
    expect(() => migrate('abstract class A {}', 'a.js')).toThrow(ParseError);
    expect(() => migrate('abstract class A {}', 'a.ts')).not.toThrow();
  });

  it("parses import attributes in both spellings (`with`, and the older `assert` of Fresh's generated manifest), in .ts, .tsx and .js", () => {
    for (const kw of ['with', 'assert']) {
      for (const file of ['fresh.gen.ts', 'a.tsx', 'a.js']) {
        const source = `import manifest from './deno.json' ${kw} { type: 'json' };\nexport const BASE = 'https://sandbox.buoyhealth.com/api/';\n`;
        expect(migrate(source, file).findings.map((f) => `${f.line}:${f.change}`)).toEqual(['2:base-url']);
      }
    }
  });

  it('--only limits the changes applied', () => {
    const source = "const b = 'https://sandbox.buoyhealth.com/api/';\nsetMode(interview.token, 'complaint');\n";
    const { output } = migrate(source, 'a.js', ['mode-complaint-renamed-input']);
    expect(output).toContain('https://sandbox.buoyhealth.com/api/');
    expect(output).toContain("setMode(interview.token, 'input')");
  });

  it('with markers off, manual sites are reported but the text is unchanged', () => {
    const source = 'export const f = (result) => result.advice;\n';
    const r = migrateSource(source, { config: defaultConfig, filePath: 'a.js', markers: false });
    expect(r.output).toBe(source);
    expect(r.findings).toHaveLength(1);
  });
});

describe('directives: a person acknowledges a reviewed site', () => {
  it('sc-migrate-disable-next-line <id> silences that change on the next line only, and adds no marker', () => {
    const source = [
      'export function body(clientId, clientSecret) {',
      '  // sc-migrate-disable-next-line token-audience -- SC_AUDIENCE is set to the v2 audience in every environment',
      "  const a = { client_id: clientId, client_secret: clientSecret, audience: process.env.SC_AUDIENCE, grant_type: 'client_credentials' };",
      "  const b = { client_id: clientId, client_secret: clientSecret, audience: process.env.OTHER, grant_type: 'client_credentials' };",
      '  return [a, b];',
      '}',
      '',
    ].join('\n');
    const { output, findings } = migrate(source);
    expect(findings.map((f) => `${f.line}:${f.change}`)).toEqual(['4:token-audience']);
    expect(output.match(/TODO\(sc-migrate\/token-audience\)/g)).toHaveLength(1);
  });

  it('names only the changes it lists; without ids it covers every change; -line works at the end of a line', () => {
    const source = [
      "// sc-migrate-disable-next-line base-url",
      "const a = ['https://sandbox.buoyhealth.com/api/', result.advice];",
      '// sc-migrate-disable-next-line',
      "const b = ['https://sandbox.buoyhealth.com/api/', result.advice];",
      "const c = 'https://sandbox.buoyhealth.com/api/'; // sc-migrate-disable-line base-url -- a fixture of our own tests",
      '',
    ].join('\n');
    const { output, findings } = migrate(source);
    expect(findings.map((f) => `${f.line}:${f.change}`)).toEqual(['2:result-advice-test-removed']);
    expect(output.split('\n').filter((l) => l.includes('https://sandbox.buoyhealth.com/api/'))).toHaveLength(3);
  });
});

describe('markers tell the truth', () => {
  it('one marker per statement names every field; a second run adds nothing; a marker whose site is gone is removed', () => {
    const source = [
      'export function show(result) {',
      '  return [result.advice, result.test];',
      '}',
      '',
    ].join('\n');
    const once = migrate(source).output;
    expect(once.match(/TODO\(sc-migrate\//g)).toHaveLength(1);
    expect(once).toContain('no `advice` or `test`');
    expect(migrate(once).output).toBe(once);
    // A person fixes the code but leaves the marker: the next run removes it.
    const fixed = once.replace('[result.advice, result.test]', '[result.triage]');
    expect(migrate(fixed).output).toBe(source.replace('[result.advice, result.test]', '[result.triage]'));
  });

  it('keeps markers of changes the run does not apply (--only), and never marks code the same run deletes', () => {
    const stale = '// TODO(sc-migrate/result-advice-test-removed): v2 results have no `advice`.\nexport const x = 1;\n';
    expect(migrate(stale, 'a.js', ['base-url']).output).toBe(stale);
    const sent = [
      "export function send(intent) {",
      "  return fetch('https://www.buoyhealth.com/api/intents/', { method: 'POST', body: JSON.stringify({ intent: intent.intent, detail: intent.detail }) });",
      '}',
      '',
    ].join('\n');
    const { output, findings } = migrate(sent, 'a.js', ['intent-detail-context-removed']);
    expect(output).not.toContain('TODO(');
    expect(output).not.toContain('detail');
    expect(findings.map((f) => `${f.change}:${f.fix}`)).toEqual(['intent-detail-context-removed:auto']);
  });
});
