import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogue } from '../../../catalogue';
import { defaultConfig } from '../../../config';
import { noProject } from '../../../codemods/engine/ties/project';
import { scanProject, sites } from './support';
import { cleanup, read, tmpDir, writeTree } from '../../cli/helpers';
import { CATCH_TESTS, GTEST, MODE_PARSER, NLOHMANN_CLIENT, NLOHMANN_DESK, REST_CLIENT, REST_DESK, STATUS_CLIENT, STATUS_HEADER } from './cpp-sources';

/**
 * C and C++ read by their grammar (languages/cpp.ts, @ast-grep/lang-cpp): nlohmann::json, cpprestsdk and Qt clients,
 * each beside a helpdesk client of the same shape that stays byte-identical and unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

/** The file as the run would write it (unchanged when the scan leaves it). */
const after = (r: Awaited<ReturnType<typeof scanProject>>, file: string): string => r.outcomes.find((o) => o.relPath === file)?.after ?? read(dir, file);

describe('C++ clients', () => {
  it('nlohmann::json: brace-initialised bodies, a to_string switch, NLOHMANN_DEFINE_TYPE fields, #define and static const modes, at/value/contains reads', async () => {
    writeTree(dir, { 'src/symptom_client.cpp': NLOHMANN_CLIENT, 'src/helpdesk_client.cpp': NLOHMANN_DESK, 'src/mode.cpp': MODE_PARSER, 'tests/client_test.cpp': GTEST });
    const r = await scanProject(dir);
    expect(sites(r, 'src/symptom_client.cpp')).toEqual([
      '4 base-url',
      '5 mode-safe-triage-removed',
      '11 mode-complaint-renamed-input',
      '17 mode-complaint-renamed-input',
      '24 result-advice-test-removed',
      '25 result-advice-test-removed',
      '27 result-advice-test-removed',
      '27 result-advice-test-removed',
      '39 mode-update-status-200',
      '43 complaint-extra-removed',
      '50 result-advice-test-removed',
      '50 result-advice-test-removed',
      '51 result-advice-test-removed',
    ].sort());
    expect(after(r, 'src/symptom_client.cpp')).toContain('case InterviewMode::Complaint: return "input";');
    expect(after(r, 'src/symptom_client.cpp')).toContain('static const std::string kDefaultMode = "input";');
    // `if (value == "complaint") return InterviewMode::Complaint;`: the arm read the other way; TicketMode's is another thing's.
    expect(sites(r, 'src/mode.cpp')).toEqual(['6 mode-complaint-renamed-input']);
    expect(after(r, 'src/mode.cpp')).toContain('if (value == "complaint") return TicketMode::Complaint;');
    // EXPECT_EQ on the interview's mode; the ticket's stays.
    expect(sites(r, 'tests/client_test.cpp')).toEqual(['5 base-url', '6 mode-complaint-renamed-input']);
    expect(after(r, 'tests/client_test.cpp')).toContain('EXPECT_EQ(t.mode, "complaint");');
    expect(sites(r, 'src/helpdesk_client.cpp')).toEqual([]);
    expect(after(r, 'src/helpdesk_client.cpp')).toBe(NLOHMANN_DESK);
  });

  it('cpprestsdk and Qt: U("…") keys, a mode written with json::value::string, extra written into a body, has_field/at reads, status_codes::Accepted, obj["advice"].toString(), obj.value("test")', async () => {
    writeTree(dir, { 'src/rest_client.cpp': REST_CLIENT, 'src/desk_client.cpp': REST_DESK });
    const r = await scanProject(dir);
    expect(sites(r, 'src/rest_client.cpp')).toEqual([
      '7 base-url',
      '11 mode-complaint-renamed-input',
      '13 mode-update-status-200',
      '17 result-advice-test-removed',
      '17 result-advice-test-removed',
      '24 complaint-extra-removed',
      '29 result-advice-test-removed',
      '29 result-advice-test-removed',
    ].sort());
    // The mode written into the body is rewritten inside its wrappers; `extra` written so is reported, not deleted.
    expect(after(r, 'src/rest_client.cpp')).toContain('body[U("mode")] = json::value::string(U("input"));');
    expect(after(r, 'src/rest_client.cpp')).toContain('body[U("extra")] = json::value::string(note);');
    expect(after(r, 'src/rest_client.cpp')).toContain('U("https://api.sandbox.buoyhealth.com/symptom-checker/v2/")');
    expect(sites(r, 'src/desk_client.cpp')).toEqual([]);
    expect(after(r, 'src/desk_client.cpp')).toBe(REST_DESK);
  });

  it('Catch2 TEST_CASE blocks: to_string / from_string compared with the wire value, a fake transport answering 202 by path', async () => {
    writeTree(dir, { 'src/symptom_client.cpp': NLOHMANN_CLIENT, 'src/helpdesk_client.cpp': NLOHMANN_DESK, 'tests/test_mode.cpp': CATCH_TESTS });
    const r = await scanProject(dir);
    // Line 10 compares the helpdesk's TicketMode, line 17 stubs the helpdesk's tickets/: neither is reported.
    expect(sites(r, 'tests/test_mode.cpp')).toEqual(['8 mode-complaint-renamed-input', '9 mode-complaint-renamed-input', '15 base-url', '16 mode-update-status-200'].sort());
    expect(after(r, 'tests/test_mode.cpp')).toContain('CHECK(care::to_string(InterviewMode::Complaint) == "input");');
    expect(after(r, 'tests/test_mode.cpp')).toContain('CHECK(desk::to_string(TicketMode::Complaint) == "complaint");');
  });

  it('status constants: a constant named for the mode update is a site where defined; a table of HTTP codes only where compared', async () => {
    writeTree(dir, { 'include/status.h': STATUS_HEADER, 'src/client.cpp': STATUS_CLIENT });
    const r = await scanProject(dir);
    expect(sites(r, 'src/client.cpp')).toEqual(['4 base-url', '12 mode-update-status-200', '18 mode-update-status-200'].sort());
    expect(sites(r, 'include/status.h')).toEqual(['4 mode-update-status-200']);
  });

  it('a C header: #define modes, a typedef struct named for the result', async () => {
    const header = [
      '#ifndef SC_H',
      '#define SC_H',
      '#define SC_BASE "https://www.buoyhealth.com/api/"',
      '#define DESK_BASE "https://help.example.com/api/"',
      '#define SC_MODE_COMPLAINT "complaint"',
      '#define DESK_MODE_COMPLAINT "complaint"',
      'typedef struct { char advice[256]; char level[32]; } sc_result_t;',
      '#endif',
    ].join('\n');
    writeTree(dir, { 'include/sc.h': header });
    const r = await scanProject(dir);
    expect(sites(r, 'include/sc.h')).toContain('3 base-url');
    expect(sites(r, 'include/sc.h')).toContain('5 mode-complaint-renamed-input');
    // Named like the other service's address: its mode.
    expect(sites(r, 'include/sc.h')).not.toContain('6 mode-complaint-renamed-input');
  });
});

