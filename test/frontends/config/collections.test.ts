import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../config';
import { scan } from '../../../lib';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * Request collections whose base is set in another file: a Bruno environment (`environments/sandbox.bru`), a
 * Postman environment, a JetBrains `http-client.env.json`. The requests of the folder (of the collection, for a
 * Bruno environment) are requests to the API; another folder's requests with a variable of the same name are not.
 */

let dir: string;
beforeEach(() => (dir = tmpDir()));
afterEach(() => cleanup(dir));

const run = async () => (await scan({ roots: ['.'], config: defaultConfig, cwd: dir })).outcomes;
type Outcomes = Awaited<ReturnType<typeof run>>;
const sites = (outcomes: Outcomes, rel: string) => (outcomes.find((o) => o.relPath === rel)?.findings ?? []).map((f) => `${f.line} ${f.change} ${f.fix}`);

const bru = (method: string, url: string, body: string, extra = '') =>
  `meta {\n  name: x\n  type: http\n  seq: 1\n}\n\n${method} {\n  url: ${url}\n  body: json\n}\n\nbody:json {\n  ${body}\n}\n${extra}`;

describe('request collections with the base in an environment file', () => {
  it('Bruno: requests after {{baseUrl}} set by the collection environment are checked; a helpdesk collection with the same variable is not', async () => {
    writeTree(dir, {
      'checker/bruno.json': '{ "version": "1", "name": "checker", "type": "collection" }\n',
      'checker/environments/sandbox.bru': 'vars {\n  baseUrl: https://sandbox.buoyhealth.com/api/\n}\n',
      'checker/interviews/set-mode.bru': bru('put', '{{baseUrl}}interviews/{{interview}}/', '{ "mode": "complaint" }', '\nassert {\n  res.status: eq 202\n}\n'),
      'checker/complaints/create.bru': bru('post', '{{baseUrl}}complaints/', '{ "text": "cough", "extra": { "days": 2 } }', '\ntests {\n  test("x", function() { expect(res.getBody().extra).to.be.an("object"); });\n}\n'),
      'desk/bruno.json': '{ "version": "1", "name": "desk", "type": "collection" }\n',
      'desk/environments/local.bru': 'vars {\n  baseUrl: https://desk.example.net/api/\n}\n',
      'desk/tickets/set-mode.bru': bru('put', '{{baseUrl}}interviews/{{ticket}}/', '{ "mode": "complaint" }', '\nassert {\n  res.status: eq 202\n}\n'),
      'desk/tickets/create.bru': bru('post', '{{baseUrl}}complaints/', '{ "text": "late", "extra": { "via": "bruno" } }'),
    });
    const out = await run();
    expect(sites(out, 'checker/environments/sandbox.bru')).toEqual(['2 base-url auto']);
    expect(sites(out, 'checker/interviews/set-mode.bru')).toEqual(['13 mode-complaint-renamed-input auto', '17 mode-update-status-200 manual']);
    expect(out.find((o) => o.relPath === 'checker/interviews/set-mode.bru')!.after).toContain('{ "mode": "input" }');
    expect(sites(out, 'checker/complaints/create.bru')).toEqual(['13 complaint-extra-removed manual', '17 complaint-extra-removed manual']);
    for (const f of ['desk/environments/local.bru', 'desk/tickets/set-mode.bru', 'desk/tickets/create.bru']) {
      const o = out.find((x) => x.relPath === f);
      expect(o?.findings ?? [], f).toEqual([]);
      if (o) expect(o.after, f).toBe(o.before);
    }
  });

  it('Postman and JetBrains HTTP: a base set in the folder environment file ties the requests beside it, not those of another folder', async () => {
    const collection = (url: string) =>
      JSON.stringify({ info: { name: 'c', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' }, item: [{ name: 'i', request: { method: 'POST', url, body: { mode: 'raw', raw: '{"text": "refill", "detail": "x"}' } } }] }, null, 2) + '\n';
    writeTree(dir, {
      'api/checker.postman_environment.json': '{ "name": "sandbox", "values": [ { "key": "apiRoot", "value": "https://sandbox.buoyhealth.com/api/", "enabled": true } ] }\n',
      'api/checker.postman_collection.json': collection('{{apiRoot}}intents/'),
      'api/http-client.env.json': '{ "dev": { "apiRoot": "https://sandbox.buoyhealth.com/api/" } }\n',
      'api/intents.http': 'POST {{apiRoot}}intents/\nContent-Type: application/json\n\n{"text": "refill", "context": "x"}\n',
      'notes/notes.postman_collection.json': collection('{{apiRoot}}intents/'),
      'notes/intents.http': 'POST {{apiRoot}}intents/\nContent-Type: application/json\n\n{"text": "refill", "context": "x"}\n',
    });
    const out = await run();
    expect(sites(out, 'api/checker.postman_collection.json')).toEqual(['14 intent-detail-context-removed manual']);
    expect(sites(out, 'api/intents.http')).toEqual(['4 intent-detail-context-removed manual']);
    expect(sites(out, 'notes/notes.postman_collection.json')).toEqual([]);
    expect(sites(out, 'notes/intents.http')).toEqual([]);
  });
});
