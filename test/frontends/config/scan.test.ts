import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../config';
import { scan } from '../../../lib';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/** The config front-ends inside the pipeline: parse errors, uses of names across files, second runs. */

let dir: string;
beforeEach(() => (dir = tmpDir()));
afterEach(() => cleanup(dir));

const run = async () => (await scan({ roots: ['.'], config: defaultConfig, cwd: dir })).outcomes;
const byPath = (outcomes: Awaited<ReturnType<typeof run>>, rel: string) => outcomes.find((o) => o.relPath === rel)!;

describe('config front-ends in scan()', () => {
  it('leaves a malformed YAML file byte-identical, reports it, and the text pass still reports its v1 hosts', async () => {
    const broken = fs.readFileSync(path.join(__dirname, '../../../fixtures/config/malformed/broken.yaml'), 'utf8');
    writeTree(dir, { 'deploy/broken.yaml': broken });
    const o = byPath(await run(), 'deploy/broken.yaml');
    expect(o.status).toBe('failed');
    expect(o.error).toMatch(/^cannot parse: line \d+/);
    expect(o.after).toBe(broken);
    expect(o.findings.map((f) => [f.line, f.change, f.fix])).toEqual([
      [2, 'base-url', 'manual'],
      [4, 'token-audience', 'manual'],
    ]);
  });

  it('does not rewrite a base that another file uses as the audience (a ConfigMap key, a Helm value)', async () => {
    writeTree(dir, {
      'k8s/configmap.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: bot\ndata:\n  SC_API_BASE: https://www.buoyhealth.com/api/\n',
      'k8s/deployment.yaml': [
        'kind: Deployment',
        'spec:',
        '  template:',
        '    spec:',
        '      containers:',
        '        - name: bot',
        '          env:',
        '            - name: SC_AUDIENCE',
        '              valueFrom:',
        '                configMapKeyRef:',
        '                  name: bot',
        '                  key: SC_API_BASE',
        '',
      ].join('\n'),
      'chart/values.yaml': 'symptomChecker:\n  baseUrl: https://www.buoyhealth.com/api/\n',
      'chart/values-prod.yaml': 'symptomChecker:\n  baseUrl: https://www.buoyhealth.com/api/\n  audience: https://www.buoyhealth.com/api/\n',
      'chart/templates/deploy.yaml': 'env:\n  - name: AUD\n    value: {{ .Values.symptomChecker.audience | default .Values.symptomChecker.baseUrl }}\n',
      // Another ConfigMap with the same key is not the one the deployment reads.
      'k8s/other.yaml': 'kind: ConfigMap\nmetadata:\n  name: other\ndata:\n  SC_API_BASE: https://www.buoyhealth.com/api/\n',
    });
    const outcomes = await run();
    const cm = byPath(outcomes, 'k8s/configmap.yaml');
    // Left as it was, with a marker above it.
    expect(cm.after).toBe(cm.before.replace('  SC_API_BASE', `  # ${cm.after.split('# ')[1]!.split('\n')[0]}\n  SC_API_BASE`));
    expect(cm.after).toContain('TODO(sc-migrate/base-url)');
    expect(cm.findings[0]).toMatchObject({ line: 6, change: 'base-url', fix: 'manual' });
    expect(cm.findings[0]!.message).toContain('k8s/deployment.yaml:12');
    expect(byPath(outcomes, 'k8s/deployment.yaml').findings).toMatchObject([{ line: 12, change: 'token-audience', fix: 'manual' }]);
    expect(byPath(outcomes, 'k8s/other.yaml').after).toContain('https://api.buoyhealth.com/symptom-checker/v2/');
    // values.yaml sets no audience, so the template falls back to its base: left for a person.
    expect(byPath(outcomes, 'chart/values.yaml').findings).toMatchObject([{ change: 'base-url', fix: 'manual' }]);
    // values-prod.yaml sets its own audience: each value gets its role's v2 value.
    expect(byPath(outcomes, 'chart/values-prod.yaml').after).toBe(
      'symptomChecker:\n  baseUrl: https://api.buoyhealth.com/symptom-checker/v2/\n  audience: https://api.buoyhealth.com\n',
    );
  });

  it('a shell fallback to the base makes the base manual where the audience is not set beside it', async () => {
    writeTree(dir, {
      'scripts/token.sh': 'audience="${SC_AUDIENCE:-$SC_API_BASE}"\ncurl -d "{\\"audience\\": \\"$audience\\"}" https://auth.buoyhealth.com/oauth/token\n',
      '.env': 'SC_API_BASE=https://www.buoyhealth.com/api/\n',
      'ci.env': 'SC_API_BASE=https://www.buoyhealth.com/api/\nSC_AUDIENCE=https://www.buoyhealth.com/api/\n',
    });
    const outcomes = await run();
    expect(byPath(outcomes, '.env').findings).toMatchObject([{ change: 'base-url', fix: 'manual' }]);
    expect(byPath(outcomes, 'ci.env').after).toBe('SC_API_BASE=https://api.buoyhealth.com/symptom-checker/v2/\nSC_AUDIENCE=https://api.buoyhealth.com\n');
    expect(byPath(outcomes, 'scripts/token.sh').findings).toMatchObject([{ line: 1, change: 'token-audience', fix: 'manual' }]);
  });

  it('reads a config file that names the API only by its keys (no v1 address in it)', async () => {
    writeTree(dir, { 'k8s/bot.yaml': 'env:\n  - name: SC_FALLBACK_MODE\n    value: safe\n', 'other.yaml': 'theme:\n  mode: dark\n' });
    const outcomes = await run();
    expect(outcomes.map((o) => o.relPath)).toEqual(['k8s/bot.yaml']);
    expect(outcomes[0]!.findings).toMatchObject([{ line: 3, change: 'mode-safe-triage-removed', fix: 'manual' }]);
  });

  it('reads a sample of an answer that names neither the API nor its address (a fixture named for the resource)', async () => {
    writeTree(dir, {
      'src/test/resources/__files/interview-mode-accepted.json': '{\n  "token": "t-1",\n  "mode": "safe",\n  "msg": "No new question."\n}\n',
      'src/test/resources/__files/ticket-accepted.json': '{\n  "token": "t-2",\n  "mode": "safe",\n  "msg": "Queued."\n}\n',
      'src/test/resources/__files/result.json': '{\n  "token": "r-1",\n  "advice": ["Rest"],\n  "test": []\n}\n',
    });
    const out = await run();
    expect(byPath(out, 'src/test/resources/__files/interview-mode-accepted.json').findings.map((f) => `${f.line} ${f.change} ${f.fix}`)).toEqual([
      '3 mode-safe-triage-removed manual',
      '4 update-msg-in-links manual',
    ]);
    expect(byPath(out, 'src/test/resources/__files/ticket-accepted.json')?.findings ?? []).toEqual([]);
    expect(byPath(out, 'src/test/resources/__files/result.json')?.findings.map((f) => `${f.line} ${f.change}`)).toEqual(['3 result-advice-test-removed', '4 result-advice-test-removed']);
  });

  it('reads a page of samples in an envelope (`{"results": [{…}]}`); an envelope of tickets with the same keys stays', async () => {
    const page = (extra: string) => `{\n  "results": [\n    {\n      "token": "q-1",\n      "preselected": ["o-1"],\n      "options": [{ "token": "o-1", "preselected": true }]${extra}\n    }\n  ]\n}\n`;
    writeTree(dir, { 'tests/fixtures/questions.json': page(''), 'tests/fixtures/tickets.json': page('') });
    const out = await run();
    expect(byPath(out, 'tests/fixtures/questions.json').findings.map((f) => `${f.line} ${f.change}`)).toEqual(['5 question-preselected-removed', '6 question-preselected-removed']);
    expect(byPath(out, 'tests/fixtures/tickets.json')?.findings ?? []).toEqual([]);
  });

  it('a removed field kept as null in a sample is still a site (v2 answers have no such key); the same keys in a ticket sample stay', async () => {
    const question = [
      '{',
      '  "token": "q-1",',
      '  "preselected": null,',
      '  "options": [',
      '    { "token": "o-1", "text": "Yes", "preselected": null },',
      '    { "token": "o-2", "text": "No", "preselected": "o-2" }',
      '  ]',
      '}',
      '',
    ].join('\n');
    writeTree(dir, { 'spec/fixtures/question.json': question, 'spec/fixtures/ticket.json': question });
    const out = await run();
    expect(byPath(out, 'spec/fixtures/question.json').findings.map((f) => `${f.line} ${f.change}`)).toEqual(['3 question-preselected-removed', '5 question-preselected-removed', '6 question-preselected-removed']);
    expect(byPath(out, 'spec/fixtures/ticket.json')?.findings ?? []).toEqual([]);
  });

  it("an update's answer with the interview under its own name beside a top-level msg: the msg is the moved field; a ticket update of that shape stays", async () => {
    const body = '{\n  "msg": "Mode set.",\n  "interview": {\n    "token": "i-1",\n    "mode": "input",\n    "_links": { "questions": "q/" }\n  }\n}\n';
    writeTree(dir, { 'tests/fixtures/interview_updated.json': body, 'tests/fixtures/ticket_updated.json': body });
    const out = await run();
    expect(byPath(out, 'tests/fixtures/interview_updated.json').findings.map((f) => `${f.line} ${f.change}`)).toEqual(['2 update-msg-in-links']);
    expect(byPath(out, 'tests/fixtures/ticket_updated.json')?.findings ?? []).toEqual([]);
  });
});
