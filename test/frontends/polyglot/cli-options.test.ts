import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * Command-line options of a command named for a resource that feed a request field v2 removed (argparse's
 * `add_argument("--extra")` on the `complaint` sub-parser, click's `@click.option("--detail")` on the `intent` command,
 * typer's `typer.Option(None, "--extra")`), in a file that calls the run's endpoint functions of that resource. A
 * helpdesk CLI's `ticket --extra`, and a `complaint` command that files a desk complaint, stay unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const CLIENT = [
  'import requests',
  '',
  'BASE = "https://www.buoyhealth.com/api/"',
  '',
  '',
  'def create_complaint(text, extra=None):',
  '    return requests.post(BASE + "complaints/", json={"text": text, "extra": extra}).json()',
  '',
  '',
  'def create_intent(name, detail=None):',
  '    return requests.post(BASE + "intents/", json={"name": name, "detail": detail}).json()',
  '',
].join('\n');

describe('CLI options feeding a removed request field', () => {
  it('argparse: `--extra` on the complaint sub-parser; the ticket sub-parser\'s `--extra` stays', async () => {
    writeTree(dir, {
      'app/client.py': CLIENT,
      'app/cli.py': [
        'import argparse',
        'from .client import create_complaint',
        'from .desk import open_ticket',
        '',
        '',
        'def main():',
        '    parser = argparse.ArgumentParser()',
        '    sub = parser.add_subparsers()',
        '    p = sub.add_parser("complaint", help="create a complaint")',
        '    p.add_argument("--text", default="")',
        '    p.add_argument("--extra")',
        '    p = sub.add_parser("ticket")',
        '    p.add_argument("--extra")',
        '    args = parser.parse_args()',
        '    create_complaint(args.text, extra=args.extra)',
        '    open_ticket(args.text, extra=args.extra)',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'app/cli.py').filter((s) => /^1[13] /.test(s))).toEqual(['11 complaint-extra-removed']);
  });

  it('click and typer: `@click.option("--detail")` on the intent command, `typer.Option(None, "--extra")` in def complaint', async () => {
    writeTree(dir, {
      'app/client.py': CLIENT,
      'app/cli.py': [
        'import click',
        'from .client import create_intent',
        '',
        '',
        '@click.command("intent")',
        '@click.option("--name")',
        '@click.option("--detail")',
        'def add_intent(name, detail):',
        '    create_intent(name, detail=detail)',
        '',
      ].join('\n'),
      'app/tcli.py': [
        'import typer',
        'from .client import create_complaint',
        '',
        'app = typer.Typer()',
        '',
        '',
        '@app.command()',
        'def complaint(text: str, extra: str = typer.Option(None, "--extra")):',
        '    create_complaint(text, extra=extra)',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'app/cli.py').filter((s) => s.startsWith('7 '))).toEqual(['7 intent-detail-context-removed']);
    // The parameter itself is reported too (a field parameter of a function that calls the endpoint); the option with it.
    const typer = r.outcomes.find((o) => o.relPath === 'app/tcli.py')!.findings.filter((f) => f.line === 8);
    expect(typer.map((f) => `${f.column} ${f.change}`)).toEqual(['26 complaint-extra-removed', '60 complaint-extra-removed']);
  });

  it("a helpdesk CLI's `complaint --extra` that files a desk complaint stays unreported", async () => {
    writeTree(dir, {
      'desk/cli.py': [
        'import argparse',
        'import click',
        'import requests',
        '',
        '',
        'def file_complaint(text, extra):',
        '    return requests.post("https://desk.example.com/api/complaints/", json={"text": text, "extra": extra})',
        '',
        '',
        'def main():',
        '    sub = argparse.ArgumentParser().add_subparsers()',
        '    p = sub.add_parser("complaint")',
        '    p.add_argument("--extra")',
        '',
        '',
        '@click.command("complaint")',
        '@click.option("--extra")',
        'def complaint(extra):',
        '    file_complaint("x", extra)',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'desk/cli.py')).toEqual([]);
  });
});
