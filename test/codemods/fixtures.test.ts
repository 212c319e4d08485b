import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
// jscodeshift's own test helper: runs a transform module exactly as `jscodeshift -t` does.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { applyTransform } = require('jscodeshift/dist/testUtils') as {
  applyTransform: (module: unknown, options: object, input: { path: string; source: string }) => string;
};
import { catalogue } from '../../catalogue';
import { defaultConfig } from '../../config';
import { migrateSource } from '../../codemods/engine';

const FIXTURES = path.join(__dirname, '../../fixtures/changes');
/** Cases that must come out byte-identical with every change applied. */
const UNRELATED = 'unrelated';
/** Cases that need several changes together (one value in two roles): run with every change, and through v1-to-v2. */
const COMBINED = 'combined';
const SPECIAL = [UNRELATED, COMBINED];

interface Pair {
  folder: string;
  name: string;
  input: string;
  output: string;
  file: string;
}

function pairs(): Pair[] {
  const out: Pair[] = [];
  for (const folder of fs.readdirSync(FIXTURES).sort()) {
    for (const file of fs.readdirSync(path.join(FIXTURES, folder)).sort()) {
      const m = /^(.*)\.input\.(\w+)$/.exec(file);
      if (!m) continue;
      const outFile = path.join(FIXTURES, folder, `${m[1]}.output.${m[2]}`);
      out.push({
        folder,
        name: `${m[1]}.${m[2]}`,
        file,
        input: fs.readFileSync(path.join(FIXTURES, folder, file), 'utf8'),
        output: fs.readFileSync(outFile, 'utf8'),
      });
    }
  }
  return out;
}

const all = pairs();
const migrate = (source: string, file: string, only?: string[]) =>
  migrateSource(source, { config: defaultConfig, filePath: file, only }).output;

describe('fixture pairs (input → expected output)', () => {
  it.each(all.map((p) => [`${p.folder}/${p.name}`, p] as const))('%s', (_name, p) => {
    const only = SPECIAL.includes(p.folder) ? undefined : [p.folder];
    expect(migrate(p.input, p.file, only)).toBe(p.output);
    // A second run changes nothing.
    expect(migrate(p.output, p.file, only)).toBe(p.output);
  });

  it('every fixture folder is a catalogue id (or the must-not-change folder)', () => {
    const ids = new Set(catalogue.map((c) => c.id));
    for (const folder of fs.readdirSync(FIXTURES)) {
      expect(SPECIAL.includes(folder) || ids.has(folder), `unknown fixture folder ${folder}`).toBe(true);
    }
  });

  it('every change the codemod acts on has at least one pair that changes code', () => {
    for (const change of catalogue.filter((c) => c.codemod.fix !== 'none')) {
      const own = all.filter((p) => p.folder === change.id);
      expect(own.length, `no fixture pair for ${change.id}`).toBeGreaterThan(0);
      expect(own.some((p) => p.input !== p.output), `no pair of ${change.id} changes anything`).toBe(true);
    }
  });

  it('the must-not-change cases stay byte-identical with every change applied', () => {
    const unrelated = all.filter((p) => p.folder === UNRELATED);
    expect(unrelated.length).toBeGreaterThan(0);
    for (const p of unrelated) {
      expect(p.output).toBe(p.input);
      const r = migrateSource(p.input, { config: defaultConfig, filePath: p.file });
      expect(r.findings).toEqual([]);
    }
  });
});

describe('jscodeshift transforms (one per change, plus v1-to-v2)', () => {
  const TRANSFORMS = path.join(__dirname, '../../codemods/transforms');

  it('each change the codemod acts on has its own transform file', () => {
    for (const change of catalogue.filter((c) => c.codemod.fix !== 'none')) {
      expect(fs.existsSync(path.join(TRANSFORMS, `${change.id}.ts`)), change.id).toBe(true);
    }
  });

  it.each(all.filter((p) => p.folder !== UNRELATED).map((p) => [`${p.folder}/${p.name}`, p] as const))(
    'transforms/%s gives the fixture output through jscodeshift',
    async (_name, p) => {
      const mod = await import(path.join(TRANSFORMS, `${p.folder === COMBINED ? 'v1-to-v2' : p.folder}.ts`));
      const out = applyTransform(mod, {}, { path: p.file, source: p.input });
      // applyTransform trims, and returns '' for an untouched file.
      expect(out).toBe(p.input === p.output ? '' : p.output.trim());
    },
  );

  it('v1-to-v2 leaves the must-not-change cases alone', async () => {
    const mod = await import(path.join(TRANSFORMS, 'v1-to-v2.ts'));
    for (const p of all.filter((x) => x.folder === UNRELATED)) {
      expect(applyTransform(mod, {}, { path: p.file, source: p.input })).toBe('');
    }
  });
});
