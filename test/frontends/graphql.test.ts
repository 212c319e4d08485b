import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'graphql';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { catalogue } from '../../catalogue';
import { defaultConfig } from '../../config';
import { noProject } from '../../codemods/engine/ties/project';
import { graphqlFrontEnd } from '../../codemods/frontends/graphql';
import { scan } from '../../lib';
import type { FrontEndOutput } from '../../lib/types';
import { cleanup, tmpDir, writeTree } from '../cli/helpers';

/**
 * GraphQL schemas that mirror the API's payloads: types tied by their name or by the field that holds them, input
 * types against removed request fields, enums of interview modes; operations' selections, arguments and modes sent
 * (operations.input.graphql); manual findings with `#` markers.
 */

const FIXTURES = path.join(__dirname, '../../fixtures/graphql');
const run = (source: string, filePath = '/tmp/schema.graphql'): FrontEndOutput =>
  graphqlFrontEnd.analyze({ source, filePath, config: defaultConfig, changes: catalogue, markers: true, project: noProject });
const report = (r: FrontEndOutput) => r.findings.map((f) => `${f.line}:${f.column} ${f.change} ${f.fix}`).join('\n') + '\n';

describe('GraphQL schema fixtures', () => {
  for (const name of fs.readdirSync(FIXTURES).filter((f) => f.includes('.input.')).sort()) {
    const input = path.join(FIXTURES, name);
    const source = fs.readFileSync(input, 'utf8');
    it(`${name}: output, report, a schema that still parses, and a second run that adds nothing`, () => {
      const r = run(source, input);
      expect(r.output).toBe(fs.readFileSync(input.replace('.input.', '.output.'), 'utf8'));
      expect(report(r)).toBe(fs.readFileSync(input.replace(/\.input\.graphql$/, '.report.txt'), 'utf8'));
      expect(() => parse(r.output)).not.toThrow();
      expect(run(r.output, input).output).toBe(r.output);
    });
  }

  it.each(['helpdesk.graphql', 'helpdesk-operations.graphql'])(
    "another API's schema or operations (a ticket mode 'complaint', advice, extra, test, detail; a theme's TRIAGE and SAFE): %s stays byte-identical and unreported",
    (name) => {
      const source = fs.readFileSync(path.join(FIXTURES, 'negatives', name), 'utf8');
      expect(run(source)).toMatchObject({ output: source, findings: [] });
    },
  );
});

describe('GraphQL schemas in scan()', () => {
  let dir: string;
  beforeEach(() => (dir = tmpDir()));
  afterEach(() => cleanup(dir));

  it('reads a schema that names no address, and fails a schema it cannot parse, leaving it byte-identical and reporting its v1 address', async () => {
    const broken = '"""Mirrors https://www.buoyhealth.com/api/ results."""\ntype Result {\n  advice: [String\n}\n';
    writeTree(dir, { 'schema/result.graphql': 'type Result {\n  token: ID!\n  advice: [String!]\n}\n', 'schema/broken.gql': broken });
    const { outcomes } = await scan({ roots: ['.'], config: defaultConfig, cwd: dir });
    const result = outcomes.find((o) => o.relPath === 'schema/result.graphql')!;
    expect(result.findings.map((f) => `${f.line} ${f.change} ${f.fix}`)).toEqual(['3 result-advice-test-removed manual']);
    const failed = outcomes.find((o) => o.relPath === 'schema/broken.gql')!;
    expect(failed.status).toBe('failed');
    expect(failed.after).toBe(broken);
    expect(failed.findings.map((f) => `${f.line} ${f.change}`)).toEqual(['1 base-url']);
  });
});
