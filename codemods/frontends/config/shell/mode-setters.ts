import { api, rulesOfKind, type Change } from '../../../../catalogue';
import type { Site } from '../model';
import type { Word } from './words';

/**
 * Functions that set an interview's mode from one of their arguments (`sc_set_mode INTERVIEW MODE OUT`: a body
 * `{mode: $m}` built from `--arg m "$mode"`, `local mode="$2"`, sent through curl or a wrapper of the API to the mode's
 * resource), here or in a library the script sources; and the modes their calls pass.
 */
export type ModeSetters = Map<string, number>;

const FUNCTION = /^[ \t]*(?:function[ \t]+([A-Za-z_][\w-]*)(?:[ \t]*\(\))?|([A-Za-z_][\w-]*)[ \t]*\(\))[ \t]*\{?[ \t]*(?:#[^\n]*)?\n([\s\S]*?)^[ \t]*\}/gm;

/** The mode field's resource (the one whose rules rename or remove its values). */
function modeSegment(): string | undefined {
  const owner = [...rulesOfKind('value-renamed'), ...rulesOfKind('value-removed')].find(({ rule }) => rule.field === api.modeField)?.rule.resource;
  return owner ? api.resources[owner].segment : undefined;
}

export function modeSetters(text: string, callers: readonly string[]): ModeSetters {
  const out: ModeSetters = new Map();
  const segment = modeSegment();
  if (!segment) return out;
  const call = new RegExp(`(?:^|[\\s;&|(])(?:${['curl', ...callers].join('|')})\\s[^\\n]*\\b${segment}/`);
  const field = new RegExp(`\\b${api.modeField}"?\\s*:\\s*"?'?"?\\$\\{?(\\w+)\\}?`);
  for (const m of text.matchAll(FUNCTION)) {
    const body = m[3]!;
    if (!call.test(body)) continue;
    let v = field.exec(body)?.[1];
    if (!v) continue;
    // A jq variable: the shell value it is given (`--arg m "${mode}"`).
    const arg = new RegExp(`--arg\\s+${v}\\s+"?\\$\\{?(\\w+)\\}?`).exec(body);
    if (arg) v = arg[1]!;
    if (!/^\d$/.test(v)) v = new RegExp(`(?:^|[\\s;])${v}=["']?\\$\\{?([1-9])\\}?["']?(?=[\\s;]|$)`, 'm').exec(body)?.[1];
    if (v && /^[1-9]$/.test(v)) out.set((m[1] ?? m[2])!, Number(v));
  }
  return out;
}

/**
 * The mode a call of a mode setter passes, written in place (`sc_set_mode "$i" complaint`: renamed, rewritten; removed,
 * marked) or through a constant (`"${SC_MODE_SAFE}"`: a removed mode is marked at the call, the flow must change there;
 * a renamed one is fixed where the constant is set).
 */
export function passedModeSites(w: Word, constant: (name: string) => string | undefined, changes: readonly Change[], anchor: number | undefined): Site[] {
  const name = /^\$\{?([A-Za-z_]\w*)\}?$/.exec(w.text)?.[1];
  const literal = !/[$`]/.test(w.text);
  const value = literal ? w.text : name ? constant(name) : undefined;
  if (!value) return [];
  const out: Site[] = [];
  const exact = w.map.length > 0 && w.map[w.text.length - 1]! - w.map[0]! === w.text.length - 1;
  for (const { change, rule } of rulesOfKind('value-renamed', changes)) {
    if (rule.field !== api.modeField || rule.from !== value || !literal) continue;
    const message = `${rule.field} '${rule.from}' renamed '${rule.to}'`;
    const start = w.map[0] ?? w.start;
    out.push(exact ? { change: change.id, start, end: start + value.length, message, text: rule.to, anchor } : { change: change.id, start, end: w.end, message: `${message}: write '${rule.to}' here`, anchor });
  }
  for (const { change, rule } of rulesOfKind('value-removed', changes)) {
    if (rule.field === api.modeField && rule.values.includes(value)) out.push({ change: change.id, start: w.start, end: w.end, message: rule.message, anchor, subject: value });
  }
  return out;
}
