/**
 * Sample content of the local v2 stand-in (`sc-migrate mock-v2`): fixture data, not API rules.
 *
 * The stand-in's RULES (which request fields and values it refuses, which response fields it leaves out, its
 * statuses) all come from the catalogue. What the spec does not show, the stand-in has to choose to be able to
 * answer at all; those choices live here, in one place, and docs/shim.md lists them as assumptions:
 *
 * - `token` identifies every resource (public docs: "resources are addressed by a UUID token") and is the
 *   answer's option field (spec section 2, Answer).
 * - `_links.self` and `_links.next` hold absolute links (public docs: "_links values are absolute URLs"); the
 *   names `self` and `next` are the stand-in's (spec: "The exact link shape: not shown").
 * - Question `type` is S, M or D (spec section 2). Options and results below are written in their v1 form; the
 *   stand-in removes what the catalogue says v2 no longer returns before answering.
 */

import { idField } from '../../catalogue/api';

export const vocab = {
  id: idField,
  self: 'self',
  next: 'next',
  type: 'type',
  options: 'options',
  /** The answer body's option field (spec section 2, Answer: `token`). */
  answerOption: 'token',
  /** Question type whose answer must carry a duration in hours (spec section 2: D). */
  durationType: 'D',
} as const;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Questions every interview of the stand-in asks, in order (v1 form: with `preselected`). */
export const questions: { [key: string]: Json }[] = [
  {
    type: 'S',
    text: 'How bad is your headache?',
    media: null,
    media_alttext: null,
    preselected: null,
    options: [
      { token: 'mild', text: 'Mild', preselected: null, free_text: false, media_alttext: null },
      { token: 'severe', text: 'Severe', preselected: null, free_text: false, media_alttext: null },
      { token: 'unknown', text: 'Not sure', preselected: 'unknown', free_text: false, media_alttext: null },
    ],
  },
  {
    type: 'M',
    text: 'Which of these do you also have?',
    media: 'https://example.invalid/media/symptoms.png',
    media_alttext: 'Drawing of a person holding their head',
    preselected: null,
    options: [
      { token: 'nausea', text: 'Nausea', preselected: null, free_text: false, media_alttext: null },
      { token: 'light', text: 'Sensitivity to light', preselected: null, free_text: false, media_alttext: 'A bright lamp' },
      { token: 'other', text: 'Something else', preselected: null, free_text: true, media_alttext: null },
    ],
  },
  {
    type: 'D',
    text: 'How long have you had it?',
    media: null,
    media_alttext: null,
    preselected: null,
    options: [{ token: 'hours', text: 'Hours', preselected: null, free_text: false, media_alttext: null }],
  },
];

/** The result every finished interview gets (v1 form: with advice, test and potential_condition.triage). */
export const result: { [key: string]: Json } = {
  triage: { level: 'primary_care', text: 'See a primary care doctor within a few days' },
  triage_explanation: {
    potential_condition: {
      name: 'Tension headache',
      triage: { level: 'primary_care', text: 'See a primary care doctor within a few days' },
    },
  },
  advice: 'Rest and drink water',
  test: null,
};
