/**
 * `npm run demo:proxy [-- <pin>]`: starts the v2 stand-in and the proxy on free loopback ports and runs a
 * scripted legacy client through the proxy, printing what the client sends and sees and what v2 received.
 *
 * The legacy client's requests are built from the catalogue too (the removed fields it still sends, the old
 * mode name it still uses), so the demo shows each down-migration without restating the API.
 */
import { api, rulesOfKind } from '../catalogue';
import type { Config } from '../config';
import { MockV2 } from './mock/server';
import { vocab } from './mock/content';
import { resolveProxyOptions } from './options';
import { ShimProxy } from './server';
import { createLogger } from './telemetry';
import { changesForPin, shimTransforms } from './transforms';
import { Writable } from 'node:stream';

const pin = process.argv[2] ?? '2020-06';
const out = (line = '') => process.stdout.write(`${line}\n`);
/** JSON for display, with credentials redacted: the demo prints what a log would, so it hides what a log must. */
const secretFields = new Set<string>(api.secrets.bodyFields);
const show = (v: unknown) => JSON.stringify(v, (key, value) => (secretFields.has(key) ? '[redacted]' : value));

async function main(): Promise<void> {
  const audience = { v1: 'https://legacy.example.test/api/', v2: 'https://api.example.test' };
  const mock = new MockV2({ basePath: api.v2BasePath, tokenPath: `/${api.tokenRequest.path}`, audience: audience.v2, requireToken: true });
  const mockPort = (await mock.listen(0, '127.0.0.1')).port;
  const upstream = `http://127.0.0.1:${mockPort}`;
  const config: Config = {
    environments: {
      sandbox: {
        v1: { baseUrl: 'https://legacy.example.test/api/', audience: audience.v1 },
        v2: { baseUrl: `${upstream}${api.v2BasePath}`, audience: audience.v2 },
        authUrl: upstream,
      },
    },
  };
  const logLines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, cb) {
      logLines.push(...chunk.toString().split('\n').filter(Boolean));
      cb();
    },
  });
  const proxy = new ShimProxy({ ...resolveProxyOptions(config, { env: 'sandbox', legacyVersion: pin }), logger: createLogger(sink) });
  const proxyPort = (await proxy.listen(0, '127.0.0.1')).port;
  const facade = `http://127.0.0.1:${proxyPort}`;
  out(`v2 stand-in  ${upstream}${api.v2BasePath}`);
  out(`proxy        ${facade}/api/  (legacy clients pinned at ${pin}; down-migrations: ${[...new Set(shimTransforms(changesForPin(pin)).map((x) => x.change.id))].join(', ')})`);
  out();

  let bearer = '';
  const call = async (label: string, method: string, url: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> => {
    const before = mock.requests.length;
    const res = await fetch(url.startsWith('http') ? url : `${facade}${url}`, {
      method,
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json()) as Record<string, unknown>;
    out(`# ${label}`);
    out(`  legacy client  ${method} ${url.replace(facade, '')} ${body !== undefined ? show(body) : ''}`);
    const seen = mock.requests.slice(before)[0];
    out(`  v2 received    ${seen ? `${seen.method} ${seen.path} ${seen.body !== undefined ? show(seen.body) : ''}` : '(nothing: answered by the proxy)'}`);
    out(`  client sees    ${res.status} ${show(json)}`);
    out();
    return { status: res.status, json };
  };

  // The legacy client, as v1 code wrote it: removed fields it still sends, the old mode name it still uses.
  const stripped = (resource: string) =>
    Object.fromEntries(
      rulesOfKind('request-field-removed')
        .filter((r) => r.rule.strip && r.rule.resource === resource && r.rule.path.length === 1 && changesForPin(pin).includes(r.change))
        .map((r) => [r.rule.path[0]!, 'legacy value']),
    );
  const rename = rulesOfKind('value-renamed').find((r) => r.rule.field === api.modeField)!;
  const mode = changesForPin(pin).includes(rename.change) ? rename.rule.from : rename.rule.to;
  const removedMode = rulesOfKind('value-removed').find((r) => r.rule.field === api.modeField)!;
  const t = api.tokenRequest;
  const age = rulesOfKind('range-constraint').find((r) => r.rule.resource === 'interview')!.rule;
  const seg = (r: keyof typeof api.resources) => api.resources[r].segment;
  const links = (j: Record<string, unknown>) => (j[api.linksField] ?? {}) as Record<string, string>;

  const token = await call('token, v1 audience', 'POST', `/${t.path}`, {
    [t.clientIdField]: 'demo-client',
    [t.clientSecretField]: 'demo-secret',
    [t.audienceField]: audience.v1,
    [t.grantTypeField]: t.grantType,
  });
  bearer = String(token.json[api.tokenResponse.accessTokenField] ?? '');

  const profile = { [age.path[1]!]: 35 };
  const iv = (await call('create interview', 'POST', `/api/${seg('interview')}/${api.createInterviewPath}`, { [age.path[0]!]: profile, ...stripped('interview') })).json;
  const ivUrl = links(iv)[vocab.self]!;
  await call('mode update before any complaint', 'PUT', ivUrl, { [api.modeField]: mode });
  if (changesForPin(pin).includes(removedMode.change)) {
    await call(`a removed mode`, 'PUT', ivUrl, { [api.modeField]: removedMode.rule.values[0] });
  }
  await call('complaint', 'POST', `/api/${seg('complaint')}/`, { interview: iv[vocab.id], ...stripped('complaint') });
  await call('intent', 'POST', `/api/${seg('intent')}/`, { interview: iv[vocab.id], ...stripped('intent') });
  let next = links((await call('mode update that starts the questions', 'PUT', ivUrl, { [api.modeField]: mode })).json)[vocab.next];
  const extra = rulesOfKind('field-relaxed').find((r) => r.rule.operation === 'answer')!.rule.path[0]!;
  while (next && next.includes(`/${seg('question')}/`)) {
    const q = (await call('read question', 'GET', next)).json;
    const option = (q[vocab.options] as Record<string, unknown>[])[0]!;
    const answer = { [vocab.answerOption]: option[vocab.id], [extra]: q[vocab.type] === vocab.durationType ? '24' : '' };
    next = links((await call('answer', 'PUT', next, answer)).json)[vocab.next];
  }
  if (next) await call('result', 'GET', next);

  out('# proxy log (one line per request)');
  for (const line of logLines) {
    const l = JSON.parse(line) as Record<string, unknown>;
    if (l['msg'] === 'request') out(`  ${l['method']} ${l['path']} ${l['upstreamStatus']}→${l['status']} ${show(l['changesApplied'])}`);
  }
  await proxy.close(1000);
  await mock.close();
}

main().catch((err: unknown) => {
  process.stderr.write(`demo failed: ${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
