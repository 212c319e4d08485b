import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../config';
import { makeScanner, namedReadPattern, selectionPattern } from '../../codemods/engine/scan';

describe('pre-scan: reads of removed response fields through a name that says their owner', () => {
  const re = namedReadPattern()!;
  it.each([
    'const a = result.advice;',
    'lastResult?.test.map(render)',
    'interview.profile.bmi',
    "profile['weight']",
    'this.intent.context',
    'q.options.filter((option) => !option.preselected)',
    'potentialCondition.triage',
    'updatedInterview.msg',
  ])('selects %s', (code) => expect(re.test(code)).toBe(true));

  it.each([
    // date-fns' `options.context`: `context` is an intent's field, not a question option's.
    'const ctx = options.context;',
    'options?.weight',
    'result.context',
    'profile.advice',
    'ticket.advice',
  ])('does not select %s', (code) => expect(re.test(code)).toBe(false));

  it('a file with only such a look-alike is not read, one with an owner read is', () => {
    const scan = makeScanner(defaultConfig);
    expect(scan('export function format(date, options) { return options.context === "formatting" ? a : b; }')).toBe(false);
    expect(scan('export function view(intent) { return intent.detail; }')).toBe(true);
  });
});

describe('pre-scan: a GraphQL selection of a removed response field under its owner', () => {
  const re = selectionPattern()!;
  it.each([
    'result(token: $token) {\n  token\n  advice\n}',
    'addComplaint(input: $input) { token extra }',
    'potentialCondition { name triage }',
    'fragment F on Question { token preselected }',
    'startInterview(profile: $p) { token interviewMode }',
  ])('selects %s', (code) => expect(re.test(code)).toBe(true));

  it.each(['ticket(id: $id) { advice extra }', 'result { title }', 'submitTicket(input: $i) { queued ticket { advice } }'])('does not select %s', (code) =>
    expect(re.test(code)).toBe(false),
  );

  it('a script with such a document is read, one with the same words in no document is not', () => {
    const scan = makeScanner(defaultConfig);
    expect(scan('export const Q = gql`query { result(token: "r") { advice } }`;')).toBe(true);
    expect(scan('export const text = "the result { of this } advice";')).toBe(false);
  });
});

describe('pre-scan: a resource path segment', () => {
  const scan = makeScanner(defaultConfig);
  it.each([
    "http.post('complaints/', body)",
    'fetch(`${BASE}/questions/${token}/`)',
    "const url = 'https://' + host + '/api/results/' + id;",
    "const SANDBOX = 'https://sandbox.buoyhealth.com/api/interviews/anonymous/';",
    "url: '/interviews/' + token + '/',",
  ])('selects a file that addresses it: %s', (code) => expect(scan(code)).toBe(true));

  it.each([
    '// see https://stackoverflow.com/questions/105034/how-to-create-a-guid',
    ' * - http://stackoverflow.com/questions/9489736/catmull-rom-curve/',
    "const DESK = 'https://desk.example.org/api/results/';",
    "proxy: { target: 'http://localhost:3000/complaints/' }",
  ])('does not select a file where it is only part of another host’s URL: %s', (code) => expect(scan(code)).toBe(false));

  it('one addressed occurrence is enough, after a foreign one', () => {
    expect(scan("// https://stackoverflow.com/questions/1\nget('questions/' + id)")).toBe(true);
  });
});

describe('pre-scan: a declared model named for a resource', () => {
  const scan = makeScanner(defaultConfig);
  it.each(['interface UserProfile {', 'export class ProfileDto {', 'type InterviewResults = {', 'enum ResultKind {', 'class Result_v1 {'])('selects %s', (code) =>
    expect(scan(code)).toBe(true),
  );
  it.each(['export class Profiler {', 'class Intention {', 'interface Questionnaire {'])('does not select %s', (code) => expect(scan(code)).toBe(false));
});

describe('pre-scan: the v2 addresses a first run wrote', () => {
  const scan = makeScanner(defaultConfig);
  it('a file holding only the v2 base or audience is read again, one with another API of the same shape is not', () => {
    expect(scan('PRODUCTION_BASE = "https://api.buoyhealth.com/symptom-checker/v2/"')).toBe(true);
    expect(scan('AUDIENCE = "https://api.buoyhealth.com"')).toBe(true);
    expect(scan('PRODUCTION_BASE = "https://api.helpdesk.example.org/tickets/v2/"')).toBe(false);
  });
});
