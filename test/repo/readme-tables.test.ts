import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { between, FRONTENDS_END, FRONTENDS_START, renderFrontEndTable } from '../../lib/docs';

const ROOT = path.resolve(__dirname, '../..');
const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');

describe('README.md says what the code does', () => {
  it('the front-end table is the registry (run `npm run docs` after adding or changing a front-end)', () => {
    const table = between(readme, FRONTENDS_START, FRONTENDS_END);
    expect(table).not.toBeNull();
    expect(table).toBe(renderFrontEndTable());
    // Every front-end a scan can ask is in it, plain text last.
    expect(table).toMatch(/\| `vue` \|/);
    expect(table!.trim().split('\n').at(-1)).toMatch(/^\| `text` \|/);
  });

  it('every dependency in package.json is justified by a row of the Dependencies table', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    const section = readme.slice(readme.indexOf('### Dependencies'));
    const rows = section.split('\n').filter((l) => l.startsWith('| ')).map((l) => l.split('|')[1]!.trim());
    // A row may name several packages (`ajv, ajv-formats`), a family (`@ast-grep/lang-python, -go`: the same
    // prefix) or a scope (`@types/*`).
    const names = rows.flatMap((row) => {
      const parts = row.split(/,\s*/);
      return parts.map((n) => (n.startsWith('-') ? parts[0]!.slice(0, parts[0]!.lastIndexOf('-')) + n : n));
    });
    const named = (dep: string) => names.some((n) => n === dep || (n.endsWith('/*') && dep.startsWith(n.slice(0, -1))));
    const all = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.devDependencies)];
    expect(all.filter((d) => !named(d))).toEqual([]);
    // And no row justifies a package that is gone (built-ins are marked as such).
    const stale = names.filter((n) => n !== 'package' && !n.endsWith('/*') && !n.includes('(built in)') && !all.includes(n));
    expect(stale).toEqual([]);
  });
});
