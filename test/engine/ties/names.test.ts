import { describe, expect, it } from 'vitest';
import { checkerParamTie, helperNameTie, isModeName, nameTie, nounTie } from '../../../codemods/engine/ties/names';

/** ties/names.ts: names that say the resource, the operation, or the enumerated field. */
describe('ties/names', () => {
  it.each([
    ['result', { resource: 'result', list: false }],
    ['lastResult', { resource: 'result', list: false }],
    ['results', { resource: 'result', list: true }],
    ['potentialCondition', { resource: 'result', path: ['triage_explanation', 'potential_condition'] }],
    ['options', { resource: 'question', path: ['options', '*'], list: true }],
    // Test data named for what it stands in for.
    ['resultFixture', { resource: 'result', list: false }],
    ['INTERVIEW_STUB', { resource: 'interview', list: false }],
    ['questionsMock', { resource: 'question', list: true }],
    // Data named for the response or body that carries it.
    ['interviewResponse', { resource: 'interview', list: false }],
    ['RESULT_RESPONSE', { resource: 'result', list: false }],
    ['questionResponseFixture', { resource: 'question', list: false }],
    ['resultData', { resource: 'result', list: false }],
    ['complaintJson', { resource: 'complaint', list: false }],
  ])('noun %s', (name, want) => expect(nounTie(name)).toMatchObject(want));
  it.each(['resultRegex', 'config', 'advice', 'resulting', 'ticketFixture', 'fixture', 'mockTicket', 'ticketResponse', 'response', 'responseData', 'formData', 'modeUpdateResponse'])('no noun in %s', (name) => expect(nounTie(name)).toBeNull());

  // Data named for the answer to a mode update: a body of the mode field's resource, of that operation.
  it.each(['modeUpdate', 'modeUpdateResponse', 'MODE_CHANGED_STUB', 'interviewModeUpdated', 'setModeResponse', 'updateModeFixture'])('mode update answer %s', (name) =>
    expect(nameTie(name)).toMatchObject({ resource: 'interview', role: 'body', op: 'mode-update', via: 'name' }),
  );
  it.each(['setMode', 'themeModeUpdate', 'displayModeChanged', 'setQueueModeResponse', 'modeLabels', 'updateMode'])('no mode update answer in %s', (name) => expect(nameTie(name)).toBeNull());

  // Test helpers named for checking a resource: their first parameter holds its answer (`res`) or its body.
  it.each([
    ['checkInterviewCreated', 'res', { resource: 'interview', role: 'result', op: 'create' }],
    ['assertResultShape', 'body', { resource: 'result', role: 'body' }],
    ['verifyModeUpdate', 'response', { resource: 'interview', role: 'result', op: 'mode-update' }],
    ['expectValidQuestion', 'q', { resource: 'question', role: 'body' }],
  ])('checker %s(%s)', (fn, param, want) => expect(checkerParamTie(fn, param)).toMatchObject(want));
  it.each(['checkHelpdeskTicket', 'checkLocationRejected', 'checkResultsPage', 'assertOptions', 'check', 'renderResult'])('no checker tie in %s', (fn) => expect(checkerParamTie(fn, 'res')).toBeNull());

  it.each([
    ['createInterview', { resource: 'interview', op: 'create' }],
    ['addComplaint', { resource: 'complaint', op: 'create' }],
    ['submitIntent', { resource: 'intent', op: 'create' }],
    ['getResult', { resource: 'result', op: 'read' }],
    ['listQuestions', { resource: 'question', op: 'list' }],
    ['setInterviewMode', { resource: 'interview', op: 'mode-update' }],
    ['changeMode', { resource: 'interview', op: 'mode-update' }],
  ])('helper %s', (name, want) => expect(helperNameTie(name)).toMatchObject(want));
  it.each(['render', 'createTicket', 'addTicket', 'submitForm', 'setTheme', 'setThemeMode'])('no helper in %s', (name) => expect(helperNameTie(name)).toBeNull());

  it.each(['mode', 'nextMode', 'DEFAULT_MODE', 'InterviewMode', 'modes', 'scMode'])('%s names an interview mode', (name) => expect(isModeName(name)).toBe(true));
  it.each(['TicketMode', 'themeMode', 'colorMode', 'darkMode', 'model', 'modeLabels'])('%s does not', (name) => expect(isModeName(name)).toBe(false));
});
