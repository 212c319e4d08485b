import type { SgNode } from '@ast-grep/napi';
import type { Config } from '../../../config';
import { parseBase } from '../../../config/urls';
import { span, type LangSpec } from './lang';

/** Helpers of one parsed file (file.ts) that need no file: names, spans, hosts. */

/** The hosts of the API's v2 addresses and of its token service, per the config (v1 hosts: findV1Urls). */
export function apiHosts(config: Config): string[] {
  const hosts = new Set<string>();
  for (const e of Object.values(config.environments)) for (const u of [e.v2.baseUrl, e.v2.audience, e.authUrl]) hosts.add(parseBase(u).host);
  return [...hosts];
}

/** The name of a function: the last name before its parameter list (Go methods: after the receiver). */
export function functionName(spec: LangSpec, fn: SgNode): string | null {
  if (spec.functionName) return spec.functionName(fn);
  let last: string | null = null;
  for (const c of fn.children()) {
    const kind = c.kind() as string;
    if (spec.nameKinds.includes(kind)) last = c.text();
    else if (/param/.test(kind) && last) return last;
    else if (c.isNamed() && /body|block|statements/.test(kind)) break;
  }
  return last && spec.lambdas?.kinds.includes(fn.kind() as string) ? null : last;
}

export function within(n: SgNode, outer: SgNode): boolean {
  const a = span(n);
  const b = span(outer);
  return a.start >= b.start && a.end <= b.end;
}

/**
 * A name another type qualifies (`InterviewMode.COMPLAINT`, `TicketMode::COMPLAINT`) beside a path constant of the
 * same name that types of the run hold (`SymptomCheckerClient.COMPLAINT = "/complaints/{token}/"`): that type's
 * member, an enum constant, never the path. A module or instance qualifier (`paths.COMPLAINT`, `this.COMPLAINT`) may be it.
 */
export function otherTypes(source: string, at: number, holders: readonly string[] | undefined): boolean {
  if (!holders?.length) return false;
  const q = /([A-Za-z_]\w*)\s*(?:\.|::)\s*$/.exec(source.slice(Math.max(0, at - 80), at));
  return !!q && /^[A-Z]/.test(q[1]!) && !holders.includes(q[1]!);
}

/** The name a path's entry is stored under: `PATHS` for `PATHS[questions]`. */
export function holderOf(name: string): string {
  const i = name.search(/[[(]/);
  return i < 0 ? name : name.slice(0, i);
}

export function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
