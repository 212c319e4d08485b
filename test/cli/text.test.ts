import { describe, expect, it } from 'vitest';
import { getChange } from '../../catalogue';
import { defaultConfig } from '../../config';
import { isAudienceKey, migrateText, textFormatOf } from '../../codemods/text';
import { customConfig } from './helpers';

const BASE = getChange('base-url').id;
const AUD = getChange('token-audience').id;

const run = (filePath: string, source: string, only?: string[]) =>
  migrateText(source, { config: customConfig, filePath, only });

describe('textFormatOf', () => {
  it('recognises .env*, JSON and YAML by name', () => {
    expect(textFormatOf('/x/.env')).toBe('env');
    expect(textFormatOf('/x/.env.production.local')).toBe('env');
    expect(textFormatOf('/x/app.JSON')).toBe('json');
    expect(textFormatOf('/x/a.yml')).toBe('yaml');
    expect(textFormatOf('/x/a.yaml')).toBe('yaml');
    expect(textFormatOf('/x/a.txt')).toBeNull();
  });
});

describe('isAudienceKey', () => {
  it('matches aud/audience as a word, not as a prefix of another word', () => {
    for (const k of ['audience', 'AUTH0_AUDIENCE', 'tokenAudience', 'aud', 'OAUTH_AUD', 'api-audiences']) expect(isAudienceKey(k)).toBe(true);
    for (const k of ['AUDIT_URL', 'audio', 'baseUrl', 'laud']) expect(isAudienceKey(k)).toBe(false);
  });
});

describe('migrateText: .env', () => {
  it('rewrites v1 bases of both environments and keeps paths, quotes, comments and other lines byte for byte', () => {
    const source = [
      '# Symptom checker',
      'STAGING_API=https://old-staging.example.test/api/interviews/',
      'export LIVE_API="https://old.example.test/api"',
      "AUDIT_URL='https://old.example.test/api/audit' # trailing comment",
      '# OLD=https://old.example.test/api/ stays: a comment',
      'OTHER=https://old.example.test/apiary/',
      'EMPTY=',
      '',
    ].join('\n');
    const { output, findings } = run('/p/.env', source);
    expect(output).toBe(
      [
        '# Symptom checker',
        'STAGING_API=https://api.staging.example.test/symptom-checker/v2/interviews/',
        'export LIVE_API="https://api.example.test/symptom-checker/v2"',
        "AUDIT_URL='https://api.example.test/symptom-checker/v2/audit' # trailing comment",
        '# OLD=https://old.example.test/api/ stays: a comment',
        'OTHER=https://old.example.test/apiary/',
        'EMPTY=',
        '',
      ].join('\n'),
    );
    expect(findings.map((f) => [f.line, f.column, f.change, f.fix])).toEqual([
      [2, 13, BASE, 'auto'],
      [3, 18, BASE, 'auto'],
      [4, 12, BASE, 'auto'],
    ]);
    expect(findings[0]!.replacement).toBe('https://api.staging.example.test/symptom-checker/v2/interviews/');
  });

  it('maps an audience key whose value is exactly a v1 audience, and nothing else under audience keys', () => {
    const source = [
      'AUTH_AUDIENCE=https://old-staging.example.test/api/',
      'LIVE_AUD="https://audience.old.example.test"',
      'OTHER_AUDIENCE=https://old-staging.example.test/api/interviews',
      '',
    ].join('\r\n');
    const { output, findings } = run('/p/.env.local', source);
    expect(output).toBe(
      [
        'AUTH_AUDIENCE=https://api.staging.example.test',
        'LIVE_AUD="https://api.example.test"',
        'OTHER_AUDIENCE=https://old-staging.example.test/api/interviews',
        '',
      ].join('\r\n'),
    );
    expect(findings.map((f) => [f.line, f.change])).toEqual([
      [1, AUD],
      [2, AUD],
    ]);
  });

  it('reports a bare v1 host as a manual site without changing it', () => {
    const { output, findings } = run('/p/.env', 'HOST=https://old.example.test\n');
    expect(output).toBe('HOST=https://old.example.test\n');
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ change: BASE, fix: 'manual', line: 1, column: 6 });
  });

  it('honours --only', () => {
    const source = 'API=https://old.example.test/api/\nAUDIENCE=https://audience.old.example.test\n';
    expect(run('/p/.env', source, [AUD]).output).toBe('API=https://old.example.test/api/\nAUDIENCE=https://api.example.test\n');
    expect(run('/p/.env', source, [BASE]).output).toBe(
      'API=https://api.example.test/symptom-checker/v2/\nAUDIENCE=https://audience.old.example.test\n',
    );
    expect(run('/p/.env', source, ['interview-mode-flag-removed']).output).toBe(source);
  });
});

