import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * Whose a value is, in functional and scientific languages read by their tokens (lexical.ts): a field accessor
 * handed a value (`List.map .triage r.potentialConditions`), an answer's encoder (a question's `extra`, not a
 * complaint's), a test line that reads a local set from another thing's module (`let t = Helpdesk.ticket …`), a
 * status compared in a function whose parameters are another thing's types.
 */
let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const noBase = (s: string[]) => s.filter((x) => !x.endsWith('base-url'));

describe("the generic reader tells the API's values from another thing's", () => {
  it("Elm: an accessor reads the value it is handed; an answer's encoder sends a question's `extra`, a complaint's encoder the removed one", async () => {
    writeTree(dir, {
      'src/Api.elm': [
        'module Api exposing (..)',
        '',
        'base : String',
        'base =',
        '    "https://www.buoyhealth.com/api/"',
        '',
        '',
        'complaint : { text : String, extra : String } -> Value',
        'complaint form =',
        '    Encode.object',
        '        [ ( "text", Encode.string form.text )',
        '        , ( "extra", Encode.string form.extra )',
        '        ]',
        '',
        '',
        'answer : { token : String, extra : String } -> Value',
        'answer form =',
        '    Encode.object',
        '        [ ( "token", Encode.string form.token )',
        '        , ( "extra", Encode.string form.extra )',
        '        ]',
        '',
        '',
        'levels r =',
        '    List.map .triage r.potentialConditions',
        '',
        '',
        'ticketAdvice json =',
        '    Decode.decodeString Helpdesk.ticketDecoder json',
        '        |> Result.map .advice',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(noBase(sites(r, 'src/Api.elm'))).toEqual(['12 complaint-extra-removed', '25 potential-condition-triage-removed']);
  });

  it("OCaml: a test that reads a helpdesk ticket's mode and advice is not the API's; one that reads an interview's mode is", async () => {
    writeTree(dir, {
      'test/test_client.ml': [
        'let base = "https://sandbox.buoyhealth.com/api/"',
        '',
        'let test_interview () =',
        '  let i = ok (Interview.of_yojson (fixture "interview")) in',
        '  Alcotest.(check string) "mode" "complaint" (Mode.to_string i.mode)',
        '',
        'let test_helpdesk_ticket () =',
        '  let t = Helpdesk.ticket ~advice:"call back" Helpdesk.Complaint ~subject:"Slow" "It hung" in',
        '  Alcotest.(check string) "mode" "complaint" t.mode;',
        '  Alcotest.(check (option string)) "advice" (Some "call back") t.advice',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(noBase(sites(r, 'test/test_client.ml'))).toEqual(['5 mode-complaint-renamed-input']);
  });

  it("Julia: a 202 compared in a helpdesk client's function is not the API's; one in the API's mode update is", async () => {
    writeTree(dir, {
      'src/client.jl': [
        'const BASE = "https://sandbox.buoyhealth.com/api/"',
        '',
        'function update_mode(token, mode)',
        '    resp = HTTP.put(BASE * "interviews/" * token * "/", [], JSON3.write(Dict("mode" => mode)))',
        '    resp.status == 202 && return nothing',
        '    JSON3.read(resp.body)',
        'end',
        '',
        'function file_ticket(hd::HelpdeskClient, body)',
        '    resp = HTTP.post(hd.base * "tickets/", [], body)',
        '    resp.status == 202 && return :queued',
        '    :created',
        'end',
        '',
        'struct HelpdeskClient',
        '    base::String',
        '    queue::String',
        'end',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(noBase(sites(r, 'src/client.jl'))).toEqual(['5 mode-update-status-200']);
  });
});
