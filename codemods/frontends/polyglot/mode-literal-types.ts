import { api } from '../../../catalogue';
import { encloses, type Ctx } from './context';
import { foreignName } from './foreign';
import { span, type Lit } from './lang';
import { norm } from './vocabulary';

/**
 * A mode named in the type of a model's mode field (Python's `mode: Literal["complaint", "safe"]` in a pydantic
 * model or dataclass): the model is the interviews resource's (by its tie, or by the run's index), so the values
 * it accepts are the API's modes. Reported, never rewritten: the type is the author's.
 */
export function modeLiteralType(ctx: Ctx, lit: Lit): boolean {
  const { file } = ctx;
  const decl = file.x.decls.find((d) => d.type && norm(d.name) === norm(api.modeField) && encloses(d.node, lit.node) && !(d.init && encloses(d.init, lit.node)) && span(d.nameNode).end <= lit.start);
  if (!decl || !/^Literal\s*\[/.test(decl.type!.trim()) || !/^(?:typing\.)?Literal\s*\[/.test(file.source.slice(span(decl.nameNode).end).replace(/^\s*:\s*/, ''))) return false;
  const owner = file.x.types.filter((t) => encloses(t.node, decl.node)).pop();
  if (!owner || foreignName(ctx, owner.name)) return false;
  return ctx.ties.model(owner.name)?.resource === ctx.vocab.modeResource;
}
