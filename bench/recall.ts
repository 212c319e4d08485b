/**
 * Recall and precision of `scan` on client apps written blind (fixtures/blind/: an app and the list of lines a
 * person must change, written by someone who had not read the engine).
 *
 *   npm run recall [-- <set-dir>…] [--misses] [--json] [--write]
 *
 * A set holds `app/` and `expected.json` ({ sites, optional, negatives }: file, line, change). A site counts as
 * found when a finding of the same change family covers its line (base-url and token-audience are one family:
 * a shared v1 address is one site for a person). A finding is right when it covers a site or an optional line of
 * its family; anything else is wrong, and wrong on a negative when it covers a line of the other API. `--write`
 * records the counts in fixtures/blind/scores.json, the floor test/blind/recall.test.ts holds every set to.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { scan } from '../lib';
import { defaultConfig, loadConfig } from '../config';

export interface Line {
  file: string;
  line: number;
  change?: string;
  note?: string;
}

export interface Found {
  file: string;
  line: number;
  endLine: number;
  change: string;
  fix: string;
  message: string;
}

export interface SetScore {
  set: string;
  sites: number;
  found: number;
  findings: number;
  right: number;
  onNegatives: number;
  failed: string[];
  misses: Line[];
  wrong: Found[];
}

const FAMILY: Record<string, string> = { 'token-audience': 'address', 'base-url': 'address' };
const family = (change: string) => FAMILY[change] ?? change;

const covers = (f: Found, s: Line) =>
  f.file === s.file && f.line <= s.line && s.line <= Math.max(f.line, f.endLine) && (!s.change || family(f.change) === family(s.change));

/** Scores one set folder: `<dir>/app` scanned as a user would (its own sc-migrate.config.json if it has one). */
export async function scoreSet(dir: string, name = setName(dir)): Promise<SetScore> {
  const expected = JSON.parse(fs.readFileSync(path.join(dir, 'expected.json'), 'utf8')) as Record<string, Line[] | undefined>;
  const cfgFile = path.join(dir, 'sc-migrate.config.json');
  const config = fs.existsSync(cfgFile) ? loadConfig({ configPath: cfgFile }).config : defaultConfig;
  const result = await scan({ roots: ['app'], config, cwd: dir, types: 'auto' });
  const findings: Found[] = [];
  for (const o of result.outcomes) {
    for (const f of o.findings) {
      findings.push({ file: `app/${o.relPath}`, line: f.line, endLine: f.endLine, change: f.change, fix: f.fix, message: f.message });
    }
  }
  const sites = expected.sites ?? [];
  const optional = expected.optional ?? [];
  const negatives = expected.negatives ?? [];
  const misses = sites.filter((s) => !findings.some((f) => covers(f, s)));
  const wrong = findings.filter((f) => !sites.some((s) => covers(f, s)) && !optional.some((s) => covers(f, s)));
  const onNegatives = wrong.filter((f) => negatives.some((n) => covers(f, { ...n, change: undefined }))).length;
  return {
    set: name,
    sites: sites.length,
    found: sites.length - misses.length,
    findings: findings.length,
    right: findings.length - wrong.length,
    onNegatives,
    failed: result.outcomes.filter((o) => o.status === 'failed').map((o) => `${o.relPath}: ${o.error}`),
    misses,
    wrong,
  };
}

/** fixtures/blind of the repository, from the sources (bench/) or the build (dist/bench/). */
export const BLIND =
  [path.join(__dirname, '..', 'fixtures', 'blind'), path.join(__dirname, '..', '..', 'fixtures', 'blind')].find((d) => fs.existsSync(d)) ??
  path.join(__dirname, '..', 'fixtures', 'blind');
export const SCORES = path.join(BLIND, 'scores.json');

/** A set's name: `<batch>/<app>`, the last two parts of its folder. */
export const setName = (dir: string) => path.resolve(dir).split(path.sep).slice(-2).join('/');

