import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../config';
import { TsConfigError, typeAwareFindings } from '../../codemods/typeaware';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A throw-away root with the given files (relative path → text). */
function app(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-typeaware-'));
  dirs.push(root);
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
  return root;
}

function lines(root: string, rel: string): string[] {
  const map = typeAwareFindings(root, [path.join(root, rel)], defaultConfig);
  return (map.get(path.join(root, rel)) ?? []).map((f) => `${f.line}:${f.column}:${f.change}`);
}

const strict = JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', noEmit: true }, include: ['src'] });

describe('typeAwareFindings project loading', () => {
  it('types a selected file through a global model declared in an included .d.ts it does not import', () => {
    const root = app({
      'tsconfig.json': strict,
      'src/types/api.d.ts': 'interface ApiResult { triage: { level: string }; advice?: string }\n',
      'src/show.ts': 'export function show(r: ApiResult) {\n  return r.advice;\n}\n',
    });
    expect(lines(root, 'src/show.ts')).toEqual(['2:12:result-advice-test-removed']);
  });

  it('still types list callbacks when the tsconfig names no lib (the target default without DOM)', () => {
    const root = app({
      'tsconfig.json': strict,
      'src/q.ts': [
        'interface Option { token: string; preselected?: boolean }',
        'interface Question { options: Option[] }',
        'export const keep = (q: Question) => q.options.filter((o) => !o.preselected);',
        '',
      ].join('\n'),
    });
    expect(lines(root, 'src/q.ts')).toEqual(['1:35:question-preselected-removed', '3:65:question-preselected-removed']);
  });

  it('types reads through a class that models a resource (an ORM entity a store returns), not through another thing\'s class', () => {
    const root = app({
      'tsconfig.json': strict,
      'src/entities/Result.ts': 'export class Result {\n  token!: string;\n  advice?: string;\n  test?: string[];\n}\n',
      'src/entities/Ticket.ts': 'export class Ticket {\n  advice?: string;\n}\n',
      'src/store.ts': "import { Result } from './entities/Result';\nimport { Ticket } from './entities/Ticket';\nexport const store = { save: async (): Promise<Result> => new Result(), ticket: async (): Promise<Ticket> => new Ticket() };\n",
      'src/show.ts': "import { store } from './store';\nexport async function show() {\n  const saved = await store.save();\n  const t = await store.ticket();\n  return [saved.advice, saved.test, t.advice];\n}\n",
    });
    expect(lines(root, 'src/show.ts')).toEqual(['5:17:result-advice-test-removed', '5:31:result-advice-test-removed']);
    // The class's own members stay the syntax engine's.
    expect(lines(root, 'src/entities/Result.ts')).toEqual([]);
  });

  it('finds nothing through any-typed values (syntax is the engine’s job there)', () => {
    const root = app({
      'tsconfig.json': strict,
      'src/a.ts': 'export function f(result: any, data: unknown) {\n  return [result.advice, (data as { test: 1 }).test];\n}\n',
    });
    expect(lines(root, 'src/a.ts')).toEqual([]);
  });

  it('throws a TsConfigError naming the file when tsconfig.json does not parse', () => {
    const root = app({ 'tsconfig.json': '{ "compilerOptions": { "strict": tru ', 'a.ts': 'export {};\n' });
    expect(() => typeAwareFindings(root, [path.join(root, 'a.ts')], defaultConfig)).toThrow(TsConfigError);
    expect(() => typeAwareFindings(root, [path.join(root, 'a.ts')], defaultConfig)).toThrow(/tsconfig\.json/);
  });

  it('works when the tsconfig include matches none of the selected files', () => {
    const root = app({
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true }, include: ['nothing-here'] }),
      'lib/r.ts': 'interface Result { triage: string; test?: string }\nexport const t = (r: Result) => r.test;\n',
    });
    expect(lines(root, 'lib/r.ts')).toEqual(['1:36:result-advice-test-removed', '2:35:result-advice-test-removed']);
  });

  it('types JavaScript through JSDoc when the tsconfig allows JS, and skips it quietly otherwise', () => {
    const files = {
      'src/models.ts': 'export interface Result { triage: string; advice?: string }\n',
      'src/show.js': "/** @param {import('./models').Result} r */\nexport function show(r) {\n  return r.advice;\n}\n",
    };
    const withJs = app({ ...files, 'tsconfig.json': JSON.stringify({ compilerOptions: { allowJs: true, checkJs: true } }) });
    expect(lines(withJs, 'src/show.js')).toEqual(['3:12:result-advice-test-removed']);
    const withoutJs = app({ ...files, 'tsconfig.json': JSON.stringify({ compilerOptions: {} }) });
    expect(lines(withoutJs, 'src/show.js')).toEqual([]);
  });
});
