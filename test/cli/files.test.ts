import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { selectFiles } from '../../cli/files';
import { cleanup, tmpDir, writeTree } from './helpers';

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const rels = async (roots: string[] = ['.']) => (await selectFiles(roots, dir)).map((f) => f.relPath);

describe('selectFiles', () => {
  it('takes sources of every JS/TS flavour and .env/JSON/YAML text files, sorted', async () => {
    writeTree(dir, {
      'src/b.ts': '',
      'src/a.js': '',
      'src/c.tsx': '',
      'src/d.jsx': '',
      'src/e.mjs': '',
      'src/f.cjs': '',
      'src/g.mts': '',
      'src/h.cts': '',
      '.env': '',
      '.env.production': '',
      'config/app.json': '',
      'deploy/app.yaml': '',
      'deploy/values.yml': '',
      'README.md': '',
      'styles.css': '',
      'image.png': '',
    });
    expect(await rels()).toEqual([
      '.env',
      '.env.production',
      'config/app.json',
      'deploy/app.yaml',
      'deploy/values.yml',
      'src/a.js',
      'src/b.ts',
      'src/c.tsx',
      'src/d.jsx',
      'src/e.mjs',
      'src/f.cjs',
      'src/g.mts',
      'src/h.cts',
    ]);
  });

  it('skips dependencies, build output, VCS folders and *.min.js files', async () => {
    writeTree(dir, {
      'src/keep.js': '',
      'node_modules/lib/index.js': '',
      'packages/app/node_modules/lib/index.js': '',
      'dist/app.js': '',
      'build/app.js': '',
      'out/app.js': '',
      '.next/server/page.js': '',
      'coverage/lcov-report/prettify.js': '',
      '.git/hooks/x.js': '',
      'public/vendor.min.js': '',
    });
    expect(await rels()).toEqual(['src/keep.js']);
  });

  it('respects root and nested .gitignore files, negations, and ignored folders', async () => {
    writeTree(dir, {
      '.gitignore': 'generated/\n*.local.js\n',
      'src/app.js': '',
      'src/app.local.js': '',
      'generated/client.js': '',
      'generated/.gitignore': '!client.js\n',
      'pkg/.gitignore': 'secret.json\n!keep.local.js\n',
      'pkg/secret.json': '',
      'pkg/keep.local.js': '',
      'pkg/other.local.js': '',
      'pkg/config.json': '',
      'other/secret.json': '',
    });
    expect(await rels()).toEqual([
      'other/secret.json',
      'pkg/config.json',
      'pkg/keep.local.js',
      'src/app.js',
    ]);
  });

  it('applies the .gitignore files of folders above a scanned subfolder, up to the work tree top', async () => {
    writeTree(dir, {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.gitignore': 'app/fixtures/\n',
      'app/src/a.js': '',
      'app/fixtures/f.js': '',
    });
    const files = await selectFiles(['app'], dir);
    expect(files.map((f) => f.relPath)).toEqual(['src/a.js']);
    expect(files[0]!.absPath).toBe(path.join(dir, 'app/src/a.js'));
    expect(files[0]!.root).toBe('app');
  });

  it('always takes a file named on the command line, even an ignored one', async () => {
    writeTree(dir, {
      '.gitignore': 'ignored.js\n',
      'ignored.js': '',
      'node_modules/pkg/patched.js': '',
      'src/a.js': '',
    });
    const files = await selectFiles(['ignored.js', 'node_modules/pkg/patched.js', 'src', 'src/a.js'], dir);
    expect(files.map((f) => [f.relPath, f.explicit])).toEqual([
      ['ignored.js', true],
      ['node_modules/pkg/patched.js', true],
      ['a.js', false],
    ]);
  });

  it('fails clearly on a missing path or a file type it does not read', async () => {
    writeTree(dir, { 'notes.txt': '' });
    await expect(selectFiles(['nope'], dir)).rejects.toThrow(/nope: no such file or folder/);
    await expect(selectFiles(['notes.txt'], dir)).rejects.toThrow(/notes.txt: not a file sc-migrate reads/);
  });
});
