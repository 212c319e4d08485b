import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../catalogue';
import { defaultConfig } from '../../../config';
import { noProject } from '../../../codemods/engine/ties/project';
import { defaultFrontEnds } from '../../../lib/frontends';

/**
 * Fixture pairs per format: fixtures/config/<format>/<name>.input.<ext> → .output.<ext>, and .report.txt with
 * one line per finding (`line:col change fix [role]`). Files under negatives/ must come out byte-identical with
 * no finding. A second run over the output changes nothing.
 */

const ROOT = path.join(__dirname, '../../../fixtures/config');

interface Pair {
  name: string;
  abs: string;
  input: string;
  output: string;
  report: string;
}

function pairs(): Pair[] {
  const out: Pair[] = [];
  for (const dir of fs.readdirSync(ROOT).sort()) {
    for (const file of fs.readdirSync(path.join(ROOT, dir)).sort()) {
      const m = /^(.*)\.input\.(.+)$/.exec(file);
      if (!m) continue;
      const read = (f: string) => fs.readFileSync(path.join(ROOT, dir, f), 'utf8');
      out.push({
        name: `${dir}/${file}`,
        abs: path.join(ROOT, dir, file),
        input: read(file),
        output: dir === 'negatives' ? read(file) : read(`${m[1]}.output.${m[2]}`),
        report: dir === 'negatives' ? '' : read(`${m[1]}.report.txt`),
      });
    }
  }
  return out;
}

const registry = defaultFrontEnds();
export function analyze(abs: string, source: string) {
  return registry.forFile(abs).analyze({ source, filePath: abs, config: defaultConfig, changes: catalogue, markers: true, project: noProject });
}

describe('config fixture pairs', () => {
  const all = pairs();

  it('cover every format family', () => {
    const kinds = new Set(all.map((p) => registry.forFile(p.abs).id));
    for (const k of ['yaml', 'json', 'env', 'properties', 'ini', 'toml', 'xcconfig', 'dockerfile', 'shell', 'make', 'terraform', 'xml', 'gradle', 'markdown', 'http', 'jenkins', 'bruno']) expect(kinds).toContain(k);
  });

  it.each(all.map((p) => [p.name, p] as const))('%s', (_name, p) => {
    const r = analyze(p.abs, p.input);
    expect(r.output).toBe(p.output);
    const report = r.findings.map((f) => `${f.line}:${f.column} ${f.change} ${f.fix}${f.role ? ` ${f.role}` : ''}`).join('\n');
    expect(report).toBe(p.report.trimEnd());
    // A second run changes nothing.
    expect(analyze(p.abs, r.output).output).toBe(r.output);
  });
});
