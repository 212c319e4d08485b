import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * Values an answer hands on without a declared type: the one name a pattern unwraps (Rust's `if let Some(cond) = …`,
 * `let Some(x) = … else`, a match arm's `Reply::Updated(update) =>`, Swift's `case .updated(let update):`; never an
 * error's), and what an adaptor's one-parameter lambda reads from the value it is given (Rust's
 * `.and_then(|e| e.potential_condition.as_ref())`, Java's `Optional.map(e -> e.potentialCondition())`). Another
 * service's answers read the same way stay unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

/** The API's result, or a helpdesk's ticket with its escalation's condition. */
const API = { res: 'ResultBody', expl: 'TriageExplanation', cond: 'PotentialCondition', explField: 'triage_explanation', condField: 'potential_condition' };
const DESK = { res: 'Ticket', expl: 'Escalation', cond: 'Condition', explField: 'escalation', condField: 'condition' };

const rustModels = (base: string, route: string, t = API) =>
  [
    'use serde::Deserialize;',
    '',
    `pub const BASE: &str = "${base}";`,
    '',
    '#[derive(Deserialize)]',
    `pub struct ${t.cond} {`,
    '    pub name: String,',
    '    pub triage: Option<Triage>,',
    '}',
    '',
    '#[derive(Deserialize)]',
    `pub struct ${t.expl} {`,
    `    pub ${t.condField}: Option<${t.cond}>,`,
    '}',
    '',
    '#[derive(Deserialize)]',
    `pub struct ${t.res} {`,
    '    pub token: String,',
    `    pub ${t.explField}: Option<${t.expl}>,`,
    '}',
    '',
    `pub async fn result(c: &reqwest::Client, t: &str) -> ${t.res} {`,
    `    c.get(format!("{}${route}/{}/", BASE, t)).send().await.unwrap().json().await.unwrap()`,
    '}',
    '',
  ].join('\n');

const rustReport = (t = API) =>
  [
    `pub fn render(r: &${t.res}) -> String {`,
    '    let mut out = String::new();',
    `    if let Some(cond) = r.${t.explField}.as_ref().and_then(|e| e.${t.condField}.as_ref()) {`,
    '        if let Some(t) = &cond.triage {',
    '            out.push_str(&t.level);',
    '        }',
    '    }',
    `    let Some(c2) = r.${t.explField}.as_ref().and_then(|e| e.${t.condField}.as_ref()) else { return out };`,
    '    let _ = c2.triage.as_ref();',
    '    out',
    '}',
    '',
  ].join('\n');

describe('values bound by patterns and read through adaptors', () => {
  it("Rust: `if let Some(cond)` and `let Some(c2) = … else` through `.and_then(|e| e.potential_condition.as_ref())` read a condition's triage", async () => {
    writeTree(dir, { 'src/models.rs': rustModels('https://www.buoyhealth.com/api/', 'results'), 'src/report.rs': rustReport() });
    const r = await scanProject(dir);
    expect(sites(r, 'src/report.rs')).toEqual(['4 potential-condition-triage-removed', '9 potential-condition-triage-removed']);
  });

  it("Rust: a match arm's `ModeUpdate::Updated(update)` on the mode endpoint's answer is that answer; an `Err(e)` arm's value is not", async () => {
    writeTree(dir, {
      'src/client.rs': [
        'pub const BASE: &str = "https://www.buoyhealth.com/api/";',
        '',
        '#[derive(Deserialize)]',
        'pub struct InterviewUpdate {',
        '    pub msg: Option<String>,',
        '}',
        '',
        'pub enum ModeUpdate {',
        '    Updated(InterviewUpdate),',
        '    NothingProduced,',
        '}',
        '',
        'impl Client {',
        '    pub async fn set_mode(&self, token: &str, mode: &str) -> Result<ModeUpdate, Error> {',
        '        let res = self.http.put(format!("{}interviews/{}/", BASE, token)).json(&json!({ "mode": mode })).send().await?;',
        '        Ok(ModeUpdate::Updated(res.json().await?))',
        '    }',
        '}',
        '',
      ].join('\n'),
      'tests/flow.rs': [
        '#[tokio::test]',
        'async fn mode_update() {',
        '    match api.set_mode("iv1", "input").await {',
        '        Ok(ModeUpdate::Updated(update)) => assert_eq!(update.msg.as_deref(), Some("set")),',
        '        _ => {}',
        '    }',
        '    match api.set_mode("iv1", "input").await.unwrap() {',
        '        ModeUpdate::Updated(update) => {',
        '            assert_eq!(update.msg.as_deref(), Some("Interview mode set."));',
        '        }',
        '        other => panic!("unexpected {:?}", other),',
        '    }',
        '    match api.set_mode("iv1", "input").await {',
        '        Err(e) => assert!(e.msg.is_empty()),',
        '        _ => {}',
        '    }',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'tests/flow.rs')).toEqual(['4 update-msg-in-links', '9 update-msg-in-links']);
  });

  it("Swift: `case .updated(let update):` of a switch over the mode endpoint's answer reads the update's `msg`", async () => {
    writeTree(dir, {
      'Sources/Service.swift': [
        'struct InterviewUpdate: Decodable {',
        '    let msg: String?',
        '}',
        '',
        'enum ModeOutcome {',
        '    case updated(InterviewUpdate)',
        '    case unchanged',
        '}',
        '',
        'final class Service {',
        '    let base = URL(string: "https://www.buoyhealth.com/api/")!',
        '    func setMode(_ mode: String, interview: String) async throws -> ModeOutcome {',
        '        let data = try await put(base.appendingPathComponent("interviews/\\(interview)/"), ["mode": mode])',
        '        return .updated(try JSONDecoder().decode(InterviewUpdate.self, from: data))',
        '    }',
        '}',
        '',
      ].join('\n'),
      'Tests/ServiceTests.swift': [
        'final class ServiceTests: XCTestCase {',
        '    func testSetMode() async throws {',
        '        let outcome = try await service.setMode("input", interview: "abc")',
        '        switch outcome {',
        '        case .updated(let update):',
        '            XCTAssertEqual(update.msg, "Interview mode set.")',
        '        case .unchanged:',
        '            XCTFail("unchanged")',
        '        }',
        '    }',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'Tests/ServiceTests.swift')).toEqual(['6 update-msg-in-links']);
  });

  it("Java: `Optional.map(e -> e.potentialCondition())` hands on the condition, whose `triage()` is read", async () => {
    writeTree(dir, {
      'src/main/java/sc/Models.java': [
        'package sc;',
        '',
        'import com.fasterxml.jackson.annotation.JsonProperty;',
        'import java.util.Optional;',
        '',
        'public class Models {',
        '    public record PotentialCondition(String name, String triage) {}',
        '    public record TriageExplanation(@JsonProperty("potential_condition") PotentialCondition potentialCondition) {}',
        '    public record Result(String token, @JsonProperty("triage_explanation") Optional<TriageExplanation> triageExplanation) {}',
        '}',
        '',
      ].join('\n'),
      'src/main/java/sc/Client.java': [
        'package sc;',
        '',
        'public class Client {',
        '    private static final String BASE = "https://www.buoyhealth.com/api/";',
        '    public Models.Result result(String token) { return http.get(BASE + "results/" + token + "/", Models.Result.class); }',
        '}',
        '',
      ].join('\n'),
      'src/main/java/sc/Render.java': [
        'package sc;',
        '',
        'class Render {',
        '    String render(Models.Result r) {',
        '        var cond = r.triageExplanation().map(e -> e.potentialCondition()).orElseThrow();',
        '        return cond.triage();',
        '    }',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'src/main/java/sc/Render.java')).toEqual(['6 potential-condition-triage-removed']);
  });

  it("a helpdesk's ticket read the same ways (`if let Some(cond) = t.escalation.as_ref().and_then(|e| e.condition.as_ref())`) stays unreported", async () => {
    writeTree(dir, {
      'src/models.rs': rustModels('https://help.example.com/api/', 'tickets', DESK),
      'src/report.rs': rustReport(DESK),
      'src/reply.rs': [
        'pub const DESK: &str = "https://help.example.com/api/";',
        '',
        'pub struct Reply { pub msg: Option<String> }',
        'pub enum Outcome { Updated(Reply), Nothing }',
        '',
        'pub async fn reopen(c: &reqwest::Client, id: &str) -> Outcome {',
        '    Outcome::Updated(c.put(format!("{}tickets/{}/", DESK, id)).send().await.unwrap().json().await.unwrap())',
        '}',
        '',
        'pub async fn show(c: &reqwest::Client) {',
        '    match reopen(c, "T-1").await {',
        '        Outcome::Updated(update) => println!("{:?}", update.msg),',
        '        Outcome::Nothing => {}',
        '    }',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(r.outcomes.flatMap((o) => o.findings.map((f) => `${o.relPath}:${f.line} ${f.change}`))).toEqual([]);
  });
});
