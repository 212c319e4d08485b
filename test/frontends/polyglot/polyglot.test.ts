import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { catalogue, type Change } from '../../../catalogue';
import { defaultConfig } from '../../../config';
import { noProject } from '../../../codemods/engine/ties/project';
import { polyglotFrontEnds } from '../../../codemods/frontends/polyglot';
import { ParseError } from '../../../codemods/types';
import { FrontEndRegistry } from '../../../lib/registry';
import { textFrontEnd } from '../../../codemods/frontends/text';
import type { FrontEndOutput } from '../../../lib/types';

const FIXTURES = path.join(__dirname, '../../../fixtures/polyglot');
const registry = polyglotFrontEnds().reduce((r, f) => r.register(f), new FrontEndRegistry(textFrontEnd));

function run(file: string, source: string, changes: readonly Change[] = catalogue): FrontEndOutput {
  return registry.forFile(file).analyze({ source, filePath: file, config: defaultConfig, changes, markers: true, project: noProject });
}

const report = (r: FrontEndOutput) => r.findings.map((f) => `${f.line}:${f.column} ${f.change} ${f.fix}`).join('\n') + '\n';

describe('polyglot fixtures', () => {
  for (const lang of fs.readdirSync(FIXTURES).sort()) {
    for (const name of fs.readdirSync(path.join(FIXTURES, lang)).filter((f) => f.includes('.input.')).sort()) {
      const input = path.join(FIXTURES, lang, name);
      const source = fs.readFileSync(input, 'utf8');
      it(`${lang}/${name}: output, report, and a second run that changes nothing`, () => {
        const r = run(input, source);
        expect(registry.forFile(input).id).toBe(lang);
        expect(r.output).toBe(fs.readFileSync(input.replace('.input.', '.output.'), 'utf8'));
        expect(report(r)).toBe(fs.readFileSync(input.replace(/\.input\.\w+$/, '.report.txt'), 'utf8'));
        const again = run(input, r.output);
        expect(again.output).toBe(r.output);
        expect(again.findings.filter((f) => f.fix === 'auto')).toEqual([]);
      });
    }
  }

  it('negatives (another API with mode, extra, advice, test, 202 and /api/) stay byte-identical', () => {
    const negatives = fs.readdirSync(FIXTURES).flatMap((lang) =>
      fs.readdirSync(path.join(FIXTURES, lang)).filter((f) => /^(desk|helpdesk|support)\w*\.input\./i.test(f)).map((f) => path.join(FIXTURES, lang, f)),
    );
    expect(negatives.length).toBe(30);
    for (const file of negatives) {
      const source = fs.readFileSync(file, 'utf8');
      const r = run(file, source);
      expect({ file, findings: r.findings }).toEqual({ file, findings: [] });
      expect(r.output).toBe(source);
    }
  });
});

