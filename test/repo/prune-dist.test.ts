import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';

const script = path.join(__dirname, '..', '..', 'scripts', 'prune-dist.js');

function tree(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-prune-'));
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
  return root;
}

describe('npm run build removes stale output (scripts/prune-dist.js)', () => {
  it('removes compiled files whose source is gone, e.g. a module moved into a folder', () => {
    const root = tree({
      'codemods/frontends/graphql/index.ts': '',
      'dist/codemods/frontends/graphql.js': 'stale',
      'dist/codemods/frontends/graphql.js.map': 'stale',
      'dist/codemods/frontends/graphql.d.ts': 'stale',
      'dist/codemods/frontends/graphql/index.js': 'fresh',
      'dist/codemods/frontends/graphql/index.d.ts': 'fresh',
    });
    const r = spawnSync(process.execPath, [script, root], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    const left = (rel: string) => fs.existsSync(path.join(root, 'dist', rel));
    expect(left('codemods/frontends/graphql.js')).toBe(false);
    expect(left('codemods/frontends/graphql.js.map')).toBe(false);
    expect(left('codemods/frontends/graphql.d.ts')).toBe(false);
    expect(left('codemods/frontends/graphql/index.js')).toBe(true);
    expect(left('codemods/frontends/graphql/index.d.ts')).toBe(true);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('keeps every other file of dist (data files, output of .tsx sources) and succeeds without a dist folder', () => {
    const root = tree({ 'cli/view.tsx': '', 'dist/cli/view.js': 'fresh', 'dist/catalogue/data.json': '{}' });
    expect(spawnSync(process.execPath, [script, root]).status).toBe(0);
    expect(fs.existsSync(path.join(root, 'dist/cli/view.js'))).toBe(true);
    expect(fs.existsSync(path.join(root, 'dist/catalogue/data.json'))).toBe(true);
    fs.rmSync(path.join(root, 'dist'), { recursive: true });
    expect(spawnSync(process.execPath, [script, root]).status).toBe(0);
    fs.rmSync(root, { recursive: true, force: true });
  });
});
