// Preloaded into a journey client (node --require): requests to the hosts named in SC_JOURNEY_HOSTS
// ({"www.example.com": "http://127.0.0.1:1234"}) go to the loopback server given instead, path and query kept.
// The client's code keeps its real addresses; only where they lead changes.
const hosts = JSON.parse(process.env.SC_JOURNEY_HOSTS || '{}');
const original = globalThis.fetch;
globalThis.fetch = (input, init) => {
  const url = new URL(typeof input === 'string' || input instanceof URL ? String(input) : input.url);
  const to = hosts[url.host];
  if (to) {
    const target = new URL(to);
    url.protocol = target.protocol;
    url.host = target.host;
  } else if (!['127.0.0.1', 'localhost'].includes(url.hostname)) {
    return Promise.reject(new Error(`journey: no route to ${url.host} (only loopback is reachable in tests)`));
  }
  return original(url.toString(), init);
};