describe('migrateText: JSON', () => {
  it('rewrites values without reformatting, keys decide audience mapping, arrays take their key', () => {
    const source = `{
  "api": {"baseUrl": "https://old.example.test/api/", "audience": "https://audience.old.example.test"},
  "https://old.example.test/api/": "keys are not rewritten",
  "audiences": [
    "https://old-staging.example.test/api/"
  ],
  "links": ["https://old-staging.example.test/api/results/", 3, true],
  "escaped": "say \\"https://old.example.test/api/\\""
}
`;
    const { output, findings } = run('/p/settings.json', source);
    expect(output).toBe(`{
  "api": {"baseUrl": "https://api.example.test/symptom-checker/v2/", "audience": "https://api.example.test"},
  "https://old.example.test/api/": "keys are not rewritten",
  "audiences": [
    "https://api.staging.example.test"
  ],
  "links": ["https://api.staging.example.test/symptom-checker/v2/results/", 3, true],
  "escaped": "say \\"https://api.example.test/symptom-checker/v2/\\""
}
`);
    expect(JSON.parse(output)).toBeTruthy();
    expect(findings.map((f) => [f.line, f.change])).toEqual([
      [2, BASE],
      [2, AUD],
      [5, AUD],
      [7, BASE],
      [8, BASE],
    ]);
    // Columns point into the original text, like the engine's (a report on legacy code points at the v1 value).
    const line2 = source.split('\n')[1]!;
    const aud = findings[1]!;
    expect(line2.slice(aud.column - 1, aud.endColumn - 1)).toBe('https://audience.old.example.test');
  });

  it('uses the built-in environments when the config is the default one', () => {
    const r = migrateText('{"url": "https://sandbox.buoyhealth.com/api/questions/"}', { config: defaultConfig, filePath: '/p/a.json' });
    expect(r.output).toBe('{"url": "https://api.sandbox.buoyhealth.com/symptom-checker/v2/questions/"}');
  });
});

describe('migrateText: YAML', () => {
  it('handles scalars, quotes, comments, lists, flow lists and block scalars; keeps the rest', () => {
    const source = `# deploy
api:
  base: https://old-staging.example.test/api/  # staging
  tokenAudience: 'https://audience.old.example.test'
  audiences:
    - "https://old-staging.example.test/api/"
  mirrors:
    - https://old.example.test/api/questions/
  flow: [https://old.example.test/api/, "x", 'https://old-staging.example.test/api/']
  script: |
    curl https://old.example.test/api/interviews/
  note: see https://old.example.test/api/ # inline
# https://old.example.test/api/ in a comment
`;
    const { output } = run('/p/values.yml', source);
    expect(output).toBe(`# deploy
api:
  base: https://api.staging.example.test/symptom-checker/v2/  # staging
  tokenAudience: 'https://api.example.test'
  audiences:
    - "https://api.staging.example.test"
  mirrors:
    - https://api.example.test/symptom-checker/v2/questions/
  flow: [https://api.example.test/symptom-checker/v2/, "x", 'https://api.staging.example.test/symptom-checker/v2/']
  script: |
    curl https://api.example.test/symptom-checker/v2/interviews/
  note: see https://api.example.test/symptom-checker/v2/ # inline
# https://old.example.test/api/ in a comment
`);
  });

  it('leaves a file without v1 addresses byte-identical, whatever its line ends', () => {
    const source = 'a: 1\r\nb: "two"\r\n\r\nc:\n  - x\n';
    const r = run('/p/a.yaml', source);
    expect(r.output).toBe(source);
    expect(r.findings).toEqual([]);
  });
});

describe('migrateText: finding positions', () => {
  it('point at the v1 value in the original text, end exclusive, even after an earlier rewrite on the line', () => {
    const v1 = 'https://sandbox.buoyhealth.com/api/';
    const source = `[${JSON.stringify(v1)}, ${JSON.stringify(v1)}]\n`;
    const { findings } = migrateText(source, { config: defaultConfig, filePath: 'urls.json', only: ['base-url'] });
    expect(findings).toHaveLength(2);
    for (const f of findings) {
      // The original text between column and endColumn is exactly the v1 address.
      expect(source.slice(f.column - 1, f.endColumn - 1)).toBe(v1);
    }
  });
});
