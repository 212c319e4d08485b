import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../config';
import { buildVocabulary, typeAwareFindings } from '../../codemods/typeaware';
import { mayReadRemovedField } from '../../codemods/typeaware/candidates';

const removed = buildVocabulary().removedNames;
const root = path.join(__dirname, '..', '..', 'fixtures', 'typeaware', 'typed-app');
const sources = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(path.join(dir, e.name)) : [path.join(dir, e.name)])).filter((f) => /\.tsx?$/.test(f));
const may = (source: string, file = 'a.ts') => mayReadRemovedField(source, file, removed);

describe('mayReadRemovedField', () => {
  it('holds for every file of the typed app where the type-aware pass reports something', () => {
    const files = sources(path.join(root, 'src'));
    const found = typeAwareFindings(root, files, defaultConfig);
    expect(found.size).toBeGreaterThan(0);
    for (const file of found.keys()) expect(may(fs.readFileSync(file, 'utf8'), file)).toBe(true);
  });

  it('holds for each shape of site the pass reports, names written with escapes included', () => {
    expect(may('const x = r.advice;')).toBe(true);
    expect(may("const x = r?.['advice'];")).toBe(true);
    expect(may('const x = r[`triage`];')).toBe(true);
    expect(may("type A = Result['advice'];")).toBe(true);
    expect(may('const { advice: a } = r;')).toBe(true);
    expect(may('({ advice } = r);')).toBe(true);
    expect(may('interface Result { advice: string }')).toBe(true);
    expect(may('const x = r.\\u0061dvice;')).toBe(true);
    expect(may("const x = r['adv\\x69ce'];")).toBe(true);
    expect(may('type R = { advice: string };', 'a.js')).toBe(true);
  });

  it('does not hold where a removed name is only in comments, import or export lists, or inside longer names', () => {
    expect(may("export { race, test } from './ops'; // advice\nimport { detail } from './d';\nconst lightweight = testing;")).toBe(false);
    expect(may('/** the extra advice */ const x = 1;')).toBe(false);
  });

  it('holds for a file it cannot parse', () => {
    expect(may('const = ;')).toBe(true);
  });
});
