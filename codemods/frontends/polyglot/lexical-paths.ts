import type { Config } from '../../../config/types';
import { parseBase } from '../../../config/urls';
import type { FrontEndInput } from '../../../lib/types';
import { builtMessage } from '../../engine/rules/built-addresses';
import type { Tok } from './lexical-tokens';
import { RESOURCE_PATH } from './lexical-support';

/** The v1 base paths of the configured environments (`/api`). */
export function v1BasePaths(config: Config): string[] {
  return [...new Set(Object.values(config.environments).map((e) => parseBase(e.v1.baseUrl).path))].filter((p) => p !== '');
}

/** An interpolated address followed by a bare path (`${stub.URL}/api/`, `$baseUrl/api`): the path. */
const INTERPOLATED_HOST = /^(?:\$\{[^}]*\}|\$[A-Za-z_][\w.]*)(\/[\w-]+(?:\/[\w-]+)*)\/?$/;

/**
 * `@"/api/interviews/anonymous/"` in a file that names a v1 host (the token reader's, lexical.ts): the v1 path of an
 * address built elsewhere (a stub's), and a stub server's address with the v1 base path (`"${server.URL}/api/"`).
 */
export function v1PathSites(toks: readonly Tok[], config: Config, changes: FrontEndInput['changes'], report: (change: string, t: Tok, message: string, subject?: string) => void): void {
  const bases = v1BasePaths(config);
  const base = changes.find((c) => c.rules.some((r) => r.kind === 'base-url'));
  if (!base) return;
  for (const t of toks) {
    if (t.kind !== 'str') continue;
    const b = bases.find((p) => t.text.startsWith(`${p}/`));
    const r = b ? RESOURCE_PATH.exec(t.text.slice(b.length + 1)) : null;
    if (r && t.text.slice(b!.length + 1).startsWith(r[1]!)) report(base.id, t, builtMessage(base), t.text);
    // The base a test hands the client.
    const host = INTERPOLATED_HOST.exec(t.text);
    if (host && bases.includes(host[1]!)) report(base.id, t, builtMessage(base), t.text);
  }
}
