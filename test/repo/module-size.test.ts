import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.join(__dirname, '..', '..');

function tsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? tsFiles(full) : e.name.endsWith('.ts') ? [full] : [];
  });
}

describe('module size', () => {
  // Issue 9: no file of the engine over 400 lines; one reason per module, like one rule per file.
  it('keeps every file of codemods/engine/ at 400 lines or fewer', () => {
    const over = tsFiles(path.join(root, 'codemods', 'engine'))
      .map((f) => ({ file: path.relative(root, f), lines: fs.readFileSync(f, 'utf8').split('\n').length - 1 }))
      .filter((x) => x.lines > 400);
    expect(over).toEqual([]);
  });
});
