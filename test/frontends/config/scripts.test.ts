import { describe, expect, it } from 'vitest';
import { chainReads } from '../../../codemods/frontends/config/chains';
import { jqObjectJson, jqReads } from '../../../codemods/frontends/config/jq';
import { makeRefs } from '../../../codemods/frontends/config/make';
import { comparedLiterals } from '../../../codemods/frontends/config/reads';
import { scanRefs } from '../../../codemods/frontends/config/refs';
import { allCommands, parseScript } from '../../../codemods/frontends/config/shell/words';

/** The small readers of scripts around requests: jq filters, member chains, make and template references. */

const paths = (reads: { path: string[]; relative?: boolean }[]) => reads.map((r) => `${r.relative ? '~' : ''}${r.path.join('.')}`);

describe('jq filters', () => {
  it('reads paths through pipes, object shorthands, map and select', () => {
    expect(paths(jqReads('.profile | .race, .weight'))).toEqual(['profile', 'profile.race', 'profile.weight']);
    expect(paths(jqReads('{token, mode, variant}'))).toEqual(['token', 'mode', 'variant']);
    expect(paths(jqReads('{triage, name: .triage_explanation.potential_condition.name}'))).toEqual(['triage', 'triage_explanation.potential_condition.name']);
    expect(paths(jqReads('map(.options | map(select(.preselected | not)))'))).toEqual(['*.options', '*.options.*.preselected']);
    expect(paths(jqReads('[.[] | {token, options: [.options[] | select(.preselected == null) | {token}]}]'))).toEqual([
      '*',
      '*.token',
      '*.options.*',
      '*.options.*.preselected',
      '*.options.*.token',
    ]);
    expect(paths(jqReads('has("extra")'))).toEqual(['extra']);
    expect(paths(jqReads('.["a-b"].c'))).toEqual(['a-b.c']);
  });

  it('makes a path relative where its input is not known', () => {
    expect(paths(jqReads('.a as $x | $x.msg'))).toEqual(['a', '~msg']);
    expect(paths(jqReads('(.a // .b) | .msg'))).toEqual(['a', 'b', '~msg']);
  });
});

describe('jq -n objects', () => {
  const ids = (s: string) => Array.from({ length: s.length }, (_, i) => i);
  it('quotes bare keys and nulls variables, keeping each key where it is written', () => {
    const f = '{a: $x, "b": {c: 1, d: "y"}}';
    const r = jqObjectJson(f, ids(f))!;
    expect(JSON.parse(r.text)).toEqual({ a: null, b: { c: 1, d: 'y' } });
    const c = r.text.indexOf('"c"');
    expect(f.slice(r.map[c]!, r.map[c + 2]! + 1)).toBe('c');
  });
  it('is no literal body where jq computes anything', () => {
    for (const f of ['{a: .x}', '{a: 1} | .b = 2', '{$x}', '{a: ($x | tostring)}', '[1]']) expect(jqObjectJson(f, ids(f))).toBeNull();
  });
});

describe('member chains', () => {
  const roots = new Map([
    ['pm.response.json()', { path: [] }],
    ['pm.response', { path: [], status: true }],
    ['reg.json', { path: [] }],
  ]);

  it('follows aliases, destructuring, callbacks and property assertions', () => {
    const text = [
      'const body = pm.response.json();',
      'const { profile } = body;',
      'pm.expect(profile.race).to.eql("x");',
      'const q = pm.response.json()[0];',
      'q.options.filter(o => o.preselected === null);',
      'pm.expect(body).to.have.property("variant");',
      'pm.response.to.have.status(202);',
      '/x/.test(body.token);',
    ].join('\n');
    const r = chainReads(text, roots);
    expect(paths(r.reads)).toEqual(['profile', 'profile.race', '*.options', '*.options.*.preselected', 'variant', 'token']);
    expect(text.slice(r.reads[0]!.start, r.reads[0]!.end)).toBe('profile');
    expect(r.statuses).toHaveLength(1);
    expect(text.slice(r.statuses[0]!)).toMatch(/^\.to\.have\.status\(202\)/);
  });

  it('reads Jinja expressions: filters, loops and set', () => {
    const r = chainReads("{% set pc = reg.json.triage_explanation.potential_condition %}{{ pc.triage | default('') }}{% for o in reg.json.options %}{{ o.preselected }}{% endfor %}", roots);
    expect(paths(r.reads)).toEqual(['triage_explanation.potential_condition', 'triage_explanation.potential_condition.triage', 'options', 'options.*.preselected']);
  });

  it('finds the literals a read is compared with', () => {
    const lits = (s: string) => comparedLiterals(s, 0).map((l) => l.value);
    expect(lits(' == 400')).toEqual(['400']);
    expect(lits(' in [201, 400]')).toEqual(['201', '400']);
    expect(lits(").to.eql('complaint')")).toEqual(['complaint']);
    expect(lits(').to.be.oneOf([200, 202])')).toEqual(['200', '202']);
    expect(lits(', 202')).toEqual([]);
  });
});

describe('make', () => {
  it('references: plain, computed, $(or …) fallbacks; $$ is none', () => {
    const s = 'a $(A) ${B} $(BASE_$(ENV)) $(or $(X),$(Y)) $$HOME $(shell echo $(Z))';
    expect(makeRefs(s, 0, s.length).map((r) => [r.name, r.fallbackOf ?? null])).toEqual([
      ['A', null],
      ['B', null],
      ['BASE_*', null],
      ['X', null],
      ['Y', 'X'],
      ['Z', null],
    ]);
  });

  it('recipes: $$ is the shell\'s $, $(X) a make variable, @ and - prefixes dropped', () => {
    const src = "\t@code=$$($(CURL) \"$(BASE)x/\" -d '{\"m\":\"$$M\"}'); [ \"$$code\" = 202 ]\n";
    const words = allCommands(parseScript(src, 0, src.length, { make: true }).commands).map((c) => c.words.map((w) => w.text));
    expect(words).toEqual([
      ['code=$($(CURL) "$(BASE)x/" -d \'{"m":"$$M"}\')'],
      ['${CURL}', '${BASE}x/', '-d', '{"m":"$M"}'],
      ['[', '${code}', '=', '202', ']'],
    ]);
  });
});

describe('template references', () => {
  const refs = (s: string, syntax: 'jinja' | 'serverless') =>
    scanRefs(s, 0, s.length, ['brace', syntax]).map((r) => [r.name, r.default ? s.slice(r.default.start, r.default.end) : null, r.fallbackOf ?? null]);

  it('Jinja: names, defaults and fallbacks; not Go template words or GitHub expressions', () => {
    expect(refs("{{ api }}x/ {{ m | default('complaint') }} {{ aud | default(api) }}", 'jinja')).toEqual([
      ['api', null, null],
      ['m', 'complaint', null],
      ['aud', null, null],
      ['api', null, 'aud'],
    ]);
    expect(refs('{{ end }} ${{ secrets.X }}', 'jinja')).toEqual([]);
  });

  it('Serverless: the fallback after the last top-level comma', () => {
    expect(refs("${ssm:/a/${sls:stage}/mode, 'complaint'}", 'serverless')).toEqual([['ssm:/a/*/mode', 'complaint', null]]);
    expect(refs('${env:SC_AUDIENCE, ${env:SC_API_BASE}}', 'serverless')).toEqual([
      ['SC_AUDIENCE', null, null],
      ['SC_API_BASE', null, 'SC_AUDIENCE'],
    ]);
  });
});
