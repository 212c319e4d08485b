import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * OCaml's records live in a module named for what they model (`module Complaint = struct type t = { … } type create =
 * { … } end`): a record named in lower case with no model's name of its own (`t`, `create`, `answer`) is read as its
 * module's (lexical-facts.ts). A question's answer keeps its `extra`; a helpdesk ticket's module is another thing's.
 */
let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('OCaml records named for their module', () => {
  it("a complaint's and a result's records, not a question answer's `extra` nor a ticket's `advice`", async () => {
    writeTree(dir, {
      'lib/models.ml': [
        'module Complaint = struct',
        '  type t = {',
        '    token : string;',
        '    extra : json; [@default `Null]',
        '  }',
        '  [@@deriving yojson { strict = false }]',
        '',
        '  type create = { interview : string; text : string; extra : json }',
        '  [@@deriving yojson]',
        'end',
        '',
        'module Question = struct',
        '  type answer = { token : string; extra : string }',
        '  [@@deriving yojson]',
        'end',
        '',
        'module Result_ = struct',
        '  type t = {',
        '    token : string;',
        '    advice : string list; [@default []]',
        '  }',
        '  [@@deriving yojson { strict = false }]',
        'end',
        '',
        'module Ticket = struct',
        '  type t = { subject : string; advice : string option; extra : json }',
        'end',
        '',
        'module Mode = struct',
        '  type t = Complaint | Safe | Questions',
        '  let to_string = function Complaint -> "complaint" | Safe -> "safe" | Questions -> "questions"',
        'end',
      ].join('\n'),
      'lib/symptom_api.ml': [
        'open Models',
        '',
        'let base = "https://sandbox.buoyhealth.com/api/"',
        '',
        'let add_complaint t body = post t (base ^ "complaints/") (Complaint.create_to_yojson body)',
        'let get_result t token = get t (base ^ "results/" ^ token ^ "/") Result_.of_yojson',
        'let answer t token a = put t (base ^ "questions/" ^ token ^ "/") (Question.answer_to_yojson a)',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'lib/models.ml')).toEqual(['20 result-advice-test-removed', '30 mode-safe-triage-removed', '31 mode-complaint-renamed-input', '31 mode-safe-triage-removed', '4 complaint-extra-removed', '8 complaint-extra-removed']);
  });
});
