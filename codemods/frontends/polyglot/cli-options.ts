import type { SgNode } from '@ast-grep/napi';
import type { ResourceName } from '../../../catalogue';
import { endpointOfCall } from './case-endpoints';
import { encloses, type Ctx } from './context';
import { escapeRe } from './file';
import { span } from './lang';
import { norm } from './vocabulary';
import { words } from '../../engine/words';

/**
 * Command-line options that feed a request field v2 removed: argparse's `p.add_argument("--extra")` on
 * `p = sub.add_parser("complaint")`, click's `@click.option("--extra")` on the `complaint` command, typer's
 * `extra: str = typer.Option(None, "--extra")` in `def complaint(…)`. The command names the resource (its last word,
 * `complaint`, `create-complaint`), the option is a removed request field of it, and the file calls one of the run's
 * endpoint functions of that resource: a helpdesk CLI's `ticket --extra`, or a `complaint` command that calls
 * another service, says nothing. A manual finding: the option, its help and its callers go together.
 */
const OPTION = /^--([a-z][\w-]*)$/;
const OPTION_CALLS = /^(?:add_argument|option|Option|argument)$/;

export function cliOptions(ctx: Ctx): void {
  const { file, vocab, out } = ctx;
  if (file.spec.id !== 'python') return;
  let called: Set<ResourceName> | undefined;
  for (const lit of file.lits) {
    const m = OPTION.exec(lit.text);
    if (!m || !lit.simple) continue;
    const key = norm(m[1]!);
    if (!vocab.fieldNames.has(key)) continue;
    const call = file.x.calls.find((c) => OPTION_CALLS.test(c.callee) && c.args.some((a) => encloses(a, lit.node)));
    if (!call) continue;
    const command = commandOf(ctx, call.node);
    const resource = command ? resourceOf(ctx, command) : null;
    if (!resource) continue;
    called ??= calledResources(ctx);
    if (!called.has(resource)) continue;
    const site = vocab.fields(resource, [key], 'request').find((s) => s.kind === 'request');
    if (!site || !out.has(site.change.id)) continue;
    const start = lit.start + 2;
    out.manual(site.change.id, start, start + m[1]!.length, site.message, { anchor: start, subject: m[1]! });
  }
}

/** The name of the command an option call belongs to. */
function commandOf(ctx: Ctx, call: SgNode): string | null {
  const { file } = ctx;
  const text = call.text();
  // argparse: `p.add_argument(…)` where `p` was last given `sub.add_parser("complaint", …)`.
  const recv = /^(\w+)\s*\.\s*add_argument\b/.exec(text)?.[1];
  if (recv) {
    const before = file.source.slice(0, span(call).start);
    const assigned = [...before.matchAll(new RegExp(`(?<![\\w.])${escapeRe(recv)}\\s*=\\s*[\\w.]*\\badd_parser\\s*\\(\\s*['"]([\\w-]+)['"]`, 'g'))].pop();
    // The variable must not be given another parser after that.
    if (!assigned) return null;
    const later = before.slice(assigned.index! + assigned[0].length);
    return new RegExp(`(?<![\\w.])${escapeRe(recv)}\\s*=(?!=)`).test(later) ? null : assigned[1]!;
  }
  // click: the decorators down to the `def`, then the command's own name or the function's.
  const after = file.source.slice(span(call).end);
  const def = /^[^]*?\bdef\s+(\w+)\s*\(/.exec(after);
  if (/^\s*@/.test(file.source.slice(file.source.lastIndexOf('\n', span(call).start - 1) + 1, span(call).start)) && def) {
    const named = /\.\s*command\s*\(\s*(?:name\s*=\s*)?['"]([\w-]+)['"]/.exec(def[0].slice(0, def[0].lastIndexOf('def')));
    return named?.[1] ?? def[1]!;
  }
  // typer: a parameter's default `typer.Option(…)` of the command function.
  const fn = file.scopeOf(call);
  return fn !== file.root ? /\bdef\s+(\w+)/.exec(fn.text())?.[1] ?? null : null;
}

/** The resource a command's name ends with (`complaint`, `create-complaint`, `intents`). */
function resourceOf(ctx: Ctx, command: string): ResourceName | null {
  const last = words(command).pop();
  if (!last) return null;
  for (const [seg, res] of ctx.vocab.segments) if (norm(seg) === norm(last) || norm(res) === norm(last)) return res;
  return null;
}

/** The resources of the run's endpoint functions this file calls. */
function calledResources(ctx: Ctx): Set<ResourceName> {
  const out = new Set<ResourceName>();
  for (const c of ctx.file.x.calls) {
    const e = endpointOfCall(ctx.index, c);
    if (e) out.add(e.resource);
  }
  return out;
}
