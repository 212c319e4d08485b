import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogue, changesAfterPin, getChange, parsePin, rulesOfKind } from '../../catalogue';
import { renderCatalogueDoc, renderTable, tableInReadme } from '../../catalogue/docs';

/** The ids other issues (reports, metrics) depend on, with the month the spec gives each. */
const REQUIRED: Record<string, string | null> = {
  'base-url': '2021-07',
  'token-audience': '2021-07',
  'complaint-extra-removed': '2021-07',
  'intent-detail-context-removed': '2021-07',
  'answer-extra-optional': '2021-07',
  'interview-profile-fields-removed': '2021-07',
  'interview-marketplace-variant-removed': '2021-07',
  'question-preselected-removed': '2021-07',
  'result-advice-test-removed': '2021-07',
  'potential-condition-triage-removed': '2020-11',
  'question-free-text-alttext-added': '2020-11',
  'profile-age-range': '2020-09',
  'location-optional': '2020-08',
  'location-error-422': '2020-08',
  'interview-mode-flag-removed': '2020-07',
  'mode-complaint-renamed-input': '2020-07',
  'mode-safe-triage-removed': '2020-07',
  'update-msg-in-links': '2020-07',
  'mode-update-status-200': '2020-07',
  'complaint-next-links': null,
};

const SPEC = fs.readFileSync(path.join(__dirname, '../../docs/spec/symptom-checker-api-v2.md'), 'utf8');
const normalize = (s: string) => s.replace(/\s+/g, ' ').trim();

describe('change catalogue', () => {
  it('has every required id with its month', () => {
    for (const [id, month] of Object.entries(REQUIRED)) expect(getChange(id).month, id).toBe(month);
  });

  it('ids are unique and stable-looking', () => {
    const ids = catalogue.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('quotes the spec: every passage without "..." appears verbatim in the spec', () => {
    const spec = normalize(SPEC.replace(/\|/g, ' ').replace(/`/g, ''));
    let checked = 0;
    for (const change of catalogue) {
      expect(change.spec.length, change.id).toBeGreaterThan(0);
      for (const ref of change.spec) {
        // Table rows are quoted as "field: rule"; compare each sentence of the passage.
        for (const sentence of ref.text.split(/(?<=\.)\s+|: /)) {
          if (sentence.includes('...') || sentence.length < 12) continue;
          expect(spec.includes(normalize(sentence.replace(/\.$/, ''))), `${change.id}: "${sentence}"`).toBe(true);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(40);
  });

  it('pins: v1 gets the changes of July 2021; a month gets every dated change after it', () => {
    expect(changesAfterPin('v1').map((c) => c.id)).toEqual(catalogue.filter((c) => c.month === '2021-07').map((c) => c.id));
    const june2020 = changesAfterPin('2020-06').map((c) => c.id);
    expect(june2020).toContain('mode-complaint-renamed-input');
    expect(june2020).toContain('location-error-422');
    expect(june2020).toContain('potential-condition-triage-removed');
    expect(june2020).toContain('complaint-extra-removed');
    expect(june2020).not.toContain('complaint-next-links');
    expect(changesAfterPin('2020-08').map((c) => c.id)).not.toContain('location-error-422');
    expect(changesAfterPin('2021-07')).toEqual([]);
    expect(() => parsePin('2020-13')).toThrow(/neither 'v1' nor a month/);
  });

  it('status changes and removed values carry what the shim needs', () => {
    for (const { rule } of rulesOfKind('status-changed')) expect(rule.from).not.toBe(rule.to);
    const modeUpdate = rulesOfKind('status-changed').find((r) => r.change.id === 'mode-update-status-200')!.rule;
    const links = (href: string) => ({ _links: { next: href } });
    const ctx = (body: unknown) => ({ method: 'PUT', operation: 'mode-update' as const, requestBody: {}, responseBody: body });
    expect(modeUpdate.applies(ctx({ _links: {} }))).toBe(true);
    expect(modeUpdate.applies(ctx(links('https://api.example/symptom-checker/v2/questions/abc/')))).toBe(false);
    expect(modeUpdate.applies(ctx(links('https://api.example/symptom-checker/v2/results/abc/')))).toBe(false);
    expect(modeUpdate.applies(ctx(links('https://api.example/symptom-checker/v2/interviews/abc/')))).toBe(true);
  });
});

describe('generated docs', () => {
  it('the README table is the catalogue (run `npm run docs` after changing a module)', () => {
    const readme = fs.readFileSync(path.join(__dirname, '../../README.md'), 'utf8');
    expect(tableInReadme(readme)).toBe(renderTable());
  });

  it('docs/catalogue.md is up to date', () => {
    const doc = fs.readFileSync(path.join(__dirname, '../../docs/catalogue.md'), 'utf8');
    expect(doc).toBe(renderCatalogueDoc());
  });

  it('the table has one row per change', () => {
    expect(renderTable().split('\n')).toHaveLength(catalogue.length + 2);
  });
});
