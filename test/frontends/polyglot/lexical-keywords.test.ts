import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * Keyword arguments, parameters and labels named for a field the API's requests no longer take, in languages read by
 * their tokens (lexical-keywords.ts): R's `function(…, extra = "")` and `list(…, extra = extra)` in a file whose paths
 * name complaints, a call `sc_create_complaint(…, extra = …)` in a test, OCaml's `?extra` of `add_complaint`. A
 * helpdesk's `hd_create_ticket(extra = …)` and `open_ticket ?extra` stay unreported.
 */
let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const noBase = (s: string[]) => s.filter((x) => !x.endsWith('base-url'));

describe('keyword arguments of a request the API no longer takes', () => {
  it("R: a complaint's parameters, body and a test's call; a helpdesk ticket's are not", async () => {
    writeTree(dir, {
      'R/complaints.R': [
        'sc_create_complaint <- function(interview, text, extra = "", cfg = sc_config()) {',
        '  body <- list(interview = interview, text = text, extra = extra)',
        '  resp <- sc_request("POST", "complaints/", body = body, cfg = cfg)',
        '  sc_parse(resp)',
        '}',
        '',
        'sc_file_feedback <- function(text, note) {',
        '  hd_create_ticket(subject = text, extra = note)',
        '}',
      ].join('\n'),
      'tests/testthat/test-complaints.R': [
        'sc_base <- "https://sandbox.buoyhealth.com/api/"',
        'test_that("complaints carry notes", {',
        '  cp <- sc_create_complaint("7d1c", "headache",',
        '                            extra = "took paracetamol")',
        '  t <- hd_create_ticket(subject = "x", extra = "y")',
        '})',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(noBase(sites(r, 'R/complaints.R'))).toEqual(['1 complaint-extra-removed', '2 complaint-extra-removed']);
    expect(noBase(sites(r, 'tests/testthat/test-complaints.R'))).toEqual(['4 complaint-extra-removed']);
  });

  it("OCaml: the `?extra` label of a complaint's call and definition; a helpdesk ticket's label is not", async () => {
    writeTree(dir, {
      'lib/symptom_api.ml': [
        'let base = "https://sandbox.buoyhealth.com/api/"',
        '',
        'let add_complaint t ~interview ?extra text =',
        '  post t (base ^ "complaints/") (complaint_body interview text extra)',
        '',
        'let run api token =',
        '  add_complaint api ~interview:token ?extra:None "headache"',
        '',
        'let feedback desk =',
        '  Helpdesk.open_ticket desk ?extra:None "slow"',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(noBase(sites(r, 'lib/symptom_api.ml'))).toEqual(['3 complaint-extra-removed', '7 complaint-extra-removed']);
  });
});
