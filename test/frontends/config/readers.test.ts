import { describe, expect, it } from 'vitest';
import { catalogue, selectChanges } from '../../../catalogue';
import { defaultConfig, type Config } from '../../../config';
import { noProject } from '../../../codemods/engine/ties/project';
import { scanRefs } from '../../../codemods/frontends/config/refs';
import { xcconfigCodec } from '../../../codemods/frontends/config/lines';
import { allCommands, parseScript } from '../../../codemods/frontends/config/shell/words';
import { blankTemplates } from '../../../codemods/frontends/config/yaml';
import { xmlSafe } from '../../../codemods/frontends/config/xml';
import { defaultFrontEnds } from '../../../lib/frontends';
import { customConfig } from '../../cli/helpers';

const registry = defaultFrontEnds();
function run(filePath: string, source: string, opts: { config?: Config; only?: string[] } = {}) {
  return registry.forFile(filePath).analyze({
    source,
    filePath,
    config: opts.config ?? defaultConfig,
    changes: opts.only ? selectChanges(opts.only) : catalogue,
    only: opts.only,
    markers: true,
    project: noProject,
  });
}

describe('references', () => {
  const refs = (s: string) => scanRefs(s, 0, s.length, ['brace', 'dollar', 'percent', 'helm', 'hcl', 'paren']).map((r) => [r.name, s.slice(r.start, r.end), r.fallbackOf ?? null]);

  it('reads shell, Spring, configparser, Helm, HCL and xcconfig references, and fallbacks', () => {
    expect(refs('${SC_AUDIENCE:-$SC_API_BASE}')).toEqual([
      ['SC_AUDIENCE', '${SC_AUDIENCE:-$SC_API_BASE}', null],
      ['SC_API_BASE', '$SC_API_BASE', 'SC_AUDIENCE'],
    ]);
    expect(refs('${AUD:${symptom-checker.base-url}}')).toEqual([
      ['AUD', '${AUD:${symptom-checker.base-url}}', null],
      ['symptom-checker.base-url', '${symptom-checker.base-url}', 'AUD'],
    ]);
    expect(refs('%(base)s/x')).toEqual([['base', '%(base)s', null]]);
    expect(refs('{{ .Values.a.aud | default .Values.a.base }}')).toEqual([
      ['a.aud', '.Values.a.aud', null],
      ['a.base', '.Values.a.base', 'a.aud'],
    ]);
    expect(refs('local.sc_base')).toEqual([['sc_base', 'local.sc_base', null]]);
    expect(refs('$(SC_BASE)')).toEqual([['SC_BASE', '$(SC_BASE)', null]]);
  });
});

describe('format details', () => {
  it('xcconfig: `/$()/` reads as `//` and is written back the same way', () => {
    const { text, map } = xcconfigCodec.decode('https:/$()/host/api/');
    expect(text).toBe('https://host/api/');
    expect(map[7]).toBe(10);
    expect(xcconfigCodec.encode('https://a.b')).toBe('https:/$()/a.b');
  });

  it('Helm directives are blanked to the same length, alone on a line or inside a value', () => {
    const src = 'a: {{ .Values.x }}\n  {{- with .Values.y }}\nb: "{{ x }}:{{ y }}"\n';
    const out = blankTemplates(src);
    expect(out.length).toBe(src.length);
    expect(out.split('\n')[1]!.trim()).toBe('');
    expect(out.split('\n')[0]).toBe(`a: ${'_'.repeat('{{ .Values.x }}'.length)}`);
  });

  it('shell words: quotes removed with offsets kept, $(…) parsed, continuation lines joined', () => {
    const src = `s=$(curl -X POST \\\n  "$BASE"x/ -d '{"a": 1}')\n# c\n`;
    const cmds = allCommands(parseScript(src).commands);
    const curl = cmds.find((c) => c.words[0]!.text === 'curl')!;
    expect(curl.words.map((w) => w.text)).toEqual(['curl', '-X', 'POST', '${BASE}x/', '-d', '{"a": 1}']);
    const body = curl.words[5]!;
    expect(src.slice(body.map[0]!, body.map[body.map.length - 1]! + 1)).toBe('{"a": 1}');
  });

  it('XML markers never hold `--`', () => {
    expect(xmlSafe('a -- b --- c')).toBe('a - - b - - - c');
  });
});