describe('C++ without its parser', () => {
  it('an Objective-C header (.h) keeps the token pass', async () => {
    const { polyglotFrontEnds } = await import('../../../codemods/frontends/polyglot');
    const cpp = polyglotFrontEnds().find((f) => f.id === 'cpp')!;
    const src = '#import <Foundation/Foundation.h>\nstatic NSString * const SCBase = @"https://www.buoyhealth.com/api/";\n';
    const r = cpp.analyze({ source: src, filePath: '/tmp/SC.h', config: defaultConfig, changes: catalogue, markers: true, project: noProject });
    expect(r.findings.map((f) => f.change)).toContain('base-url');
    expect(r.findings.some((f) => /no parser for this h file's language/.test(f.message))).toBe(true);
  });

  it('a missing grammar package: the token pass, reports only, the addresses rewritten', async () => {
    vi.resetModules();
    process.env.SC_MIGRATE_HIDE_GRAMMARS = 'cpp';
    try {
      const { polyglotFrontEnds: fresh } = await import('../../../codemods/frontends/polyglot');
      const cpp = fresh().find((f) => f.id === 'cpp')!;
      const src = '#include <string>\nconst std::string kBase = "https://www.buoyhealth.com/api/";\nstd::string body() { return R"({"interview": "t", "extra": "x"})"; }\n';
      const r = cpp.analyze({ source: src, filePath: '/tmp/c.cpp', config: defaultConfig, changes: catalogue, markers: true, project: noProject });
      expect(r.output).toContain('symptom-checker/v2/');
      expect(r.output).toContain('"extra": "x"');
      expect(r.findings.some((f) => /cpp not parsed: grammar @ast-grep\/lang-cpp is not available/.test(f.message))).toBe(true);
    } finally {
      delete process.env.SC_MIGRATE_HIDE_GRAMMARS;
    }
  });
});
