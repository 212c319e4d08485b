import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { selectFiles } from '../../lib/select';
import { cleanup, tmpDir, writeTree } from '../cli/helpers';

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const rels = async (roots: string[] = ['.']) => (await selectFiles(roots, dir)).files.map((f) => f.relPath);

describe('selectFiles', () => {
  it('takes every file, of any kind, sorted (what a file holds is decided once it is read)', async () => {
    writeTree(dir, {
      'src/b.ts': '',
      'src/a.js': '',
      'src/App.vue': '',
      '.env': '',
      'config/app.json': '',
      'deploy/values.yml': '',
      'README.md': '',
      'Dockerfile': '',
      'svc/client.py': '',
      'image.png': '',
    });
    expect(await rels()).toEqual(['.env', 'Dockerfile', 'README.md', 'config/app.json', 'deploy/values.yml', 'image.png', 'src/App.vue', 'src/a.js', 'src/b.ts', 'svc/client.py']);
  });

  it('never enters dependency, VCS, cache or build-output folders, and counts them', async () => {
    writeTree(dir, {
      'src/keep.js': '',
      'node_modules/lib/index.js': '',
      'packages/app/node_modules/lib/index.js': '',
      'dist/app.js': '',
      'build/app.js': '',
      '.next/server/page.js': '',
      '.git/hooks/x.js': '',
      '.venv/lib/site.py': '',
      'android/.gradle/x.bin': '',
    });
    const s = await selectFiles(['.'], dir);
    expect(s.files.map((f) => f.relPath)).toEqual(['src/keep.js']);
    expect(s.ignoredDirs).toBe(8);
  });

  it('respects root and nested .gitignore files, negations, and ignored folders; counts ignored files', async () => {
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
    const s = await selectFiles(['.'], dir);
    expect(s.files.map((f) => f.relPath)).toEqual(['other/secret.json', 'pkg/config.json', 'pkg/keep.local.js', 'src/app.js']);
    expect(s.ignoredFiles).toBe(3);
    expect(s.ignoredDirs).toBe(1);
  });

  it('applies the .gitignore files of folders above a scanned subfolder, up to the work tree top', async () => {
    writeTree(dir, {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.gitignore': 'app/fixtures/\n*.log\n',
      'app/src/a.js': '',
      'app/src/debug.log': '',
      'app/fixtures/f.js': '',
    });
    const { files } = await selectFiles(['app'], dir);
    expect(files.map((f) => f.relPath)).toEqual(['src/a.js']);
    expect(files[0]!.absPath).toBe(path.join(dir, 'app/src/a.js'));
    expect(files[0]!.root).toBe('app');
  });

  it('scans a folder named on the command line even when a .gitignore above ignores it; rules still apply inside', async () => {
    writeTree(dir, {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.gitignore': 'build/\n*.log\n',
      'build/app.js': '',
      'build/app.log': '',
      'build/sub/.gitignore': 'skip.js\n',
      'build/sub/skip.js': '',
      'build/sub/keep.js': '',
    });
    expect(await rels(['build'])).toEqual(['app.js', 'sub/keep.js']);
    // Scanning the parent leaves the ignored folder out, as git does.
    expect(await rels(['.'])).toEqual([]);
  });

  it('always takes a file named on the command line, even an ignored one', async () => {
    writeTree(dir, {
      '.gitignore': 'ignored.js\n',
      'ignored.js': '',
      'node_modules/pkg/patched.js': '',
      'src/a.js': '',
    });
    const { files } = await selectFiles(['ignored.js', 'node_modules/pkg/patched.js', 'src', 'src/a.js'], dir);
    expect(files.map((f) => [f.relPath, f.explicit])).toEqual([
      ['ignored.js', true],
      ['node_modules/pkg/patched.js', true],
      ['a.js', false],
    ]);
  });

  it('fails clearly on a missing path', async () => {
    await expect(selectFiles(['nope'], dir)).rejects.toThrow(/nope: no such file or folder/);
  });
});
