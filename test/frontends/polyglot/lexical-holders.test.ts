import { describe, expect, it } from 'vitest';
import { scanProject, sites, tempProjectDir } from './support';
import { writeTree } from '../../cli/helpers';

/**
 * Whose a literal or name is, in languages nothing parses here (lexical.ts, lexical-holders.ts): a record or union
 * declared by `type X = …` (the ML family), the definition around a key, the call it is an argument of, a function's
 * own name, a markup class, a JSON fixture named for a resource. The same shapes for another thing stay unreported.
 */

const dir = tempProjectDir();
const noBase = (s: string[]) => s.filter((x) => !x.endsWith('base-url'));

describe('records, unions and decoders of a language read by its tokens', () => {
  it("F#: the API's records and mode union, and a decoder of its result; a helpdesk ticket's record, decoder and view are not", async () => {
    writeTree(dir(), {
      'src/Domain.fs': [
        'module Desk.Domain',
        '',
        'type InterviewMode =',
        '    | Complaint',
        '    | Safe',
        '    | Protocol',
        '',
        'type InterviewResult =',
        '    { Token : string',
        '      Advice : string list }',
        '',
        'type TicketMode =',
        '    | Complaint',
        '    | Feedback',
        '',
        'type Ticket =',
        '    { Id : string',
        '      Mode : string',
        '      Advice : string option',
        '      Extra : string option }',
      ].join('\n'),
      'src/Client.fs': [
        'module Desk.Client',
        '',
        'let baseUrl = "https://sandbox.buoyhealth.com/api/"',
        '',
        'let result : Decoder<InterviewResult> =',
        '    Decode.object (fun get ->',
        '        { Token = get.Required.Field "token" Decode.string',
        '          Advice = get.Required.Field "advice" (Decode.list Decode.string) })',
        '',
        'let ticket : Decoder<Ticket> =',
        '    Decode.object (fun get ->',
        '        { Id = get.Required.Field "id" Decode.string',
        '          Mode = get.Required.Field "mode" Decode.string',
        '          Advice = get.Optional.Field "advice" Decode.string',
        '          Extra = get.Optional.Field "extra" Decode.string })',
        '',
        'let ticketView (t : Ticket) (r : InterviewResult) =',
        '    p [ _class "advice" ] [ str t.Id ]',
      ].join('\n'),
    });
    const r = await scanProject(dir());
    expect(sites(r, 'src/Domain.fs')).toEqual(['4 mode-complaint-renamed-input', '5 mode-safe-triage-removed', '10 result-advice-test-removed'].sort());
    expect(noBase(sites(r, 'src/Client.fs'))).toEqual(['8 result-advice-test-removed']);
  });

  it("F#: a test's JSON fixture named for the result is read as the result's; one named for a ticket is not", async () => {
    writeTree(dir(), {
      'tests/Fixtures.fs': [
        'module Desk.Tests.Fixtures',
        '',
        'let resultJson = """',
        '{ "token": "t-1",',
        '  "advice": ["Rest"],',
        '  "_links": { "self": "https://sandbox.buoyhealth.com/api/results/t-1/" } }',
        '"""',
        '',
        'let ticketJson = """',
        '{ "id": "1", "mode": "complaint",',
        '  "advice": "Call back" }',
        '"""',
      ].join('\n'),
    });
    const r = await scanProject(dir());
    expect(noBase(sites(r, 'tests/Fixtures.fs'))).toEqual(['5 result-advice-test-removed']);
  });

  it("R: a mode given to the API's call, not to a helpdesk's `hd_create_ticket(…)`; a function named for a condition's triage is no read", async () => {
    writeTree(dir(), {
      'R/client.R': [
        'sc_base <- "https://sandbox.buoyhealth.com/api/"',
        '',
        'start_interview <- function(token) {',
        '  sc_create_interview(token, mode = "complaint")',
        '}',
        '',
        'worst_condition_triage <- function(conditions) {',
        '  max(conditions$likelihood)',
        '}',
        '',
        'log_feedback <- function(interview) {',
        '  hd_create_ticket(subject = interview$token, mode = "complaint")',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir());
    expect(noBase(sites(r, 'R/client.R'))).toEqual(['4 mode-complaint-renamed-input']);
  });

  it("R: members read with `$` from a converter's parameter (`interview_to_row <- function(iv)`) and a part of it; a ticket's converter is not", async () => {
    writeTree(dir(), {
      'R/rows.R': [
        'sc_base <- "https://sandbox.buoyhealth.com/api/"',
        '',
        'interview_to_row <- function(iv) {',
        '  p <- iv$profile',
        '  list(market = iv$marketplace, race = p$race)',
        '}',
        '',
        'ticket_to_row <- function(iv) {',
        '  list(market = iv$marketplace, race = iv$race)',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir());
    expect(noBase(sites(r, 'R/rows.R'))).toEqual(['5 interview-marketplace-variant-removed', '5 interview-profile-fields-removed']);
  });
});
