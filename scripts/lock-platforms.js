#!/usr/bin/env node
/**
 * Fill in the lockfile entries of optional per-platform builds (`@ast-grep/napi-darwin-arm64`, …) that a
 * registry mirror serving only this machine's builds made `npm install` leave out; `npm ci` refuses a lockfile
 * without them on every platform. Each entry gets its os, cpu and libc from its name, as the published
 * packages declare them; npm never fetches a build for another platform, so no integrity is needed.
 * Run after `npm install` when test/repo/standalone.test.ts reports a missing entry.
 */
const fs = require('node:fs');
const path = require('node:path');

const file = path.join(__dirname, '..', 'package-lock.json');
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));

function platformOf(name) {
  const m = /-(darwin|linux|win32|freebsd|android)-(x64|arm64|ia32|arm)(?:-(gnu|musl|msvc|gnueabihf))?$/.exec(name);
  if (!m) return null;
  const [, os, cpu, abi] = m;
  const libc = abi === 'gnu' || abi === 'gnueabihf' ? 'glibc' : abi === 'musl' ? 'musl' : undefined;
  return { os, cpu, libc };
}

const out = {};
let added = 0;
for (const [key, entry] of Object.entries(lock.packages)) {
  out[key] = entry;
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const at = `node_modules/${name}`;
    const p = platformOf(name);
    if (at in lock.packages || !p) continue;
    const e = { version, cpu: [p.cpu] };
    if (entry.dev) e.dev = true;
    if (p.libc) e.libc = [p.libc];
    Object.assign(e, { license: entry.license, optional: true, os: [p.os] });
    out[at] = e;
    added++;
  }
}
lock.packages = Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)));
fs.writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log(`lock-platforms: ${added} entr${added === 1 ? 'y' : 'ies'} added`);
