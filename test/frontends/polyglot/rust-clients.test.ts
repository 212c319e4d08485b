import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/** Rust clients other than async reqwest (ureq, blocking reqwest, strum enums, mockito tests). Beside each, a helpdesk of the same shape. */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('Rust clients', () => {
  it('ureq and blocking reqwest: ureq::json! bodies, a struct built with a mode, entries inserted into a map sent after', async () => {
    writeTree(dir, {
      'src/sync_api.rs': [
        "use std::collections::HashMap;",
        "use serde::Serialize;",
        "",
        "const BASE: &str = \"https://www.buoyhealth.com/api/\";",
        "",
        "#[derive(Serialize)]",
        "struct InterviewUpdate { mode: String }",
        "",
        "fn set_mode(token: &str) -> Result<u16, ureq::Error> {",
        "    let resp = ureq::put(&format!(\"{BASE}interviews/{token}/\")).send_json(InterviewUpdate { mode: \"complaint\".to_string() })?;",
        "    Ok(resp.status())",
        "}",
        "",
        "fn complain(token: &str) -> Result<(), ureq::Error> {",
        "    ureq::post(&format!(\"{BASE}complaints/\")).send_json(ureq::json!({\"interview\": token, \"text\": \"cough\", \"extra\": \"x\"}))?;",
        "    Ok(())",
        "}",
        "",
        "fn triage(token: &str) -> Result<(), reqwest::Error> {",
        "    let mut body = HashMap::new();",
        "    body.insert(\"mode\", \"safe\");",
        "    body.insert(\"extra\", \"x\");",
        "    body.insert(\"interview_mode\", \"true\");",
        "    reqwest::blocking::Client::new().put(format!(\"{}interviews/{}/\", BASE, token)).json(&body).send()?;",
        "    Ok(())",
        "}",
      ].join('\n'),
      'src/sync_desk.rs': [
        "use std::collections::HashMap;",
        "use serde::Serialize;",
        "",
        "const BASE: &str = \"https://help.example.com/api/\";",
        "",
        "#[derive(Serialize)]",
        "struct TicketUpdate { mode: String }",
        "",
        "fn set_mode(token: &str) -> Result<u16, ureq::Error> {",
        "    let resp = ureq::put(&format!(\"{BASE}tickets/{token}/\")).send_json(TicketUpdate { mode: \"complaint\".to_string() })?;",
        "    Ok(resp.status())",
        "}",
        "",
        "fn complain(token: &str) -> Result<(), ureq::Error> {",
        "    ureq::post(&format!(\"{BASE}issues/\")).send_json(ureq::json!({\"interview\": token, \"text\": \"cough\", \"extra\": \"x\"}))?;",
        "    Ok(())",
        "}",
        "",
        "fn triage(token: &str) -> Result<(), reqwest::Error> {",
        "    let mut body = HashMap::new();",
        "    body.insert(\"mode\", \"safe\");",
        "    body.insert(\"extra\", \"x\");",
        "    reqwest::blocking::Client::new().put(format!(\"{}tickets/{}/\", BASE, token)).json(&body).send()?;",
        "    Ok(())",
        "}",
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'src/sync_api.rs')).toEqual(['10 mode-complaint-renamed-input', '15 complaint-extra-removed', '21 mode-safe-triage-removed', '23 interview-mode-flag-removed', '4 base-url']);
    expect(sites(r, 'src/sync_desk.rs')).toEqual([]);
  });
  it('strum enums, raw-string bodies and a mockito test that matches a json! body', async () => {
    writeTree(dir, {
      'src/raw.rs': [
        "use reqwest::Client;",
        "use strum::{Display, EnumString};",
        "",
        "const BASE: &str = \"https://www.buoyhealth.com/api/\";",
        "",
        "#[derive(Debug, Display, EnumString)]",
        "#[strum(serialize_all = \"lowercase\")]",
        "pub enum InterviewMode {",
        "    #[strum(serialize = \"complaint\")]",
        "    Complaint,",
        "    Safe,",
        "}",
        "",
        "pub async fn raw_update(http: &Client, token: &str) -> anyhow::Result<&'static str> {",
        "    let resp = http",
        "        .put(format!(\"{BASE}interviews/{token}/\"))",
        "        .header(\"Content-Type\", \"application/json\")",
        "        .body(r#\"{\"mode\": \"triage\"}\"#)",
        "        .send()",
        "        .await?;",
        "    Ok(match resp.status().as_u16() {",
        "        202 => \"no output\",",
        "        200 => \"ok\",",
        "        _ => \"error\",",
        "    })",
        "}",
        "",
        "#[cfg(test)]",
        "mod tests {",
        "    use mockito::Matcher;",
        "    use serde_json::json;",
        "",
        "    #[tokio::test]",
        "    async fn sends_safe() {",
        "        let mut server = mockito::Server::new_async().await;",
        "        let m = server",
        "            .mock(\"PUT\", \"/interviews/abc/\")",
        "            .match_body(Matcher::Json(json!({\"mode\": \"safe\"})))",
        "            .with_status(202)",
        "            .create_async()",
        "            .await;",
        "        m.assert_async().await;",
        "    }",
        "}",
      ].join('\n'),
      'src/raw_desk.rs': [
        "use reqwest::Client;",
        "use strum::{Display, EnumString};",
        "",
        "const BASE: &str = \"https://help.example.com/api/\";",
        "",
        "#[derive(Debug, Display, EnumString)]",
        "#[strum(serialize_all = \"lowercase\")]",
        "pub enum TicketMode {",
        "    #[strum(serialize = \"complaint\")]",
        "    Complaint,",
        "    Safe,",
        "}",
        "",
        "pub async fn raw_update(http: &Client, token: &str) -> anyhow::Result<&'static str> {",
        "    let resp = http",
        "        .put(format!(\"{BASE}tickets/{token}/\"))",
        "        .header(\"Content-Type\", \"application/json\")",
        "        .body(r#\"{\"mode\": \"triage\"}\"#)",
        "        .send()",
        "        .await?;",
        "    Ok(match resp.status().as_u16() {",
        "        202 => \"no output\",",
        "        200 => \"ok\",",
        "        _ => \"error\",",
        "    })",
        "}",
        "",
        "#[cfg(test)]",
        "mod tests {",
        "    use mockito::Matcher;",
        "    use serde_json::json;",
        "",
        "    #[tokio::test]",
        "    async fn sends_safe() {",
        "        let mut server = mockito::Server::new_async().await;",
        "        let m = server",
        "            .mock(\"PUT\", \"/tickets/abc/\")",
        "            .match_body(Matcher::Json(json!({\"mode\": \"safe\"})))",
        "            .with_status(202)",
        "            .create_async()",
        "            .await;",
        "        m.assert_async().await;",
        "    }",
        "}",
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'src/raw.rs')).toEqual(['11 mode-safe-triage-removed', '18 mode-safe-triage-removed', '38 mode-safe-triage-removed', '39 mode-update-status-200', '4 base-url', '9 mode-complaint-renamed-input']);
    expect(sites(r, 'src/raw_desk.rs')).toEqual([]);
  });
  it("a helper's returned json! body given straight to a request is that request's body; a helpdesk's is not", async () => {
    writeTree(dir, {
      'src/bodies.rs': [
        'const BASE: &str = "https://www.buoyhealth.com/api/";',
        'fn complaint_body(t: &str, text: &str) -> serde_json::Value {',
        '    serde_json::json!({"interview": t, "text": text, "extra": "since monday"})',
        '}',
        'pub async fn complain(c: &reqwest::Client, t: &str) -> reqwest::Result<reqwest::Response> {',
        '    c.post(format!("{}complaints/", BASE)).json(&complaint_body(t, "cough")).send().await',
        '}',
      ].join('\n'),
      'src/desk_bodies.rs': [
        'const DESK: &str = "https://help.example.com/api/";',
        'fn ticket_body(t: &str, text: &str) -> serde_json::Value {',
        '    serde_json::json!({"ticket": t, "text": text, "extra": "since monday", "mode": "complaint"})',
        '}',
        'pub async fn open(c: &reqwest::Client, t: &str) -> reqwest::Result<reqwest::Response> {',
        '    c.post(format!("{}tickets/", DESK)).json(&ticket_body(t, "printer")).send().await',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'src/bodies.rs')).toEqual(['1 base-url', '3 complaint-extra-removed']);
    expect(sites(r, 'src/desk_bodies.rs')).toEqual([]);
  });
  it('reads through iterator adaptors and closures (.iter().map(|c| c.triage)), for loops and indexes', async () => {
    writeTree(dir, {
      'src/conditions.rs': [
        "const BASE: &str = \"https://www.buoyhealth.com/api/\";",
        "#[derive(Debug, Deserialize)]",
        "pub struct PotentialCondition { pub name: String, pub triage: String }",
        "#[derive(Debug, Deserialize)]",
        "pub struct TriageExplanation { pub potential_condition: Vec<PotentialCondition> }",
        "#[derive(Debug, Deserialize)]",
        "pub struct DiagnosisResult { pub triage_explanation: TriageExplanation }",
        "async fn a(http: &reqwest::Client, token: &str) -> Vec<String> {",
        "    let r: DiagnosisResult = http.get(format!(\"{BASE}results/{token}/\")).send().await.unwrap().json().await.unwrap();",
        "    let mut out = vec![];",
        "    for c in &r.triage_explanation.potential_condition {",
        "        out.push(c.triage.clone());",
        "    }",
        "    let x: Vec<String> = r.triage_explanation.potential_condition.iter().map(|c| c.triage.clone()).collect();",
        "    let y = r.triage_explanation.potential_condition[0].triage.clone();",
        "    out",
        "}",
      ].join('\n'),
      'src/desk_categories.rs': [
        "const BASE: &str = \"https://help.example.com/api/\";",
        "#[derive(Debug, Deserialize)]",
        "pub struct TicketCategory { pub name: String, pub triage: String }",
        "#[derive(Debug, Deserialize)]",
        "pub struct Routing { pub categories: Vec<TicketCategory> }",
        "#[derive(Debug, Deserialize)]",
        "pub struct TicketReport { pub routing: Routing }",
        "async fn a(http: &reqwest::Client, token: &str) -> Vec<String> {",
        "    let r: TicketReport = http.get(format!(\"{BASE}reports/{token}/\")).send().await.unwrap().json().await.unwrap();",
        "    let mut out = vec![];",
        "    for c in &r.routing.categories {",
        "        out.push(c.triage.clone());",
        "    }",
        "    let x: Vec<String> = r.routing.categories.iter().map(|c| c.triage.clone()).collect();",
        "    let y = r.routing.categories[0].triage.clone();",
        "    out",
        "}",
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'src/conditions.rs')).toEqual(['1 base-url', '12 potential-condition-triage-removed', '14 potential-condition-triage-removed', '15 potential-condition-triage-removed', '3 potential-condition-triage-removed']);
    expect(sites(r, 'src/desk_categories.rs')).toEqual([]);
  });
});
