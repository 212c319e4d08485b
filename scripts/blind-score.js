#!/usr/bin/env node
// Recall and precision of `scan` on fixture sets written blind (a client app and the list of lines a person
// must change): node scripts/blind-score.js <set-dir>... [--json] [--misses]
// A set holds app/ and expected.json ({ sites, optional, negatives }: file, line, change). A site counts as
// found when a finding of the same change (base-url and token-audience count as one family: a shared v1
// address is one site for a person) covers its line. A finding is right when it covers a site or an optional
// line of its change family; anything else, negatives first, is a false positive.
const path = require('node:path');
const fs = require('node:fs');
const { scan } = require('../dist/lib');
const { defaultConfig, loadConfig } = require('../dist/config');

const FAMILY = { 'token-audience': 'address', 'base-url': 'address' };
const fam = (c) => FAMILY[c] ?? c;

async function score(setDir) {
  const expected = JSON.parse(fs.readFileSync(path.join(setDir, 'expected.json'), 'utf8'));
  const cfgFile = path.join(setDir, 'sc-migrate.config.json');
  const config = fs.existsSync(cfgFile) ? loadConfig({ configPath: cfgFile }).config : defaultConfig;
  const result = await scan({ roots: ['app'], config, cwd: setDir, types: 'auto' });
  const findings = [];
  for (const o of result.outcomes) {
    for (const f of o.findings) findings.push({ file: `app/${o.relPath}`, line: f.line, endLine: f.endLine, change: f.change, fix: f.fix, message: f.message });
  }
  const covers = (f, s) => f.file === s.file && f.line <= s.line && s.line <= Math.max(f.line, f.endLine) && (!s.change || fam(f.change) === fam(s.change));
  const sites = expected.sites ?? [];
  const optional = expected.optional ?? [];
  const negatives = expected.negatives ?? [];
  const misses = sites.filter((s) => !findings.some((f) => covers(f, s)));
  const wrong = findings.filter((f) => !sites.some((s) => covers(f, s)) && !optional.some((s) => covers(f, s)));
  const onNegative = wrong.filter((f) => negatives.some((n) => n.file === f.file && f.line <= n.line && n.line <= Math.max(f.line, f.endLine)));
  const failed = result.outcomes.filter((o) => o.status === 'failed').map((o) => `${o.relPath}: ${o.error}`);
  return {
    set: path.basename(setDir),
    sites: sites.length,
    found: sites.length - misses.length,
    recall: sites.length ? (sites.length - misses.length) / sites.length : 1,
    findings: findings.length,
    right: findings.length - wrong.length,
    precision: findings.length ? (findings.length - wrong.length) / findings.length : 1,
    onNegatives: onNegative.length,
    failed,
    skipped: result.skipped,
    misses,
    wrong,
  };
}

(async () => {
  const args = process.argv.slice(2);
  const sets = args.filter((a) => !a.startsWith('--'));
  const out = [];
  for (const s of sets) out.push(await score(path.resolve(s)));
  if (args.includes('--json')) {
    process.stdout.write(JSON.stringify(out, null, 2) + '\n');
    return;
  }
  const pct = (x) => `${(x * 100).toFixed(1)}%`;
  let S = 0, F = 0, N = 0, R = 0;
  for (const r of out) {
    S += r.sites; F += r.found; N += r.findings; R += r.right;
    console.log(`${r.set.padEnd(20)} recall ${pct(r.recall).padStart(6)} (${r.found}/${r.sites})  precision ${pct(r.precision).padStart(6)} (${r.right}/${r.findings})  on negatives ${r.onNegatives}  failed ${r.failed.length}`);
    if (args.includes('--misses')) {
      for (const m of r.misses) console.log(`   miss  ${m.file}:${m.line} ${m.change} ${m.note ?? ''}`);
      for (const w of r.wrong) console.log(`   wrong ${w.file}:${w.line} ${w.change} ${w.fix} ${w.message.slice(0, 100)}`);
      for (const f of r.failed) console.log(`   failed ${f}`);
    }
  }
  console.log(`${'all'.padEnd(20)} recall ${pct(S ? F / S : 1).padStart(6)} (${F}/${S})  precision ${pct(N ? R / N : 1).padStart(6)} (${R}/${N})`);
})();
