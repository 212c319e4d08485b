import { api } from '../../../catalogue';
import { isModeKey, inApiScope } from '../config/vocab';
import { words } from '../../engine/words';
import { encloses, type Ctx } from './context';
import { ourModeType, foreignName } from './foreign';
import type { SgNode } from '@ast-grep/napi';
import { span, typeName, type Call, type Lit, type Pair } from './lang';
import { saysMode } from './ties';

/**
 * Interview modes written where a mode is set up rather than sent: the key of a table of modes, a setting's default,
 * a declaration's default value. Reported, not rewritten: what the value feeds (an enum's name, user input) is
 * the author's to change with it.
 */

/** `"complaint": ModeComplaint` in `modeNames = map[string]Mode{…}`, `'safe' => InterviewMode::Safe`: a key naming the mode its value is. */
export function tableKey(ctx: Ctx, lit: Lit): boolean {
  const pair = ctx.file.x.pairs.find((p) => span(p.keyNode).start === lit.start && span(p.keyNode).end === lit.end);
  if (!pair?.value || ctx.file.lit(pair.value)) return false;
  const value = pair.value.text().trim();
  if (!/^[\w.:\\]+$/.test(value) || !saysMode(value.replace(/[.:\\]+/g, '_'))) return false;
  const w = words(value.replace(/[.:\\]+/g, '_'));
  if (!w.includes(words(lit.text).join('_'))) return false;
  const owner = w.filter((x) => !ctx.vocab.modes.has(x)).join('_');
  return ourModeType(ctx, owner);
}

/** `v.SetDefault("symptomChecker.defaultMode", "complaint")`, `os.getenv("SC_MODE", "complaint")`: the value of a mode setting keyed by the API's name. */
export function keyedSetting(ctx: Ctx, lit: Lit, call: Call): boolean {
  const i = call.args.findIndex((a) => span(a).start === lit.start && span(a).end === lit.end);
  const key = i > 0 ? ctx.file.lit(call.args[i - 1]) : null;
  if (!key?.simple) return false;
  const path = key.text.split(/[.:/]/).filter(Boolean);
  if (path.length === 0 || !isModeKey(path)) return false;
  // The key must name the API (`symptomChecker.…`, `SC_…`): `ticket.get("mode", "complaint")` reads another thing's.
  if (inApiScope(ctx.file.config, path)) return true;
  // Or the setting is stored where the API's settings go (`cfg.symptomChecker.startMode = ini.value("start_mode", "complaint")`).
  const { file } = ctx;
  const decl = file.x.decls.find((d) => d.init && encloses(d.init, call.node) && span(d.nameNode).end <= span(call.node).start);
  const target = decl ? file.source.slice(span(decl.node).start, span(decl.nameNode).end).split(/\W+/).filter(Boolean) : [];
  if (target.length > 1 && inApiScope(file.config, target.slice(0, -1)) && !target.some((t) => foreignName(ctx, t))) return true;
  // Or read in a QSettings group of the API's (`ini.beginGroup("symptom_checker")`, or a resource's: `"interview"`) still open.
  const before = file.source.slice(span(file.scopeOf(call.node)).start, span(call.node).start);
  const group = [...before.matchAll(/\bbeginGroup\s*\(\s*(?:QStringLiteral\s*\(\s*|QLatin1String\s*\(\s*)?"([\w.-]+)"/g)].pop();
  if (!group || /\bendGroup\s*\(/.test(before.slice(group.index))) return false;
  const name = words(group[1]!).join('_').replace(/s$/, '');
  return inApiScope(file.config, [group[1]!]) || (ctx.tied && Object.values(api.resources).some((r) => r.nouns.includes(name)));
}

/**
 * The default of a setting an annotation injects, keyed by the API's name: MicroProfile's `@ConfigProperty(name =
 * "symptom-checker.start-mode", defaultValue = "complaint")`, Quarkus' `@WithDefault` beside `@WithName`. A setting of
 * another thing (`name = "helpdesk.default-mode"`) stays.
 */
export function annotatedSetting(ctx: Ctx, lit: Lit): boolean {
  const { file } = ctx;
  const before = file.source.slice(Math.max(0, lit.start - 40), lit.start);
  if (!/\bdefault\w*\s*=\s*["']?$/i.test(before)) return false;
  let n: SgNode | null = lit.node;
  for (let up = 0; n && up < 6 && !/annotation/.test(n.kind() as string); up++) n = n.parent();
  if (!n || !/annotation/.test(n.kind() as string)) return false;
  const key = /\b(?:name|key|property)\s*=\s*["']([\w.:/-]+)["']/.exec(n.text())?.[1];
  const path = key ? key.split(/[.:/]/).filter(Boolean) : [];
  return path.length > 0 && isModeKey(path) && inApiScope(file.config, path);
}

/**
 * The default a declaration holding a mode is given: `@DefaultValue("complaint") InterviewMode initialMode`,
 * `mode = Column(String, default="complaint")` in a model of the interviews resource.
 */
export function declaredDefault(ctx: Ctx, lit: Lit, pair: Pair | undefined): boolean {
  const { file } = ctx;
  if (pair) {
    if (!pair.named || !words(pair.key).includes('default')) return false;
    const holder = file.x.decls.find((d) => d.init && encloses(d.init, pair.container) && span(d.init).start === span(pair.container).start);
    if (!holder || !saysMode(holder.name) || foreignName(ctx, holder.name)) return false;
    const owner = file.x.types.filter((t) => encloses(t.node, holder.node)).pop();
    return !!owner && ctx.ties.model(owner.name)?.resource === ctx.vocab.modeResource && ctx.ties.model(owner.name)?.path.length === 0;
  }
  const line = file.source.slice(file.source.lastIndexOf('\n', lit.start - 1) + 1, lit.start);
  if (!/[@[]\w*Default\w*\(\s*(?:value\s*=\s*)?$/.test(line)) return false;
  const decl = file.x.decls.filter((d) => encloses(d.node, lit.node)).pop();
  const type = typeName(decl?.type);
  if (!decl || !type || !saysMode(type)) return false;
  return ourModeType(ctx, type);
}