describe('polyglot front-end', () => {
  it('throws a ParseError on text its grammar cannot read (the pipeline leaves it as it is)', () => {
    for (const [file, text] of [
      ['a.py', 'def f(:\n  x = {"extra": 1\n'],
      ['a.go', 'package x\nfunc f( {\n'],
      ['A.java', 'class A { void f( }'],
      ['a.rb', 'def f(\n  x = {\n'],
      ['a.dart', 'void f( {\n  final x = {\n'],
    ] as const) {
      expect(() => run(`/tmp/${file}`, text)).toThrow(ParseError);
    }
  });

  it('reads around a construct its grammar is behind on when that line holds nothing of the API; only addresses are rewritten there', () => {
    const src = [
      'package shop.triage',
      '',
      'import retrofit2.http.Body',
      'import retrofit2.http.PUT',
      'import retrofit2.http.Path',
      '',
      'const val TRIAGE_API = "https://www.buoyhealth.com/api/"',
      'private const val RETRY_MASK = 0b0110',
      '',
      'data class ModeBody(val mode: String)',
      '',
      'interface TriageApi {',
      '    @PUT("interviews/{token}/")',
      '    suspend fun setMode(@Path("token") token: String, @Body body: ModeBody): Any',
      '}',
      '',
      'suspend fun describe(api: TriageApi, token: String) = api.setMode(token, ModeBody("complaint"))',
      '',
    ].join('\n');
    const r = run('/tmp/Triage.kt', src);
    // The address is rewritten, the mode is not: a marker above its line says why.
    const out = r.output.split('\n');
    const marker = out.findIndex((l) => l.includes('sc-migrate/mode-complaint-renamed-input'));
    expect(out[marker + 1]).toContain('ModeBody("complaint")');
    expect(out.filter((_, i) => i !== marker).join('\n')).toBe(src.replace('https://www.buoyhealth.com/api/', 'https://api.buoyhealth.com/symptom-checker/v2/'));
    expect(r.findings.map((f) => `${f.line} ${f.change} ${f.fix} ${/line 8 holds kotlin syntax its grammar does not read/.test(f.message)}`)).toEqual([
      '7 base-url auto false',
      '17 mode-complaint-renamed-input manual true',
    ]);
    // The same construct on a line that holds something of the API: the file is a parse failure, as a broken one is.
    expect(() => run('/tmp/Triage.kt', src.replace('private const val RETRY_MASK = 0b0110', 'private val MODE_MASK = "complaint".length + 0b0110'))).toThrow(ParseError);
  });

  it('counts offsets in UTF-16 code units, as ast-grep reports them (astral characters before the site)', () => {
    const src = 'NOTE = "😀 é 😀"\nAPI_URL = "https://www.buoyhealth.com/api/"\n';
    const r = run('/tmp/u.py', src);
    expect(r.output).toBe('NOTE = "😀 é 😀"\nAPI_URL = "https://api.buoyhealth.com/symptom-checker/v2/"\n');
  });

  it('never touches v1 addresses in comments or names', () => {
    const src = '# see https://www.buoyhealth.com/api/ for docs\nwww_buoyhealth_com_api = 1\n';
    const r = run('/tmp/c.py', src);
    expect({ output: r.output, findings: r.findings }).toEqual({ output: src, findings: [] });
  });

  it('names tie only in a file that talks to the API (`result.test` elsewhere is another thing)', () => {
    const parser = 'def parse_if(self):\n    node = result = nodes.If(lineno=1)\n    node.test = self.parse_tuple()\n    return result.test\n';
    expect(run('/tmp/parser.py', parser).findings).toEqual([]);
    const client = 'def outcome(http, t):\n    result = http.get(f"results/{t}/").json()\n    return result.test\n';
    expect(run('/tmp/client.py', client).findings.map((f) => `${f.line} ${f.change}`)).toEqual(['3 result-advice-test-removed']);
  });

  it('a bare resource word is no path (a DNS message\'s "questions" section does not tie the file)', () => {
    const dns = 'package dns\n\nfunc section(q Question) string {\n\tif q.Preselected {\n\t\treturn "questions"\n\t}\n\treturn q.Name\n}\n';
    expect(run('/tmp/dns.go', dns).findings).toEqual([]);
  });

  it('compares nodes by span, not object identity: a lookup key names its default, a class owns its attr_reader', () => {
    const settings = 'class Desk\n  base_uri SETTINGS.fetch(:api_base, "https://sandbox.buoyhealth.com/api/")\nend\n';
    expect(run('/tmp/s.rb', settings).output).toBe('class Desk\n  base_uri SETTINGS.fetch(:api_base, "https://api.sandbox.buoyhealth.com/symptom-checker/v2/")\nend\n');
    const model = 'class Interview\n  attr_reader :token, :interview_mode\nend\n\ndef fetch(http, t)\n  Interview.new(http.get("interviews/#{t}/").body)\nend\n';
    const reads = run('/tmp/m.rb', model).findings.filter((f) => f.line === 2 && /read/.test(f.message));
    expect(reads.map((f) => f.change)).toEqual(['interview-mode-flag-removed']);
  });

  it('patterns come from the catalogue: a new removed field reaches every language', () => {
    const extra: Change = {
      ...catalogue.find((c) => c.id === 'complaint-extra-removed')!,
      id: 'complaint-channel-removed',
      rules: [{ kind: 'request-field-removed', resource: 'complaint', operations: ['create'], path: ['channel'], codemod: 'manual', strip: false, message: 'no channel' }],
    };
    const changes = [...catalogue, extra];
    const py = run('/tmp/n.py', 'def f(h):\n    h.post("complaints/", json={"channel": "web"})\n', changes);
    const go = run('/tmp/n.go', 'package x\nfunc f(c *C) { c.post("complaints/", map[string]any{"channel": "web"}) }\n', changes);
    const rb = run('/tmp/n.rb', 'def f(h)\n  h.post("complaints/", { channel: "web" })\nend\n', changes);
    for (const r of [py, go, rb]) expect(r.findings.map((f) => f.change)).toEqual(['complaint-channel-removed']);
  });

  it('a file in a language without a parser that calls the v1 API gets one file-level finding', () => {
    const r = run('/tmp/lib.scala', 'const BASE: &str = "https://www.buoyhealth.com/api/";\nfn url() -> String { format!("{}results/", "https://sandbox.buoyhealth.com/api/") }\n');
    const fileLevel = r.findings.filter((f) => f.message.includes('calls the v1 API at 2 places'));
    expect(fileLevel).toHaveLength(1);
    expect(fileLevel[0]!.fix).toBe('manual');
  });
});

