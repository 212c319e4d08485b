import type { SgNode } from '@ast-grep/napi';
import { escapeRe, within, type PolyFile } from './file';
import { typeName } from './lang';
import type { ValueTie } from './ties';

/** Declared types that say nothing of what a parameter holds: a decoded body of some shape. */
const LOOSE = /^(array|mixed|object|iterable|hash|dict|dictionary|map|any|jsonnode|jsonelement|jobject|jsonobject)$/i;

/**
 * A parameter of a model type's method that holds the resource's decoded body: `ResultData::fromArray(array $data)`,
 * `Result#initialize(json)`, `Interview.from_response(json)`. Inside a class whose name designates the resource
 * (`model` answers only in a file that talks to the API or for a type the run's index knows), the untyped or
 * loosely typed parameter of one of its methods is read as the resource (`$data['advice']`, `raw['test']`).
 */
export function modelParamTie(file: PolyFile, model: (name: string) => ValueTie | null, name: string, at: SgNode): ValueTie | null {
  const fn = file.scopesOf(at).find((s) => !file.spec.lambdas?.kinds.includes(s.kind() as string));
  if (!fn) return null;
  const params = fn.children().find((c) => /param/.test(c.kind() as string));
  if (!params || !new RegExp(`(^|[^\\w$@])[$@]?${escapeRe(name)}\\b`).test(params.text())) return null;
  const declared = file.declsOf(name, at).find((d) => within(d.node, params));
  const type = typeName(declared?.type ?? null);
  if (type && !LOOSE.test(type)) return null;
  const owner = file.x.types.filter((t) => within(fn, t.node)).pop();
  const tie = owner ? model(owner.name) : null;
  return tie ? { ...tie, path: [...tie.path], model: owner!.name } : null;
}
