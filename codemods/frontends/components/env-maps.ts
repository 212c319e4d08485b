import type { Node } from '../../engine/ast';
import { keyName, stringValue } from '../../engine/ast';
import type { FileContext } from '../../engine/file';
import type { FrontEndInput } from '../../../lib/types';
import { analyzeConfig } from '../config/analyze';
import type { ConfigValue } from '../config/model';

/** A setting's name as environments spell it: `SC_DEFAULT_MODE`, `SC_MODE_UPDATE_EMPTY_STATUS`. */
const ENV_NAME = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;

/**
 * Environment maps written as object literals (`{ SC_DEFAULT_MODE: "complaint", SC_FALLBACK_MODE: "safe" }` in
 * a Pulumi or CDK program, a k6 script's `env`): every key is a setting's name, so their literal values are read
 * like a .env file's by the configuration analysis (which settings are the API's, which speak of a removed field,
 * a mode, a status), report only. A site the engine found itself is not reported twice.
 */
export function envMapSettings(ctx: FileContext, input: FrontEndInput): void {
  if (!/\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\s*['"]?\s*:/.test(ctx.source)) return;
  const values: ConfigValue[] = [];
  for (const obj of ctx.nodesOf('ObjectExpression')) {
    const props: Node[] = obj.node.properties;
    const named = props.filter((p) => p.type !== 'SpreadElement' && p.type !== 'RestElement');
    if (named.length < 2 || !named.every((p) => ENV_NAME.test(keyName(p) ?? ''))) continue;
    for (const p of named) {
      const v = p.value;
      if (stringValue(v) === null) continue;
      values.push({ path: [keyName(p)!], start: v.start + 1, end: v.end - 1, refs: [], parent: `env@${obj.node.start}` });
    }
  }
  if (values.length === 0) return;
  const out = analyzeConfig({ ...input, source: ctx.source }, { values }, { rewrite: false });
  for (const f of out.findings) {
    const change = input.changes.find((c) => c.id === f.change);
    const at = values.find((v) => ctx.range(v.start, v.end).line === f.line);
    if (!change || !at || ctx.hasSiteOn(change.id, f.line)) continue;
    ctx.manualAt(change, at.start, at.end, at.start, f.message);
  }
}
