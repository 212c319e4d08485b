import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { commands } from '../../cli/commands';
import { buildCli } from '../../cli/main';
import { helpOf } from '../cli/helpers';

// The README (and the docs it links) as a user copies from it: its command lines must be ones the CLI
// accepts, its synopses must name options the CLI has, and its quick start stays two commands.
const repo = path.resolve(__dirname, '../..');
const DOCS = ['README.md', 'docs/ci.md'];
const read = (f: string) => fs.readFileSync(path.join(repo, f), 'utf8');

/** The lines of the ```sh / ```yaml blocks of a Markdown text. */
function codeLines(md: string): string[] {
  return [...md.matchAll(/```[a-z]*\n([\s\S]*?)```/g)].flatMap((m) => m[1]!.split('\n'));
}

/** `sc-migrate …` invocations in a line (after npx, `run:`, a pipe or xargs), cut at the shell's own syntax. */
function invocations(line: string): string[][] {
  const out: string[][] = [];
  for (const m of line.matchAll(/(?:^|[\s:|])(?:npx (?:--yes )?)?sc-migrate(?:@[\w.-]+)? ([^#|>&;]*)/g)) {
    const text = m[1]!.replace(/\$\(.*$/, '').trim();
    const words = [...text.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((w) => w[1] ?? w[2] ?? w[3]!);
    // xargs appends the file names it reads (the staged files of the pre-commit line).
    if (/\bxargs\b[^|]*$/.test(line.slice(0, m.index))) words.push('staged-file.js');
    if (words.length > 0 && !words[0]!.startsWith('<')) out.push(words);
  }
  return out;
}

/** Parse a command line with the CLI's real options, strictly; handlers do nothing. */
async function parse(args: string[]): Promise<void> {
  const quiet = commands.map((c) => ({ ...c, handler: () => undefined }));
  await buildCli(args, quiet)
    .exitProcess(false)
    .fail((msg, err) => {
      throw err ?? new Error(msg);
    })
    .parseAsync(args);
}

describe('README', () => {
  const readme = read('README.md');

  it('keeps a quick start of exactly two commands', () => {
    const quick = /## Quick start\n\n```sh\n([\s\S]*?)```/.exec(readme)![1]!;
    const commandsShown = quick.split('\n').map((l) => l.replace(/\s+#.*$/, '').trim()).filter(Boolean);
    expect(commandsShown).toEqual(['npm install && npm run demo', 'npm test']);
  });

  it('has the sections to run it with the Codemod CLI, in CI and as a pre-commit hook, each with a command', () => {
    for (const title of ['With the Codemod CLI', 'In CI (GitHub Actions)', 'As a pre-commit hook']) {
      const at = readme.indexOf(`\n## ${title}\n`);
      expect(at, title).toBeGreaterThan(-1);
      const section = readme.slice(at + 1, readme.indexOf('\n## ', at + 1));
      expect(section, title).toMatch(/```sh\n\S[^\n]*\n```/);
    }
  });

  it.each(DOCS)('%s: every sc-migrate command line is one the CLI accepts', async (file) => {
    const lines = codeLines(read(file)).flatMap(invocations);
    expect(lines.length).toBeGreaterThan(file === 'README.md' ? 6 : 0);
    for (const args of lines) {
      await expect(parse(args), args.join(' ')).resolves.toBeUndefined();
    }
  });

  it('an unknown flag or a flag that eats the path does not pass this check', async () => {
    await expect(parse(['run', '.', '--force'])).rejects.toThrow(/Unknown argument: force/);
    await expect(parse(['check'])).rejects.toThrow(/Not enough non-option arguments/);
  });

  it('every option a synopsis names is in that command’s --help', async () => {
    const synopses = [...readme.matchAll(/`sc-migrate ([a-z0-9-]+) <paths\.\.>([^`]*)`/g)];
    expect(synopses.map((s) => s[1])).toEqual(expect.arrayContaining(['run', 'report', 'check']));
    for (const [, command, rest] of synopses) {
      const help = await helpOf([command!], 200);
      for (const flag of rest!.match(/--[a-z][a-z-]*/g) ?? []) expect(help, `${command} ${flag}`).toMatch(new RegExp(`${flag}\\b`));
    }
  });
});
