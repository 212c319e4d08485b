// Preloaded into a journey client (node --require): requests to the hosts named in SC_JOURNEY_HOSTS
// ({"www.example.com": "http://127.0.0.1:1234"}) go to the loopback server given instead, path and query kept.
// The client's code keeps its real addresses; only where they lead changes. Both ways a Node client sends a
// request are covered: the global fetch (undici) and node:http/node:https (axios, got, follow-redirects).
const http = require('node:http');
const https = require('node:https');

const hosts = JSON.parse(process.env.SC_JOURNEY_HOSTS || '{}');
const LOOPBACK = ['127.0.0.1', 'localhost', '[::1]'];
const refuse = (host) => new Error(`journey: no route to ${host} (only loopback is reachable in tests)`);

const original = globalThis.fetch;
globalThis.fetch = (input, init) => {
  const url = new URL(typeof input === 'string' || input instanceof URL ? String(input) : input.url);
  const to = hosts[url.host];
  if (to) {
    const target = new URL(to);
    url.protocol = target.protocol;
    url.host = target.host;
  } else if (!LOOPBACK.includes(url.hostname)) {
    return Promise.reject(refuse(url.host));
  }
  return original(url.toString(), init);
};

// node:http(s).request(url?, options?, callback?): the target is read from the URL or the options; a request to
// a redirected host is sent with node:http to the loopback server (without the caller's TLS agent).
function route(defaultProtocol, args) {
  let url = null;
  let options = {};
  let rest = args;
  if (typeof rest[0] === 'string' || rest[0] instanceof URL) {
    url = new URL(String(rest[0]));
    rest = rest.slice(1);
  }
  if (rest[0] && typeof rest[0] === 'object') {
    options = { ...rest[0] };
    rest = rest.slice(1);
  }
  const callback = typeof rest[0] === 'function' ? rest[0] : undefined;
  const protocol = url ? url.protocol : options.protocol || defaultProtocol;
  const hostname = url ? url.hostname : options.hostname || (options.host || 'localhost').replace(/:\d+$/, '');
  const defaultPort = protocol === 'https:' ? 443 : 80;
  const port = url ? url.port || defaultPort : options.port || defaultPort;
  const host = Number(port) === defaultPort ? hostname : `${hostname}:${port}`;
  const to = hosts[host];
  if (!to) {
    if (!LOOPBACK.includes(hostname)) throw refuse(host);
    return null;
  }
  const target = new URL(to);
  const path = url ? `${url.pathname}${url.search}` : options.path || '/';
  const routed = { ...options, protocol: target.protocol, hostname: target.hostname, host: target.hostname, port: Number(target.port), path };
  delete routed.agent;
  delete routed.createConnection;
  delete routed.servername;
  return { routed, callback };
}

const httpRequest = http.request;
for (const [mod, protocol] of [
  [http, 'http:'],
  [https, 'https:'],
]) {
  const request = mod.request;
  mod.request = function journeyRequest(...args) {
    const r = route(protocol, args);
    if (!r) return request.apply(mod, args);
    return r.callback ? httpRequest.call(http, r.routed, r.callback) : httpRequest.call(http, r.routed);
  };
  mod.get = function journeyGet(...args) {
    const req = mod.request(...args);
    req.end();
    return req;
  };
}
