import type { SgNode } from '@ast-grep/napi';
import { findV1Urls } from '../../../config/urls';
import { apiHosts, escapeRe, type PolyFile } from './file';
import { span, type Lit } from './lang';

/**
 * Another service's addresses in a file: literals of an absolute address on a host that is none of the API's
 * (`"https://help.example.com/api/"`), and the capitalised constants that hold one (`HelpdeskUrl`, `ZENDESK_API`).
 */
export interface ForeignAddresses {
  lits: Lit[];
  /** Capitalised constants declared with one (PolyFacts.foreign). */
  names: string[];
  /** Names holding another service's public address (a host with a dot, not an IP or `localhost`): those constants, and any name a line assigns one to. */
  holders: string[];
  /** The literals of a public address. */
  publicLits: Lit[];
}

const memo = new WeakMap<PolyFile, ForeignAddresses>();

/** A host with a dot that is no IP address: not `localhost` or `127.0.0.1`, where a stub may stand in for this API. */
export function isPublicHost(host: string): boolean {
  return host.includes('.') && !/^[\d.]+$/.test(host);
}

export function foreignAddresses(file: PolyFile): ForeignAddresses {
  let found = memo.get(file);
  if (found) return found;
  const hosts = apiHosts(file.config);
  const lits = file.lits.filter((l) => {
    const m = /^\s*https?:\/\/([^/\s:]+)/i.exec(l.text);
    return !!m && findV1Urls(file.config, l.text).length === 0 && !hosts.includes(m[1]!.toLowerCase());
  });
  const names = file.x.decls
    .filter((d) => d.init && /^[A-Z]/.test(d.name) && d.name.length > 3 && lits.some((l) => l.start >= span(d.init!).start && l.end <= span(d.init!).end))
    .map((d) => d.name);
  // A field or property the grammar's declarations leave out (C#'s `private const string HelpdeskUrl = "https://…"`).
  // A stub server on `localhost` or `127.0.0.1` stands in for this API as often as for another.
  const publicLits = lits.filter((l) => {
    const host = /^\s*https?:\/\/([^/\s:]+)/i.exec(l.text)![1]!.toLowerCase();
    return isPublicHost(host);
  });
  const holders = names.filter((n) => file.x.decls.some((d) => d.name === n && d.init && publicLits.some((l) => l.start >= span(d.init!).start && l.end <= span(d.init!).end)));
  for (const l of publicLits) {
    const lineStart = file.source.lastIndexOf('\n', l.start) + 1;
    const m = /([A-Za-z_]\w{3,})\s*(?::\s*[\w<>?.]+\s*)?=\s*@?["'`]?$/.exec(file.source.slice(lineStart, l.start));
    if (m && !holders.includes(m[1]!)) holders.push(m[1]!);
  }
  found = { lits, names, holders, publicLits };
  memo.set(file, found);
  return found;
}

/**
 * Whether code names another service's address: one of its literals, or a name of the file holding one. `publicOnly`:
 * only a public host counts (a stub server on `localhost` may be this API's).
 */
export function namesForeignAddress(file: PolyFile, node: SgNode, publicOnly = true): boolean {
  const found = foreignAddresses(file);
  const lits = publicOnly ? found.publicLits : found.lits;
  const names = publicOnly ? found.holders : found.names;
  const at = span(node);
  if (lits.some((l) => l.start >= at.start && l.end <= at.end)) return true;
  if (names.length === 0) return false;
  const text = node.text();
  return names.some((n) => new RegExp(`\\b${escapeRe(n)}\\b`).test(text));
}
