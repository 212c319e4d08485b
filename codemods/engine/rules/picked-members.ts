import type { Node, Path } from '../ast';
import type { FileContext } from '../file';
import { typeNameTie } from '../ties/types';

/** Utility types that name members of a model by string literal types: `Pick<Complaint, 'text' | 'extra'>`. */
const PICKERS = new Set(['Pick', 'Omit', 'Partial', 'Required']);

/**
 * Members of a model named in a type by string literal types: `Pick<Complaint, 'text' | 'extra'>`,
 * `Omit<Result, 'advice'>`, `keyof`-style literal unions passed with a model. Each literal is visited with the
 * model's resource, its path and its role.
 */
export function pickedMembers(ctx: FileContext, resource: string, visit: (literal: Path, path: string[], role: 'request' | 'response') => void): void {
  for (const ref of ctx.nodesOf('TSTypeReference')) {
    const n = ref.node;
    const name = n.typeName?.type === 'Identifier' ? n.typeName.name : null;
    const params = n.typeParameters?.params ?? n.typeArguments?.params;
    if (!name || !PICKERS.has(name) || !params || params.length < 2) continue;
    const model = params[0];
    const modelName = model.type === 'TSTypeReference' && model.typeName?.type === 'Identifier' ? model.typeName.name : null;
    const tie = modelName ? typeNameTie(modelName) : null;
    if (!tie || tie.resource !== resource) continue;
    const argsKey = n.typeParameters ? 'typeParameters' : 'typeArguments';
    const keysPath: Path = ref.get(argsKey, 'params', 1);
    ctx.j(keysPath).find(ctx.j.TSLiteralType).forEach((lit: Path) => {
      const v: Node = lit.node.literal;
      if (v && typeof v.value === 'string') visit(lit.get('literal'), [...tie.path, v.value], tie.role);
    });
  }
}
