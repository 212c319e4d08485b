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
  it("Elixir config: the mode of the block beside the API's address, not of the block beside a support desk's", async () => {
    const source = [
      'import Config',
      '',
      'config :clinic, Clinic.Checker,',
      '  api_base: "https://sandbox.buoyhealth.com/api/",',
      '  start_mode: "complaint"',
      '',
      'config :clinic, Clinic.Support,',
      '  api_base: "https://support.example.org/api/",',
      '  start_mode: "complaint"',
    ].join('\n');
    writeTree(dir, { 'config/config.exs': source });
    const r = await scanProject(dir);
    expect(sites(r, 'config/config.exs').filter((s) => !s.endsWith('base-url'))).toEqual(['5 mode-complaint-renamed-input']);
    // Parsed (elixir.ts): the API's mode is rewritten; the support desk's block stays as written.
    const after = (r.outcomes.find((o) => o.relPath === 'config/config.exs')?.after ?? source).split('\n');
    expect(after[4]).toBe('  start_mode: "input"');
    expect(after.slice(5)).toEqual(source.split('\n').slice(5));
  });

  it('Lua: `extra` sent with a complaint, not with an answer to a question', async () => {
    const source = [
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
    ].join('\n');
    writeTree(dir, { 'lib/checker.lua': source });
    const r = await scanProject(dir);
    expect(sites(r, 'lib/checker.lua').filter((s) => !s.endsWith('base-url'))).toEqual(['9 complaint-extra-removed']);
    // Parsed (lua.ts): the complaint's `extra` is removed; the answer's stays as written.
    expect(r.outcomes.find((o) => o.relPath === 'lib/checker.lua')?.after ?? source).toBe(source.replace('{ text = text, extra = note }', '{ text = text }'));
  });

  it("Elixir test stubs: an intent's `detail`, not an error body's `detail` in a stub of the interview's creation", async () => {
    const source = [
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
      '    Stub.expect(server, "POST", "/api/intents/", fn conn ->',
      '      reply(conn, 201, %{"intent" => "diagnosis", "detail" => "worried"})',
      '    end)',
      '  end',
      'end',
    ].join('\n');
    writeTree(dir, { 'test/checker_test.exs': source });
    const r = await scanProject(dir);
    // Parsed, the stub's 400 for the interview's creation is the location failure v2 answers with 422.
    expect(sites(r, 'test/checker_test.exs').filter((s) => !s.endsWith('base-url'))).toEqual(['12 intent-detail-context-removed', '6 location-error-422']);
    // Parsed (elixir.ts): a marker above the stub's line, which stays as written.
    const after = r.outcomes.find((o) => o.relPath === 'test/checker_test.exs')?.after ?? source;
    expect(after.split('\n').filter((l) => !l.includes('TODO(sc-migrate/')).join('\n')).toBe(source);
  });

  it("Scala: a case object of the API's mode type, not of a feedback mode type", async () => {
    const source = [
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
    ].join('\n');
    writeTree(dir, { 'src/Modes.scala': source });
    const r = await scanProject(dir);
    expect(sites(r, 'src/Modes.scala').filter((s) => !s.endsWith('base-url'))).toEqual(['10 mode-complaint-renamed-input']);
    // Scala is parsed now (languages/scala.ts): the API's case object is rewritten, the feedback mode's is not.
    expect(r.outcomes.find((o) => o.relPath === 'src/Modes.scala')?.after ?? source).toBe(source.replace('InterviewMode("complaint")', 'InterviewMode("input")'));
  });
});
