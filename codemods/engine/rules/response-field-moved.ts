import type { JsonPath } from '../../../catalogue';
import { chainNames, isMember, keyName, type Node, type Path } from '../ast';
import { tieOf } from '../ties/flow';
import { pathMatches, type Tie } from '../ties/tie';
import { jsdocMembers } from './jsdoc-models';
import { pathReads } from './path-reads';
import { interfaceMembers, memberMessage, memberReads, patternReads, typedLiterals } from './reads';
import type { RuleImpl } from './types';

/**
 * The access that replaces a moved read: `.triage`, or `._links?.msg` — a new intermediate object is read
 * with `?.`, so the rewrite never throws where the old read gave undefined (and type-checks where the
 * client declares it optional).
 */
function movedAccess(to: JsonPath, optionalStart: boolean): string {
  return to.map((seg, i) => (i === 0 ? (optionalStart ? '?.' : '.') : '?.') + seg).join('');
}

/** Reads of a value that moved inside a response are rewritten where the operation is certain, else marked. */
export const responseFieldMoved: RuleImpl<'response-field-moved'> = (ctx, change, rule) => {
  const field = rule.from[rule.from.length - 1]!;
  const fromParent = rule.from.slice(0, -1);
  const names = new Set([field]);
  const message = `\`${rule.from.join('.')}\` read as \`${rule.to.join('.')}\``;
  const opMatches = (tie: Tie) => !rule.operations || (tie.op !== undefined && rule.operations.includes(tie.op));
  memberReads(ctx, names, (path) => {
    if (ctx.claimed.has(path.node)) return;
    if (rule.from.length >= 2) {
      // A distinctive path: `r.triage_explanation.potential_condition.triage` is the site whatever `r` is.
      const chain = chainNames(path.node).slice(-rule.from.length);
      // Through camel-cased keys (`r.triageExplanation.potentialCondition.triage`) the client maps the response into
      // its own model, which may not hold the new place: a person moves the read.
      const exact = rule.from.every((seg, i) => seg === chain[i]);
      if (!exact && pathMatches(rule.from, chain) && ctx.touchesApi() && !ctx.otherApiOnly()) {
        ctx.manual(change, path, rule.message, path.node.property, field);
        return;
      }
      if (exact) {
        let base = path.node;
        let optional = false;
        for (let i = 0; i < rule.from.length; i++) {
          optional = optional || !!base.optional;
          base = base.object;
        }
        ctx.fix(change, base.end, path.node.end, movedAccess(rule.to, optional), message, path.node);
        return;
      }
      const tie = tieOf(ctx, path.get('object'));
      if (tie && tie.resource === rule.resource && tie.role !== 'request' && pathMatches(fromParent, tie.path)) {
        ctx.manual(change, path, rule.message, path.node.property, field);
      }
      return;
    }
    const tie = tieOf(ctx, path.get('object'));
    if (!tie || tie.resource !== rule.resource || tie.role === 'request' || !pathMatches(fromParent, tie.path)) return;
    if (tie.via === 'flow' && opMatches(tie)) {
      ctx.fix(change, path.node.object.end, path.node.end, movedAccess(rule.to, !!path.node.optional), message, path.node);
    } else if ((tie.via !== 'flow' || tie.op === undefined) && tie.role === 'body' && tie.path.length === 0 && (tie.op === undefined || opMatches(tie)) && rule.operations) {
      // Only a name or type ties it (`(await setMode(…)).interview.msg`), or a model's `parse(resp)` that every
      // operation's response goes through: the operation is unknown or only named, so a person decides.
      ctx.manual(change, path, rule.message, path.node.property, field);
    }
  });
  // `_.get(result, 'triage_explanation.potential_condition.triage')`: a read by path, for a person.
  pathReads(ctx, (literal, segments, tie) => {
    const distinctive = rule.from.length >= 2 && segments.length >= rule.from.length && pathMatches(rule.from, segments.slice(0, rule.from.length));
    const tied = !!tie && tie.resource === rule.resource && tie.role !== 'request' && pathMatches(rule.from, [...tie.path, ...segments].slice(0, rule.from.length));
    if (distinctive || tied) ctx.manual(change, literal, rule.message, literal.node, field);
  });
  patternReads(ctx, names, (prop, _name, tie) => {
    if (tie.resource === rule.resource && pathMatches(fromParent, tie.path) && (tie.via !== 'flow' || opMatches(tie))) {
      ctx.manual(change, prop, rule.message, prop.node.key, field);
    }
  });
  for (const m of jsdocMembers(ctx, rule.resource)) {
    if (m.role === 'response' && pathMatches(rule.from, m.path)) ctx.manualAt(change, m.start, m.end, m.comment, memberMessage(rule.message), field);
  }
  typedLiterals(
    ctx,
    rule.resource,
    (prop, path) => {
      if (pathMatches(rule.from, path)) ctx.manual(change, prop, rule.message, prop.node.key, field);
    },
    rule.operations,
  );
  interfaceMembers(ctx, (member, path, role, model, site) => {
    if (role === 'response' && pathMatches(rule.from, path)) ctx.manual(change, member, memberMessage(rule.message, model), site, field);
  }, rule.resource, rule.operations);
  if (rule.from.length >= 2) {
    // `const { triage } = r.triage_explanation.potential_condition`
    ctx.nodesOf('VariableDeclarator').forEach((decl: Path) => {
      if (decl.node.id.type !== 'ObjectPattern' || !decl.node.init || !isMember(decl.node.init)) return;
      if (!pathMatches(fromParent, chainNames(decl.node.init).slice(-fromParent.length))) return;
      decl.node.id.properties.forEach((p: Node, i: number) => {
        if (keyName(p) === field && !ctx.claimed.has(p.key)) ctx.manual(change, decl.get('id', 'properties', i), rule.message, p.key, field);
      });
    });
  }
};
