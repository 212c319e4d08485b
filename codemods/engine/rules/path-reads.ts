import { calleeName, isMember, memberName, stringValue, type Node, type Path } from '../ast';
import { thisModelTie } from '../ties/resource-models';
import type { FileContext } from '../file';
import { tieOf } from '../ties/flow';
import type { Tie } from '../ties/tie';

/** Helpers that read a value by a path given as a string or an array: lodash/underscore `get`, `has`, `result`. */
const PATH_READERS = new Set(['get', 'has', 'result', 'getIn', 'path', 'dig']);

/**
 * Reads by path: `_.get(result, 'triage_explanation.potential_condition.triage')`, `_.get(r, ['advice'])`,
 * `_.has(interview, 'profile.bmi')`. Each is visited with the path's segments, the tie of the object read (or
 * null), and the literal that holds the path (where the finding goes).
 */
export function pathReads(ctx: FileContext, visit: (literal: Path, segments: string[], tie: Tie | null) => void): void {
  for (const call of ctx.nodesOf('CallExpression', 'OptionalCallExpression')) {
    const n = call.node;
    // `interview.get('marketplace')`, `this.get('test')` in a model: an attribute read of a model (Backbone, Ember,
    // Immutable records), when what it is called on is tied.
    if (isMember(n.callee) && memberName(n.callee) === 'get' && n.arguments.length === 1) {
      const field = stringValue(n.arguments[0]);
      if (field && /^[A-Za-z_$][\w$]*$/.test(field)) {
        const object = call.get('callee', 'object');
        const tie = object.node.type === 'ThisExpression' ? thisModelTie(ctx, object) : tieOf(ctx, object);
        if (tie) visit(call.get('arguments', 0), [field], tie);
      }
      continue;
    }
    // k6: `res.json('triage_explanation.potential_condition')`, a GJSON path into the body of a response (`#` for
    // every item of a list).
    if (isMember(n.callee) && memberName(n.callee) === 'json' && n.arguments.length === 1) {
      const text = stringValue(n.arguments[0]);
      const tie = text && /^[A-Za-z_][\w.#]*$/.test(text) ? tieOf(ctx, call) : null;
      if (tie) visit(call.get('arguments', 0), text!.split('.').map((s) => (s === '#' || /^\d+$/.test(s) ? '*' : s)), tie);
      continue;
    }
    if (!PATH_READERS.has(calleeName(n.callee)) || n.arguments.length < 2) continue;
    const arg = call.get('arguments', 1);
    const text = stringValue(arg.node);
    let segments: string[] | null = null;
    if (text !== null) segments = text.split(/[.[\]]+/).filter(Boolean);
    else if (arg.node.type === 'ArrayExpression' && arg.node.elements.every((e: Node) => stringValue(e) !== null)) segments = arg.node.elements.map((e: Node) => stringValue(e)!);
    if (!segments || segments.length === 0) continue;
    visit(arg, segments.map((s) => (/^\d+$/.test(s) ? '*' : s)), tieOf(ctx, call.get('arguments', 0)));
  }
}
