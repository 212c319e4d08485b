/**
 * The corpora of the codemod/report benchmark, built in a temporary folder for one run of `npm run bench`:
 *
 * - published: real npm packages that never call the API, installed with `npm install --no-save --prefix`;
 * - heavy: many copies of the legacy sample apps (every file matters to the migration).
 *
 * The file list every contender gets is gathered once, with the pipeline's own selection (`selectFiles`) minus
 * the sources it drops as minified, so `sc-migrate report` on the roots reads exactly these files.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { selectFiles } from '../lib/select';
import { looksMinified } from '../lib/read';
import { jsFrontEnd } from '../codemods/frontends/js';
import type { ContenderJob } from './contender';

export const PUBLISHED_PACKAGES = ['rxjs', 'lodash-es', 'date-fns', 'three'];
export const SAMPLE_APPS = ['chat-widget-js', 'triage-service-ts'];

export interface Corpus {
  name: 'published' | 'heavy';
  description: string;
  job: ContenderJob;
  /** Files the pipeline selects under the roots, and how many of them it drops as minified. */
  selected: number;
  minified: number;
  codeFiles: number;
  textFiles: number;
  bytes: number;
  /** Package versions (published corpus). */
  versions?: Record<string, string>;
}

/** Files of `roots` as the pipeline reads them: selected, minus minified sources. */
export async function gatherFiles(roots: string[], cwd: string): Promise<{ files: string[]; selected: number; minified: number; code: number; text: number; bytes: number }> {
  const selected = (await selectFiles(roots, cwd)).files;
  const files: string[] = [];
  let minified = 0;
  let code = 0;
  let bytes = 0;
  for (const f of selected) {
    const buf = fs.readFileSync(f.absPath);
    const isCode = jsFrontEnd.matches(f.absPath);
    if (isCode && looksMinified(buf.toString('utf8'))) {
      minified++;
      continue;
    }
    if (isCode) code++;
    bytes += buf.length;
    files.push(f.absPath);
  }
  return { files, selected: selected.length, minified, code, text: files.length - code, bytes };
}

/** Install the published packages into `dir` (the registry must be reachable) and describe the corpus. */
export async function publishedCorpus(dir: string, packages = PUBLISHED_PACKAGES): Promise<Corpus> {
  fs.mkdirSync(dir, { recursive: true });
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  execFileSync(npm, ['install', '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', '--prefix', dir, ...packages], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const roots = packages.map((p) => path.join(dir, 'node_modules', p));
  const versions: Record<string, string> = {};
  for (const [i, p] of packages.entries()) {
    versions[p] = (JSON.parse(fs.readFileSync(path.join(roots[i]!, 'package.json'), 'utf8')) as { version: string }).version;
  }
  const g = await gatherFiles(roots, dir);
  return {
    name: 'published',
    description: `published npm packages (${packages.map((p) => `${p}@${versions[p]}`).join(', ')}); never call the API`,
    job: { files: g.files, roots, cwd: dir },
    selected: g.selected,
    minified: g.minified,
    codeFiles: g.code,
    textFiles: g.text,
    bytes: g.bytes,
    versions,
  };
}

/** `copies` copies of the legacy sample apps under `dir`, with the sample apps' config. */
export async function heavyCorpus(dir: string, repo: string, copies: number): Promise<Corpus> {
  const legacy = path.join(repo, 'fixtures', 'apps', 'legacy');
  for (let i = 0; i < copies; i++) {
    for (const app of SAMPLE_APPS) {
      fs.cpSync(path.join(legacy, app), path.join(dir, `copy-${String(i).padStart(3, '0')}`, app), { recursive: true });
    }
  }
  const g = await gatherFiles([dir], dir);
  return {
    name: 'heavy',
    description: `${copies} copies of the legacy sample apps (${SAMPLE_APPS.join(', ')})`,
    job: { files: g.files, roots: [dir], cwd: dir, config: path.join(repo, 'fixtures', 'apps', 'sc-migrate.config.json') },
    selected: g.selected,
    minified: g.minified,
    codeFiles: g.code,
    textFiles: g.text,
    bytes: g.bytes,
  };
}