/** Every set under fixtures/blind (`<batch>/<app>`), by name. */
export function blindSets(root = BLIND): Map<string, string> {
  const out = new Map<string, string>();
  if (!fs.existsSync(root)) return out;
  for (const batch of fs.readdirSync(root).sort()) {
    const b = path.join(root, batch);
    if (!fs.statSync(b).isDirectory()) continue;
    for (const app of fs.readdirSync(b).sort()) {
      if (fs.existsSync(path.join(b, app, 'expected.json'))) out.set(`${batch}/${app}`, path.join(b, app));
    }
  }
  return out;
}

export interface Recorded {
  sites: number;
  found: number;
  findings: number;
  right: number;
  onNegatives: number;
}

const pct = (a: number, b: number) => `${(b ? (a / b) * 100 : 100).toFixed(1)}%`;

const FLAGS = ['--misses', '--json', '--write'];
const USAGE = `usage: npm run recall -- [--misses] [--json] [--write] [set or batch folder ...]
  with no folder, every set under fixtures/blind is scored (held-out batches included)`;

/** The sets a named folder stands for: itself when it holds an expected.json, else the sets one level below it (a batch). */
export function namedSets(dirs: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const d of dirs) {
    const dir = path.resolve(d);
    if (fs.existsSync(path.join(dir, 'expected.json'))) {
      out.set(setName(dir), dir);
      continue;
    }
    const below = fs.existsSync(dir) && fs.statSync(dir).isDirectory()
      ? fs.readdirSync(dir).sort().filter((a) => fs.existsSync(path.join(dir, a, 'expected.json')))
      : [];
    if (!below.length) throw new Error(`${d}: neither a blind set (no expected.json) nor a batch of sets`);
    for (const a of below) out.set(setName(path.join(dir, a)), path.join(dir, a));
  }
  return out;
}

async function main(argv: string[]): Promise<void> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return;
  }
  const unknown = argv.filter((a) => a.startsWith('-') && !FLAGS.includes(a));
  if (unknown.length) throw new Error(`unknown option ${unknown.join(', ')}\n${USAGE}`);
  const named = argv.filter((a) => !a.startsWith('-'));
  const sets = named.length ? namedSets(named) : blindSets();
  const out: SetScore[] = [];
  for (const [name, dir] of sets) out.push(await scoreSet(dir, name));
  if (argv.includes('--json')) {
    process.stdout.write(JSON.stringify(out, null, 2) + '\n');
    return;
  }
  let S = 0, F = 0, N = 0, R = 0;
  for (const r of out) {
    S += r.sites; F += r.found; N += r.findings; R += r.right;
    console.log(
      `${r.set.padEnd(44)} recall ${pct(r.found, r.sites).padStart(6)} (${r.found}/${r.sites})  precision ${pct(r.right, r.findings).padStart(6)} (${r.right}/${r.findings})  on negatives ${r.onNegatives}  failed ${r.failed.length}`,
    );
    if (argv.includes('--misses')) {
      for (const m of r.misses) console.log(`   miss  ${m.file}:${m.line} ${m.change ?? ''} ${m.note ?? ''}`);
      for (const w of r.wrong) console.log(`   wrong ${w.file}:${w.line} ${w.change} ${w.fix} ${w.message.slice(0, 100)}`);
      for (const f of r.failed) console.log(`   failed ${f}`);
    }
  }
  console.log(`${'all'.padEnd(44)} recall ${pct(F, S).padStart(6)} (${F}/${S})  precision ${pct(R, N).padStart(6)} (${R}/${N})`);
  if (argv.includes('--write')) {
    const file = SCORES;
    const recorded: Record<string, Recorded> = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
    for (const r of out) recorded[r.set] = { sites: r.sites, found: r.found, findings: r.findings, right: r.right, onNegatives: r.onNegatives };
    const sorted = Object.fromEntries(Object.entries(recorded).sort(([a], [b]) => a.localeCompare(b)));
    fs.writeFileSync(file, JSON.stringify(sorted, null, 2) + '\n');
    console.log(`recorded in ${path.relative(process.cwd(), file)}`);
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