describe('two environments where the v1 audience differs from the v1 base (custom config)', () => {
  it('.env: bases of both environments, an audience by key, a bare host left for a person, a setting commented out reported but never rewritten', () => {
    const source = [
      '# OLD=https://old.example.test/api/ stays: a comment',
      'STAGING_API=https://old-staging.example.test/api/interviews/',
      'export LIVE_API="https://old.example.test/api"',
      'AUTH_AUDIENCE=https://audience.old.example.test',
      'HOST=https://old.example.test',
      'OTHER=https://old.example.test/apiary/',
      '',
    ].join('\r\n');
    const r = run('/p/.env', source, { config: customConfig });
    expect(r.output).toBe(
      [
        '# TODO(sc-migrate/base-url): in v2 this is `https://api.example.test/symptom-checker/v2/` (v1 base address (live) replaced by the v2 base address)',
        '# OLD=https://old.example.test/api/ stays: a comment',
        'STAGING_API=https://api.staging.example.test/symptom-checker/v2/interviews/',
        'export LIVE_API="https://api.example.test/symptom-checker/v2"',
        'AUTH_AUDIENCE=https://api.example.test',
        '# TODO(sc-migrate/base-url): this is a v1 host without its /api/ path; v2 uses an API-specific host and the path /symptom-checker/v2/. Build the URL from the v2 base address.',
        'HOST=https://old.example.test',
        'OTHER=https://old.example.test/apiary/',
        '',
      ].join('\r\n'),
    );
    expect(r.findings.map((f) => [f.line, f.change, f.fix, f.role])).toEqual([
      [1, 'base-url', 'manual', undefined],
      [2, 'base-url', 'auto', 'base'],
      [3, 'base-url', 'auto', 'base'],
      [4, 'token-audience', 'auto', 'audience'],
      [5, 'base-url', 'manual', undefined],
    ]);
  });

  it('honours --only', () => {
    const source = 'API=https://old.example.test/api/\nAUDIENCE=https://audience.old.example.test\n';
    expect(run('/p/.env', source, { config: customConfig, only: ['token-audience'] }).output).toBe('API=https://old.example.test/api/\nAUDIENCE=https://api.example.test\n');
    expect(run('/p/.env', source, { config: customConfig, only: ['base-url'] }).output).toBe('API=https://api.example.test/symptom-checker/v2/\nAUDIENCE=https://audience.old.example.test\n');
    expect(run('/p/.env', source, { config: customConfig, only: ['interview-mode-flag-removed'] }).output).toBe(source);
  });

  it('JSON: escaped quotes, arrays under an audience key, positions in the original text', () => {
    const source = '{\n  "audiences": ["https://old-staging.example.test/api/"],\n  "escaped": "say \\"https://old.example.test/api/\\""\n}\n';
    const r = run('/p/settings.json', source, { config: customConfig });
    expect(r.output).toBe('{\n  "audiences": ["https://api.staging.example.test"],\n  "escaped": "say \\"https://api.example.test/symptom-checker/v2/\\""\n}\n');
    const f = r.findings[0]!;
    expect(source.split('\n')[1]!.slice(f.column - 1, f.endColumn - 1)).toBe('https://old-staging.example.test/api/');
  });

  it('YAML: flow lists, block scalars and comments keep their bytes', () => {
    const source = 'api:\n  flow: [https://old.example.test/api/, "x"]  # c\n  script: |\n    curl https://old.example.test/api/interviews/\n# https://old.example.test/api/\n';
    expect(run('/p/a.yaml', source, { config: customConfig }).output).toBe(
      'api:\n  flow: [https://api.example.test/symptom-checker/v2/, "x"]  # c\n  script: |\n    curl https://api.example.test/symptom-checker/v2/interviews/\n# https://old.example.test/api/\n',
    );
  });
});

describe('markers where comments are fragile', () => {
  it('a site inside a YAML block scalar gets its marker above the key, not inside the scalar', () => {
    const source = 'job:\n  script: |\n    export SC_X=https://www.buoyhealth.com/api/\n    curl -d \'{"interview": "x", "text": "t", "extra": 1}\' https://www.buoyhealth.com/api/complaints/\n';
    const r = run('/p/ci.yml', source);
    expect(r.findings.map((f) => [f.line, f.change, f.fix])).toEqual([
      [3, 'base-url', 'manual'],
      [4, 'complaint-extra-removed', 'manual'],
      [4, 'base-url', 'auto'],
    ]);
    const lines = r.output.split('\n');
    expect(lines[0]).toBe('job:');
    expect(lines[1]).toMatch(/^ {2}# TODO\(sc-migrate\/base-url\): .* TODO\(sc-migrate\/complaint-extra-removed\)/);
    expect(lines[2]).toBe('  script: |');
  });

  it('a shell site on a continued command gets its marker above the command', () => {
    const source = 'curl -X POST https://www.buoyhealth.com/api/complaints/ \\\n  -d \'{"interview": "x", "text": "t", "extra": "y"}\'\n';
    const r = run('/p/x.sh', source);
    expect(r.output.split('\n')[0]).toMatch(/^# TODO\(sc-migrate\/complaint-extra-removed\)/);
  });

  it('a site in a here-doc gets its marker above the command that writes it', () => {
    const source = 'cat > app.env <<EOF\nSC_X=https://www.buoyhealth.com/api/\nEOF\n';
    const r = run('/p/x.sh', source);
    expect(r.output.split('\n')[0]).toMatch(/^# TODO\(sc-migrate\/base-url\)/);
    expect(r.output.split('\n').slice(1).join('\n')).toBe(source);
  });

  it('a Terraform heredoc keeps its text; the marker goes above the attribute', () => {
    const source = 'locals {\n  doc = <<EOT\nsee https://www.buoyhealth.com/api/\nEOT\n}\n';
    const r = run('/p/main.tf', source);
    expect(r.output).toBe(`locals {\n  # TODO(sc-migrate/base-url): ${r.findings[0]!.message}\n  doc = <<EOT\nsee https://www.buoyhealth.com/api/\nEOT\n}\n`);
  });
});

describe('the key and the value must agree on the role', () => {
  it('a v1 address with a path under an audience key, or the v1 audience under a base key, is left for a person', () => {
    const r = run('/p/.env', 'SC_AUDIENCE=https://www.buoyhealth.com/api/interviews/\n');
    expect(r.findings).toMatchObject([{ change: 'base-url', fix: 'manual' }]);
    expect(r.output).toContain('SC_AUDIENCE=https://www.buoyhealth.com/api/interviews/');
    const c = run('/p/.env', 'API_URL=https://audience.old.example.test\n', { config: customConfig });
    expect(c.findings).toMatchObject([{ fix: 'manual' }]);
  });
});
