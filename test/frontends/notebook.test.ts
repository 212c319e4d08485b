import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../catalogue';
import { defaultConfig } from '../../config';
import { noProject } from '../../codemods/engine/ties/project';
import { notebookFrontEnd } from '../../codemods/frontends/notebook';
import { ParseError } from '../../codemods/types';
import type { FrontEndOutput } from '../../lib/types';

/**
 * Jupyter notebooks: Python code cells read by the Python front-end with fixes written back into the JSON strings
 * of the cells (escapes kept valid), markdown and outputs read as JSON, another kernel's cells read as JSON only.
 */

const FIXTURES = path.join(__dirname, '../../fixtures/notebook');
const run = (source: string, filePath = '/tmp/n.ipynb'): FrontEndOutput =>
  notebookFrontEnd.analyze({ source, filePath, config: defaultConfig, changes: catalogue, markers: true, project: noProject });
const report = (r: FrontEndOutput) => r.findings.map((f) => `${f.line}:${f.column} ${f.change} ${f.fix}`).join('\n') + '\n';

describe('notebook fixtures', () => {
  for (const name of fs.readdirSync(FIXTURES).filter((f) => f.includes('.input.')).sort()) {
    const input = path.join(FIXTURES, name);
    const source = fs.readFileSync(input, 'utf8');
    it(`${name}: output, report, a notebook that still loads, and a second run that changes nothing`, () => {
      const r = run(source, input);
      expect(r.output).toBe(fs.readFileSync(input.replace('.input.', '.output.'), 'utf8'));
      expect(report(r)).toBe(fs.readFileSync(input.replace(/\.input\.ipynb$/, '.report.txt'), 'utf8'));
      expect(() => JSON.parse(r.output)).not.toThrow();
      const again = run(r.output, input);
      expect(again.output).toBe(r.output);
      expect(again.findings.filter((f) => f.fix === 'auto')).toEqual([]);
    });
  }

  it("another API's notebook (mode 'complaint', extra, advice, test, 202, /api/) stays byte-identical and unreported", () => {
    const source = fs.readFileSync(path.join(FIXTURES, 'helpdesk-export.input.ipynb'), 'utf8');
    expect(run(source)).toMatchObject({ output: source, findings: [] });
  });
});

describe('notebook cells', () => {
  const cell = (lines: string[]) => JSON.stringify({ cells: [{ cell_type: 'code', metadata: {}, outputs: [], source: lines }], metadata: {}, nbformat: 4 }, null, 1);

  it('a fix inside an escaped string is written back escaped, at the place of the line it came from', () => {
    const src = cell(['x = 1\n', 'r = s.put(URL, json={"mode": "complaint"})\n', 'URL = "https://www.buoyhealth.com/api/interviews/1/"']);
    const r = run(src);
    expect(JSON.parse(r.output).cells[0].source).toEqual(['x = 1\n', 'r = s.put(URL, json={"mode": "input"})\n', 'URL = "https://api.buoyhealth.com/symptom-checker/v2/interviews/1/"']);
    const lines = src.split('\n');
    for (const f of r.findings) expect(lines[f.line - 1]!.slice(f.column - 1)).toMatch(/^(complaint|https:\/\/www)/);
  });

  it('magics and shell escapes do not stop the cell from being read', () => {
    const r = run(cell(['%matplotlib inline\n', '!pip install requests\n', 'BASE = "https://www.buoyhealth.com/api/"\n']));
    expect(JSON.parse(r.output).cells[0].source[2]).toBe('BASE = "https://api.buoyhealth.com/symptom-checker/v2/"\n');
  });

  it('a notebook that is not JSON is a parse error (left as it is, reported, and check fails)', () => {
    expect(() => run('{"cells": [ {"cell_type": "code", "source": ["BASE = \'https://www.buoyhealth.com/api/\'"]')).toThrow(ParseError);
  });
});