describe('a missing grammar', () => {
  it('is a skipped-with-reason condition: a file that calls the v1 API gets its addresses and one file-level finding, never a crash', async () => {
    vi.resetModules();
    process.env.SC_MIGRATE_HIDE_GRAMMARS = 'ruby,rust';
    try {
      const { polyglotFrontEnds: fresh } = await import('../../../codemods/frontends/polyglot');
      const ruby = fresh().find((f) => f.id === 'ruby')!;
      const src = 'BASE = "https://www.buoyhealth.com/api/"\nx = { extra: 1 }\n';
      const r = ruby.analyze({ source: src, filePath: '/tmp/x.rb', config: defaultConfig, changes: catalogue, markers: true, project: noProject });
      const fileLevel = r.findings.filter((f) => f.fix === 'manual');
      expect(fileLevel).toHaveLength(1);
      expect(fileLevel[0]!.message).toMatch(/calls the v1 API at 1 place; ruby not parsed: grammar @ast-grep\/lang-ruby is not available/);
      expect(r.output).toContain('symptom-checker/v2/');
      // Rust, as before it had a front-end: the addresses, and the file-level finding.
      const rust = fresh().find((f) => f.id === 'rust')!;
      const rs = 'const BASE: &str = "https://www.buoyhealth.com/api/";\nfn body() -> Value { json!({"extra": 1}) }\n';
      const out = rust.analyze({ source: rs, filePath: '/tmp/lib.rs', config: defaultConfig, changes: catalogue, markers: true, project: noProject });
      expect(out.findings.filter((f) => f.message.includes('calls the v1 API')).map((f) => f.message)).toEqual([expect.stringMatching(/rust not parsed: grammar @ast-grep\/lang-rust is not available/)]);
      expect(out.findings.map((f) => f.change)).not.toContain('complaint-extra-removed');
      // Without a v1 address: the plain-text pass, with the reason.
      const plain = ruby.analyze({ source: 'x = { extra: 1 }\n', filePath: '/tmp/y.rb', config: defaultConfig, changes: catalogue, markers: true, project: noProject });
      expect(plain.findings.every((f) => /ruby not parsed/.test(f.message))).toBe(true);
    } finally {
      delete process.env.SC_MIGRATE_HIDE_GRAMMARS;
    }
  });

  it('Elixir without its grammar keeps the token reader: reports only, the addresses rewritten', async () => {
    vi.resetModules();
    process.env.SC_MIGRATE_HIDE_GRAMMARS = 'elixir';
    try {
      const { polyglotFrontEnds: fresh } = await import('../../../codemods/frontends/polyglot');
      const elixir = fresh().find((f) => f.id === 'elixir')!;
      const src = 'defmodule C do\n  @base "https://www.buoyhealth.com/api/"\n  def c(t, n), do: Req.post!(@base <> "complaints/", json: %{interview: t, extra: n})\nend\n';
      const r = elixir.analyze({ source: src, filePath: '/tmp/c.ex', config: defaultConfig, changes: catalogue, markers: true, project: noProject });
      expect(r.output).toContain('symptom-checker/v2/');
      expect(r.output).toContain('extra: n');
      expect(r.findings.map((f) => f.change)).toContain('complaint-extra-removed');
      // The file-level finding says why the file was not parsed.
      expect(r.findings.some((f) => /elixir not parsed: grammar @ast-grep\/lang-elixir is not available/.test(f.message))).toBe(true);
    } finally {
      delete process.env.SC_MIGRATE_HIDE_GRAMMARS;
    }
  });
});
