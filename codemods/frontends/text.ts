import { getChange } from '../../catalogue';
import { findV1Urls, type V1Occurrence } from '../../config/urls';
import { UrlMapper } from '../../config/urls';
import type { Config } from '../../config';
import type { FrontEnd, FrontEndInput, FrontEndOutput } from '../../lib/types';
import { decideRole, keyRole, unknownRoleMessage, type Role } from '../roles';
import { commentStyleFor } from './comments';
import { TextFile } from './text-file';

/**
 * The plain-text pass: any text file no deeper front-end reads (Markdown, shell, Dockerfile, properties,
 * TOML, INI, XML, source in languages without a parser here), and every file a front-end could not read.
 * A v1 base followed by a path becomes the v2 base; the exact v1 address becomes the value of the role its key
 * on the line names (`SC_AUDIENCE=`, `api_url:`), and is left for a person when nothing names it. A bare v1
 * host is left for a person. Only the characters of the address change.
 */

export function mapperFor(config: Config): UrlMapper {
  return UrlMapper.of(config);
}

export function baseRuleMessage(): string {
  for (const rule of getChange('base-url').rules) if (rule.kind === 'base-url') return rule.hostOnlyMessage;
  return getChange('base-url').title;
}

/** The key a value on this line belongs to: `KEY=`, `key:`, `"key":`, `ENV KEY `, `--set a.b.key=`, `-e KEY=`. */
export function keyBefore(line: string): string | null {
  const m = /([A-Za-z_][\w.\-[\]]*)["']?\s*(?:=>|:=|=|:|\s)\s*["'(]?\s*$/.exec(line);
  return m ? m[1]! : null;
}

export interface RoleRewrite {
  /** The new text of the occurrence, or null to leave it for a person. */
  text: string | null;
  change: string;
  message: string;
  /** How the rewrite's role was known (summaries count splits apart). */
  role?: Role | 'unknown' | 'both';
}

/** What an occurrence of a v1 address becomes, given the roles its key and uses give it. */
export function rewriteOccurrence(mapper: UrlMapper, o: V1Occurrence, hints: readonly (Role | null)[]): RoleRewrite {
  const baseId = getChange('base-url').id;
  const audId = getChange('token-audience').id;
  if (o.kind === 'host') return { text: null, change: baseId, message: baseRuleMessage() };
  if (o.schemeless) return { text: null, change: baseId, message: `a v1 address written without its scheme: ${baseRuleMessage()}` };
  const role = decideRole(mapper, o.text, hints);
  if (role === 'base') {
    const r = mapper.rewriteBases(o.text);
    return { text: r.text, change: baseId, message: `v1 base address (${[...new Set(r.envs)].join(', ')}) replaced by the v2 base address`, role };
  }
  if (role === 'audience') {
    const hit = mapper.mapAudience(o.text);
    if (hit) return { text: hit.to, change: audId, message: `v1 token audience (${hit.env}) replaced by the v2 audience`, role };
  }
  if (role === 'both') {
    return { text: null, change: baseId, message: 'this v1 address is used both as the API base and as the token audience; in v2 they differ. Give each use its own value.', role };
  }
  return { text: null, change: baseId, message: unknownRoleMessage(), role: 'unknown' };
}

/** Rewrite (or, with `rewrite: false`, only report) the v1 addresses of a text. */
export function analyzePlainText(input: FrontEndInput, opts: { rewrite: boolean; style?: ReturnType<typeof commentStyleFor>; note?: string }): FrontEndOutput {
  const style = opts.style === undefined ? commentStyleFor(input.filePath) : opts.style;
  const file = new TextFile(input.source, input.changes, opts.rewrite ? style : null);
  plainTextAddresses(file, input, opts);
  return file.finish(input.markers && opts.rewrite);
}

/** The v1 addresses of a text, rewritten by the role the key before them says (or reported, without `rewrite`). */
export function plainTextAddresses(file: TextFile, input: FrontEndInput, opts: { rewrite: boolean; note?: string; at?: (offset: number) => boolean }): void {
  const mapper = mapperFor(input.config);
  for (const o of findV1Urls(input.config, input.source)) {
    if (opts.at && !opts.at(o.start)) continue;
    const lineText = file.lines.lineText(file.lines.lineCol(o.start).line);
    const col = file.lines.lineCol(o.start).column;
    const r = rewriteOccurrence(mapper, o, [keyRole(keyBefore(lineText.slice(0, col - 1)))]);
    if (!file.has(r.change)) continue;
    if (opts.rewrite && r.text !== null) file.fix(r.change, o.start, o.end, r.text, r.message);
    else file.manual(r.change, o.start, o.end, opts.note ? `${opts.note}: ${r.message}` : r.message);
  }
}

export const textFrontEnd: FrontEnd = {
  id: 'text',
  describe: 'any other text file: v1 addresses rewritten by role; markers in the comment syntax of the file, where it has one',
  matches: () => true,
  analyze: (input) => analyzePlainText(input, { rewrite: true }),
};
