import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * What the code around a literal says, in languages nothing parses here (lexical.ts): a block beside another
 * service's address, a type of another thing's modes, and a body or stub of another resource are not this API's
 * sites; the same shapes for the API's own resource are.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('the code around a literal of a file nothing parses', () => {
  const cases: { title: string; file: string; source: string; sites: string[] }[] = [
    {
      title: "Elixir config: the mode of the block beside the API's address, not of the block beside a support desk's",
      file: 'config/config.exs',
      source: [
        'import Config',
        '',
        'config :clinic, Clinic.Checker,',
        '  api_base: "https://sandbox.buoyhealth.com/api/",',
        '  start_mode: "complaint"',
        '',
        'config :clinic, Clinic.Support,',
        '  api_base: "https://support.example.org/api/",',
        '  start_mode: "complaint"',
      ].join('\n'),
      sites: ['5 mode-complaint-renamed-input'],
    },
    {
      title: 'Lua: `extra` sent with a complaint, not with an answer to a question',
      file: 'lib/checker.lua',
      source: [
        'local M = {}',
        '',
        'function M.answer_question(http, question_token, option, note)',
        '  local body = { token = option, extra = note }',
        '  return http.put("questions/" .. question_token .. "/", body)',
        'end',
        '',
        'function M.add_complaint(http, token, text, note)',
        '  local body = { text = text, extra = note }',
        '  return http.post("interviews/" .. token .. "/complaints/", body)',
        'end',
        '',
        'return M',
      ].join('\n'),
      sites: ['9 complaint-extra-removed'],
    },
    {
      title: "Elixir test stubs: an intent's `detail`, not an error body's `detail` in a stub of the interview's creation",
      file: 'test/checker_test.exs',
      source: [
        'defmodule Clinic.CheckerTest do',
        '  use ExUnit.Case',
        '',
        '  test "a location failure", %{server: server} do',
        '    Stub.expect(server, "POST", "/api/interviews/anonymous/", fn conn ->',
        '      reply(conn, 400, %{"detail" => "no location"})',
        '    end)',
        '  end',
        '',
        '  test "an intent with a note", %{server: server} do',
        '    Stub.expect(server, "POST", "/api/interviews/i-1/intents/", fn conn ->',
        '      reply(conn, 201, %{"intent" => "diagnosis", "detail" => "worried"})',
        '    end)',
        '  end',
        'end',
      ].join('\n'),
      sites: ['12 intent-detail-context-removed'],
    },
    {
      title: "Scala: a case object of the API's mode type, not of a feedback mode type",
      file: 'src/Modes.scala',
      source: [
        'package clinic',
        '',
        'sealed abstract class FeedbackMode(val wire: String)',
        'object FeedbackMode {',
        '  case object Complaint extends FeedbackMode("complaint")',
        '}',
        '',
        'sealed abstract class InterviewMode(val wire: String)',
        'object InterviewMode {',
        '  case object Complaint extends InterviewMode("complaint")',
        '  val path = "interviews/"',
        '}',
      ].join('\n'),
      sites: ['10 mode-complaint-renamed-input'],
    },
  ];

  it.each(cases)('$title', async ({ file, source, sites: expected }) => {
    writeTree(dir, { [file]: source });
    const r = await scanProject(dir);
    expect(sites(r, file).filter((s) => !s.endsWith('base-url'))).toEqual(expected);
    // Nothing here is parsed: only a v1 address is rewritten (the config's first block), every other line stays.
    const after = r.outcomes.find((o) => o.relPath === file)?.after ?? source;
    expect(after.split('\n').filter((l) => !l.includes('buoyhealth.com'))).toEqual(source.split('\n').filter((l) => !l.includes('buoyhealth.com')));
  });
});
