import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * Rust's `Self { … }` inside `impl Type` builds that type: a request model's constructor that sets a removed field
 * (`interview_mode: Some(true)`) is a site, as `NewInterview { … }` is. A desk's ticket built the same way stays.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('Rust: Self { … } in an impl block', () => {
  it("a request model's constructor that sets the removed interview_mode flag; a desk ticket's constructor stays", async () => {
    writeTree(dir, {
      'src/models.rs': [
        '#[derive(Serialize)]',
        'pub struct NewInterview {',
        '    pub age: u8,',
        '    pub interview_mode: Option<bool>,',
        '}',
        '',
        'impl NewInterview {',
        '    pub fn new(age: u8) -> Self {',
        '        Self {',
        '            age,',
        '            interview_mode: Some(true),',
        '        }',
        '    }',
        '}',
        '',
      ].join('\n'),
      'src/api.rs': [
        'const BASE: &str = "https://www.buoyhealth.com/api/";',
        '',
        'impl Api {',
        '    pub async fn create_interview(&self, body: &NewInterview) -> Result<Interview, Error> {',
        '        Ok(self.http.post(format!("{}interviews/anonymous/", BASE)).json(body).send().await?.json().await?)',
        '    }',
        '}',
        '',
      ].join('\n'),
      'src/desk.rs': [
        'const DESK: &str = "https://desk.example.net/api/";',
        '',
        '#[derive(Serialize)]',
        'pub struct Ticket {',
        '    pub interview_mode: Option<bool>,',
        '    pub extra: Option<String>,',
        '}',
        '',
        'impl Ticket {',
        '    pub fn new(extra: String) -> Self {',
        '        Self { interview_mode: Some(true), extra: Some(extra) }',
        '    }',
        '}',
        '',
        'pub async fn queue(http: &Client, t: &Ticket) { http.post(format!("{}tickets/", DESK)).json(t).send().await.unwrap(); }',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'src/models.rs')).toEqual(['11 interview-mode-flag-removed', '4 interview-mode-flag-removed']);
    expect(sites(r, 'src/desk.rs')).toEqual([]);
  });
});
