import { chainNames, isMember, memberName, type Node, type Path } from '../engine/ast';
import type { FileContext } from '../engine/file';
import { fileExports, importOf } from '../engine/ties/constants';
import { sendingFunctions } from '../engine/ties/wrappers';
import type { ExternalUse, FileFacts, UseRole } from '../engine/ties/project';
import { isValueContext } from '../engine/rules/value-context';
import { api } from '../../catalogue';

/**
 * What a JS/TS file tells the other files of a run (lib/project.ts): the constants it exports, the modules it
 * imports constants from, and how it uses imported constants (as an interview mode here; addresses.ts adds
 * audience and URL uses).
 */
export function collectFacts(ctx: FileContext, extraUses: readonly ExternalUse[] = []): FileFacts {
  const imports = new Set<string>();
  for (const imp of ctx.nodesOf('ImportDeclaration')) {
    const spec = String(imp.node.source.value);
    if (/^(\.|@\/|~\/|\$lib\/)/.test(spec) && (imp.node.specifiers ?? []).length > 0) imports.add(spec);
  }
  const uses: ExternalUse[] = [...extraUses];
  const seen = new Set<Node>();
  const visit = (path: Path) => {
    const n = path.node;
    if (seen.has(n)) return;
    const root = isMember(n) ? rootPath(path) : path;
    if (root.node.type !== 'Identifier') return;
    const imp = importOf(root);
    if (!imp) return;
    imports.add(imp.specifier);
    const role = useRole(ctx, path);
    if (!role) return;
    seen.add(n);
    const key = isMember(n) && n.object.type === 'Identifier' ? memberName(n) : null;
    uses.push({ specifier: imp.specifier, name: imp.exportName, key: key === '*' ? null : key, role, at: `${ctx.filePath}:${ctx.lines.lineCol(n.start).line}` });
  };
  for (const p of ctx.nodesOf('MemberExpression', 'OptionalMemberExpression')) visit(p);
  for (const p of ctx.nodesOf('Identifier')) visit(p);
  return { exports: fileExports(ctx), uses, imports: [...imports], functions: sendingFunctions(ctx) };
}

function rootPath(path: Path): Path {
  let p = path;
  while (isMember(p.node)) p = p.get('object');
  return p;
}

/** The role an expression plays where it stands: an interview mode value, or none known. */
function useRole(ctx: FileContext, path: Path): UseRole | null {
  if (chainNames(path.node).length > 2) return null;
  return isValueContext(ctx, path, api.modeField) ? 'mode' : null;
}
