import { api, type Change, type JsonPath, type RuleKind, type RuleOfKind } from '../../catalogue';
import { parentOf, type FileContext, type Node, type Path, type Tie } from './context';
import { isModeName, nounTie, typeNameTie, words } from './words';

/** A rule kind's implementation: finds the sites of one rule in one file and records fixes or markers. */
export type RuleImpl<K extends RuleKind> = (ctx: FileContext, change: Change, rule: RuleOfKind<K>) => void;

const MEMBER = ['MemberExpression', 'OptionalMemberExpression'];
const STRING_TYPES = ['StringLiteral', 'Literal'];

export function pathMatches(rulePath: JsonPath, path: readonly string[]): boolean {
  return rulePath.length === path.length && rulePath.every((seg, i) => seg === path[i] || seg === '*' || path[i] === '*');
}

function isWrite(path: Path): boolean {
  const parent = parentOf(path)!;
  return (
    (parent.node.type === 'AssignmentExpression' && parent.node.left === path.node) ||
    (parent.node.type === 'UpdateExpression') ||
    (parent.node.type === 'UnaryExpression' && parent.node.operator === 'delete')
  );
}

function isCallee(path: Path): boolean {
  const parent = parentOf(path)!;
  return /CallExpression$/.test(parent.node.type) && parent.node.callee === path.node;
}

function stringValue(n: Node): string | null {
  if (STRING_TYPES.includes(n.type) && typeof n.value === 'string') return n.value;
  if (n.type === 'TemplateLiteral' && n.expressions.length === 0) return n.quasis[0].value.cooked;
  return null;
}

/** Offsets of the text inside a string literal's quotes (or a template element). */
function innerRange(ctx: FileContext, n: Node): { start: number; end: number } {
  if (n.type === 'TemplateElement') return { start: n.start, end: n.end };
  if (n.type === 'TemplateLiteral') return { start: n.start + 1, end: n.end - 1 };
  return { start: n.start + 1, end: n.end - 1 };
}

/** Every member read `x.name` (not a write, not a method call) in the file. */
function memberReads(ctx: FileContext, names: Set<string>, visit: (path: Path, name: string) => void): void {
  ctx.nodesOf(...MEMBER).forEach((path: Path) => {
    const name = ctx.memberName(path.node);
    if (name === null || name === '*' || !names.has(name)) return;
    if (isWrite(path) || isCallee(path)) return;
    visit(path, name);
  });
}

/** Every destructured key `{ name }` whose source is tied. */
function patternReads(ctx: FileContext, names: Set<string>, visit: (prop: Path, name: string, tie: Tie) => void): void {
  ctx.nodesOf('ObjectPattern').forEach((pattern: Path) => {
    const props: Node[] = pattern.node.properties;
    props.forEach((p, i) => {
      const key = ctx.keyName(p);
      if (!key || !names.has(key) || ctx.claimed.has(p)) return;
      const tie = ctx.patternTie(pattern);
      if (tie && tie.role !== 'request') visit(pattern.get('properties', i), key, tie);
    });
  });
}

/** The names along a member chain: `r.a.b.c` → ['r', 'a', 'b', 'c'] (root last-resort as '?'). */
function chainNames(ctx: FileContext, n: Node): string[] {
  const out: string[] = [];
  let cur = n;
  while (MEMBER.includes(cur.type)) {
    out.unshift(ctx.memberName(cur) ?? '?');
    cur = cur.object;
  }
  out.unshift(cur.type === 'Identifier' ? cur.name : '?');
  return out;
}

// ------------------------------------------------------------------------------------------- addresses

export const baseUrl: RuleImpl<'base-url'> = (ctx, change, rule) => {
  const visitString = (path: Path, n: Node) => {
    if (ctx.claimed.has(n)) return;
    const { start, end } = innerRange(ctx, n);
    const raw = ctx.source.slice(start, end);
    const rewrite = ctx.mapper.rewriteBases(raw);
    if (rewrite.envs.length > 0) {
      ctx.fix(change, start, end, rewrite.text, `v1 base address of ${rewrite.envs.join(', ')} replaced by the v2 one`, n);
    } else if (ctx.mapper.isBareV1Host(raw)) {
      ctx.manual(change, path, rule.hostOnlyMessage, n);
    }
  };
  ctx.nodesOf('StringLiteral').forEach((p: Path) => visitString(p, p.node));
  ctx.nodesOf('Literal').forEach((p: Path) => {
    if (typeof p.node.value === 'string') visitString(p, p.node);
  });
  ctx.nodesOf('TemplateElement').forEach((p: Path) => visitString(p, p.node));
};

/** Whether a name is about an audience (`audience`, `AUDIENCE`, `v1Aud`). */
function isAudienceName(name: string): boolean {
  const field = api.tokenRequest.audienceField;
  return words(name).some((w) => w === field || w === field.slice(0, 3));
}

export const tokenAudience: RuleImpl<'token-audience'> = (ctx, change, rule) => {
  const t = api.tokenRequest;
  const mapLiteral = (path: Path, n: Node): 'mapped' | 'other' => {
    const value = stringValue(n);
    if (value === null) return 'other';
    const hit = ctx.mapper.mapAudience(value);
    if (!hit) return 'other';
    const { start, end } = innerRange(ctx, n);
    ctx.fix(change, start, end, hit.to, `v1 audience of ${hit.env} replaced by the v2 audience`, n);
    return 'mapped';
  };
  /** Map the literal leaves of an audience value; mark what is computed at run time. */
  const visitValue = (path: Path, isTokenRequest: boolean, depth = 0): void => {
    const n = path.node;
    if (!n || depth > 3) return;
    if (stringValue(n) !== null) {
      mapLiteral(path, n);
      return;
    }
    if (n.type === 'ConditionalExpression') {
      visitValue(path.get('consequent'), isTokenRequest, depth + 1);
      visitValue(path.get('alternate'), isTokenRequest, depth + 1);
      return;
    }
    if (n.type === 'LogicalExpression') {
      visitValue(path.get('left'), isTokenRequest, depth + 1);
      visitValue(path.get('right'), isTokenRequest, depth + 1);
      return;
    }
    if (n.type === 'Identifier') {
      const init = ctx.constInit(path);
      if (init && stringValue(init.node) !== null) {
        // The const is handled where it is declared (its name says audience) or here.
        if (mapLiteral(init, init.node) === 'mapped' || ctx.claimed.has(init.node)) return;
        if (ctx.mapper.mapAudience(stringValue(init.node)!) === null) return;
      }
      if (init && init.node.type === 'ConditionalExpression') {
        visitValue(init, isTokenRequest, depth + 1);
        return;
      }
    }
    if (isTokenRequest) ctx.manual(change, path, rule.dynamicMessage, n);
  };

  ctx.nodesOf('ObjectExpression').forEach((obj: Path) => {
    const keys = new Set(obj.node.properties.map((p: Node) => ctx.keyName(p)));
    if (!keys.has(t.audienceField)) return;
    const sentToToken = (() => {
      let p: Path | null = parentOf(obj);
      for (let i = 0; i < 5 && p; i++, p = parentOf(p)) {
        if (/CallExpression$/.test(p.node.type)) {
          const urlText = p.node.arguments.length > 0 ? ctx.staticText(p.get('arguments', 0)) : null;
          return !!urlText && urlText.includes(t.path);
        }
      }
      return false;
    })();
    const isTokenRequest = keys.has(t.grantTypeField) || keys.has(t.clientIdField) || sentToToken;
    const prop = ctx.propertyPath(obj, t.audienceField);
    if (!prop) return;
    visitValue(prop.get('value'), isTokenRequest);
  });
  // Constants named after the audience: `const AUDIENCE = 'https://…/api/'`.
  ctx.nodesOf('VariableDeclarator').forEach((decl: Path) => {
    const id = decl.node.id;
    if (id.type !== 'Identifier' || !isAudienceName(id.name) || !decl.node.init) return;
    const init = decl.get('init');
    if (stringValue(init.node) !== null && !ctx.claimed.has(init.node)) mapLiteral(init, init.node);
    if (init.node.type === 'ConditionalExpression') visitValue(init, false);
  });
};

// ------------------------------------------------------------------------------------------- request bodies

export const requestFieldRemoved: RuleImpl<'request-field-removed'> = (ctx, change, rule) => {
  const field = rule.path[rule.path.length - 1]!;
  const parentPath = rule.path.slice(0, -1);
  const applies = (tie: Tie | null) =>
    !!tie &&
    tie.role === 'request' &&
    tie.resource === rule.resource &&
    (tie.op === undefined || rule.operations.includes(tie.op)) &&
    pathMatches(parentPath, tie.path);

  ctx.nodesOf('ObjectExpression').forEach((obj: Path) => {
    const index = obj.node.properties.findIndex((p: Node) => ctx.keyName(p) === field);
    if (index < 0) return;
    if (!applies(ctx.requestTieOfObject(obj))) return;
    const prop = obj.get('properties', index);
    if (rule.codemod === 'auto') {
      ctx.deleteProperty(change, obj, index, `\`${rule.path.join('.')}\` removed from the ${rule.resource} request body`);
    } else {
      ctx.manual(change, prop, rule.message, prop.node.key);
      // `race: profile.race` is one site (sending it), not also a read of a removed response field.
      ctx.claimed.add(prop.node.value);
    }
  });
  // `body.extra = …` on a tied request body.
  ctx.nodesOf('AssignmentExpression').forEach((assign: Path) => {
    const left = assign.node.left;
    if (!MEMBER.includes(left.type) || ctx.memberName(left) !== field) return;
    const tie = ctx.tieOf(assign.get('left', 'object'));
    if (applies(tie)) ctx.manual(change, assign, rule.message, left.property);
  });
  interfaceMembers(ctx, (member, path, role) => {
    if (role === 'request' && pathMatches(rule.path, path)) ctx.manual(change, member, memberMessage(rule.message), member.node.key);
  }, rule.resource);
};

/** A rule's message, reworded for the member of a declared type (`interface Result { advice?: … }`). */
function memberMessage(message: string): string {
  return `${message.split(';')[0]!.replace(/\.$/, '')}; remove this member from the type.`;
}

// ------------------------------------------------------------------------------------------- responses

export const responseFieldRemoved: RuleImpl<'response-field-removed'> = (ctx, change, rule) => {
  const field = rule.path[rule.path.length - 1]!;
  const names = new Set([field]);
  const matches = (tie: Tie | null, name: string) =>
    !!tie && tie.role !== 'request' && tie.resource === rule.resource && !tie.list && pathMatches(rule.path, [...tie.path, name]);
  // Names only this API uses (snake_case) are reads of the field wherever they appear.
  const distinctive = field.includes('_');
  memberReads(ctx, names, (path, name) => {
    if (ctx.claimed.has(path.node)) return;
    const tie = ctx.tieOf(path.get('object'));
    if (matches(tie, name) || (distinctive && !tie && rule.path.length === 1)) ctx.manual(change, path, rule.message, path.node.property);
  });
  patternReads(ctx, names, (prop, name, tie) => {
    if (matches(tie, name)) ctx.manual(change, prop, rule.message, prop.node.key);
  });
  interfaceMembers(ctx, (member, path, role) => {
    if (role === 'response' && pathMatches(rule.path, path)) ctx.manual(change, member, memberMessage(rule.message), member.node.key);
  }, rule.resource);
};

/**
 * Members of interfaces and type literals that model a resource (`interface Result { advice?: string }`),
 * with their path inside the resource.
 */
function interfaceMembers(
  ctx: FileContext,
  visit: (member: Path, path: string[], role: 'request' | 'response') => void,
  resource: string,
): void {
  const walk = (bodyPath: Path, members: Node[], prefix: string[], role: 'request' | 'response') => {
    members.forEach((m, i) => {
      if (m.type !== 'TSPropertySignature') return;
      const key = ctx.keyName(m);
      if (!key) return;
      const memberPath = bodyPath.get(i);
      visit(memberPath, [...prefix, key], role);
      let t = m.typeAnnotation?.typeAnnotation;
      let inner = [...prefix, key];
      while (t && (t.type === 'TSArrayType' || t.type === 'TSUnionType' || t.type === 'TSParenthesizedType')) {
        if (t.type === 'TSArrayType') {
          inner = [...inner, '*'];
          t = t.elementType;
        } else if (t.type === 'TSUnionType') t = t.types.find((x: Node) => x.type === 'TSTypeLiteral' || x.type === 'TSArrayType');
        else t = t.typeAnnotation;
      }
      if (t && t.type === 'TSTypeLiteral') {
        const typePath = memberPath.get('typeAnnotation');
        // Find the literal's members path by searching (array/union wrappers).
        ctx.j(typePath).find(ctx.j.TSTypeLiteral).filter((p: Path) => p.node === t).forEach((lit: Path) => walk(lit.get('members'), t.members, inner, role));
      }
    });
  };
  ctx.nodesOf('TSInterfaceDeclaration').forEach((decl: Path) => {
    const tie = typeNameTie(decl.node.id.name);
    if (!tie || tie.resource !== resource) return;
    walk(decl.get('body', 'body'), decl.node.body.body, tie.path, tie.role);
  });
  ctx.nodesOf('TSTypeAliasDeclaration').forEach((decl: Path) => {
    const tie = typeNameTie(decl.node.id.name);
    if (!tie || tie.resource !== resource || decl.node.typeAnnotation.type !== 'TSTypeLiteral') return;
    walk(decl.get('typeAnnotation', 'members'), decl.node.typeAnnotation.members, tie.path, tie.role);
  });
}

/**
 * The access that replaces a moved read: `.triage`, or `._links?.msg` — a new intermediate object is read
 * with `?.`, so the rewrite never throws where the old read gave undefined (and type-checks where the
 * client declares it optional).
 */
function movedAccess(to: JsonPath, optionalStart: boolean): string {
  return to.map((seg, i) => (i === 0 ? (optionalStart ? '?.' : '.') : '?.') + seg).join('');
}

export const responseFieldMoved: RuleImpl<'response-field-moved'> = (ctx, change, rule) => {
  const field = rule.from[rule.from.length - 1]!;
  const fromParent = rule.from.slice(0, -1);
  const names = new Set([field]);
  const opMatches = (tie: Tie) => !rule.operations || (tie.op !== undefined && rule.operations.includes(tie.op));
  memberReads(ctx, names, (path) => {
    if (ctx.claimed.has(path.node)) return;
    if (rule.from.length >= 2) {
      // A distinctive path: `r.triage_explanation.potential_condition.triage` is the site whatever `r` is.
      const chain = chainNames(ctx, path.node);
      const tail = chain.slice(-rule.from.length);
      if (pathMatches(rule.from, tail)) {
        let base = path.node;
        let optional = false;
        for (let i = 0; i < rule.from.length; i++) {
          optional = optional || !!base.optional;
          base = base.object;
        }
        const text = movedAccess(rule.to, optional);
        ctx.fix(change, base.end, path.node.end, text, `\`${rule.from.join('.')}\` read as \`${rule.to.join('.')}\``, path.node);
        return;
      }
      const tie = ctx.tieOf(path.get('object'));
      if (tie && tie.resource === rule.resource && tie.role !== 'request' && pathMatches(fromParent, tie.path)) {
        ctx.manual(change, path, rule.message, path.node.property);
      }
      return;
    }
    const tie = ctx.tieOf(path.get('object'));
    if (!tie || tie.resource !== rule.resource || tie.role === 'request' || !pathMatches(fromParent, tie.path)) return;
    if (tie.via === 'flow' && opMatches(tie)) {
      const objEnd = path.node.object.end;
      const text = movedAccess(rule.to, !!path.node.optional);
      ctx.fix(change, objEnd, path.node.end, text, `\`${rule.from.join('.')}\` read as \`${rule.to.join('.')}\``, path.node);
    } else if (tie.via !== 'flow' && tie.role === 'body' && tie.path.length === 0 && tie.op === undefined && rule.operations) {
      // Only a name or type ties it: the operation is unknown, so a person decides.
      ctx.manual(change, path, rule.message, path.node.property);
    }
  });
  patternReads(ctx, names, (prop, _name, tie) => {
    if (tie.resource === rule.resource && pathMatches(fromParent, tie.path) && (tie.via !== 'flow' || opMatches(tie))) {
      ctx.manual(change, prop, rule.message, prop.node.key);
    }
  });
  interfaceMembers(ctx, (member, path, role) => {
    if (role === 'response' && pathMatches(rule.from, path)) ctx.manual(change, member, memberMessage(rule.message), member.node.key);
  }, rule.resource);
  if (rule.from.length >= 2) {
    // `const { triage } = r.triage_explanation.potential_condition`
    ctx.nodesOf('VariableDeclarator').forEach((decl: Path) => {
      if (decl.node.id.type !== 'ObjectPattern' || !decl.node.init || !MEMBER.includes(decl.node.init.type)) return;
      const chain = chainNames(ctx, decl.node.init);
      if (!pathMatches(fromParent, chain.slice(-fromParent.length))) return;
      decl.node.id.properties.forEach((p: Node, i: number) => {
        if (ctx.keyName(p) === field && !ctx.claimed.has(p.key)) ctx.manual(change, decl.get('id', 'properties', i), rule.message, p.key);
      });
    });
  }
};

// ------------------------------------------------------------------------------------------- enumerated values

/** Whether a string literal is used as a value of the enumerated `field` (an interview mode). */
function isValueContext(ctx: FileContext, path: Path, field: string): boolean {
  const parent = parentOf(path)!;
  const pn = parent.node;
  const modeish = (n: Node | null | undefined): boolean => {
    if (!n) return false;
    if (n.type === 'Identifier') return isModeName(n.name);
    if (MEMBER.includes(n.type)) return ctx.memberName(n) === field || isModeName(ctx.memberName(n) ?? '');
    if (n.type === 'TSNonNullExpression' || n.type === 'ParenthesizedExpression') return modeish(n.expression);
    return false;
  };
  switch (pn.type) {
    case 'ObjectProperty':
    case 'Property':
      return pn.value === path.node && (ctx.keyName(pn) === field || isModeName(ctx.keyName(pn) ?? ''));
    case 'BinaryExpression':
      return ['===', '!==', '==', '!='].includes(pn.operator) && modeish(pn.left === path.node ? pn.right : pn.left);
    case 'SwitchCase': {
      const sw = parentOf(parent)!.node;
      return sw.type === 'SwitchStatement' && modeish(sw.discriminant);
    }
    case 'CallExpression':
    case 'OptionalCallExpression': {
      if (pn.callee === path.node) return false;
      const name = ctx.calleeName(pn.callee);
      if (words(name).includes(field)) return true;
      // `modes.includes('complaint')`
      return ['includes', 'indexOf'].includes(name) && modeish(pn.callee.object);
    }
    case 'VariableDeclarator':
      return pn.init === path.node && pn.id.type === 'Identifier' && isModeName(pn.id.name);
    case 'AssignmentPattern':
      return pn.right === path.node && pn.left.type === 'Identifier' && isModeName(pn.left.name);
    case 'AssignmentExpression':
      return pn.right === path.node && modeish(pn.left);
    case 'ArrayExpression': {
      const decl = parentOf(parent)!.node;
      return decl.type === 'VariableDeclarator' && decl.id.type === 'Identifier' && isModeName(decl.id.name);
    }
    case 'TSLiteralType': {
      let p: Path | null = parentOf(parent)!;
      while (p && (p.node.type === 'TSUnionType' || Array.isArray(p.value))) p = parentOf(p)!;
      if (!p) return false;
      const n = p.node;
      if (n.type === 'TSTypeAliasDeclaration') return isModeName(n.id.name);
      if (n.type === 'TSTypeAnnotation') {
        const owner = parentOf(p)!.node;
        if (owner.type === 'TSPropertySignature') return ctx.keyName(owner) === field || isModeName(ctx.keyName(owner) ?? '');
        if (owner.type === 'Identifier') return isModeName(owner.name);
      }
      return false;
    }
    default:
      return false;
  }
}

function stringLiterals(ctx: FileContext, values: Set<string>, visit: (path: Path, n: Node) => void): void {
  ctx.nodesOf('StringLiteral').forEach((p: Path) => {
    if (values.has(p.node.value)) visit(p, p.node);
  });
  ctx.nodesOf('Literal').forEach((p: Path) => {
    if (typeof p.node.value === 'string' && values.has(p.node.value)) visit(p, p.node);
  });
}

export const valueRenamed: RuleImpl<'value-renamed'> = (ctx, change, rule) => {
  stringLiterals(ctx, new Set([rule.from]), (path, n) => {
    if (ctx.claimed.has(n) || !isValueContext(ctx, path, rule.field)) return;
    const { start, end } = innerRange(ctx, n);
    ctx.fix(change, start, end, rule.to, `${rule.field} '${rule.from}' renamed '${rule.to}'`, n);
  });
};

export const valueRemoved: RuleImpl<'value-removed'> = (ctx, change, rule) => {
  stringLiterals(ctx, new Set(rule.values), (path, n) => {
    if (ctx.claimed.has(n) || !isValueContext(ctx, path, rule.field)) return;
    ctx.manual(change, path, rule.message, n);
  });
};

// ------------------------------------------------------------------------------------------- statuses

const STATUS_FIELDS = new Set(['status', 'statusCode']);

export const statusChanged: RuleImpl<'status-changed'> = (ctx, change, rule) => {
  /** The tie of a status expression: `res.status`, or `status` destructured from a tied response. */
  const statusTie = (path: Path): Tie | null => {
    const n = path.node;
    if (MEMBER.includes(n.type) && STATUS_FIELDS.has(ctx.memberName(n) ?? '')) {
      const raw = ctx.tieOf(path.get('object'));
      return raw && raw.role === 'result' ? raw : null;
    }
    if (n.type === 'Identifier' && STATUS_FIELDS.has(n.name)) {
      const binding = ctx.bindingOf(path);
      const prop = binding ? parentOf(binding) : null;
      if (prop && (prop.node.type === 'ObjectProperty' || prop.node.type === 'Property')) {
        const t = ctx.patternTie(parentOf(prop)!);
        return t && t.role === 'result' ? t : null;
      }
    }
    return null;
  };
  const isNum = (n: Node, v: number) => (n.type === 'NumericLiteral' || n.type === 'Literal') && n.value === v;
  const applies = (t: Tie | null) => !!t && t.resource === rule.resource && t.op === rule.operation;

  ctx.nodesOf('BinaryExpression').forEach((bin: Path) => {
    const n = bin.node;
    if (!['===', '==', '!==', '!='].includes(n.operator)) return;
    const side = isNum(n.right, rule.from) ? 'left' : isNum(n.left, rule.from) ? 'right' : null;
    if (!side) return;
    const statusPath = bin.get(side);
    if (!applies(statusTie(statusPath))) return;
    // `s === 200 || s === 202`: the 202 alternative is now redundant.
    const parent = parentOf(bin)!;
    const statusText = ctx.source.slice(statusPath.node.start, statusPath.node.end);
    if (rule.codemod === 'auto' && parent.node.type === 'LogicalExpression' && parent.node.operator === (n.operator.startsWith('!') ? '&&' : '||')) {
      const other = parent.node.left === n ? parent.node.right : parent.node.left;
      const otherSide = other.type === 'BinaryExpression' && other.operator === n.operator
        ? (isNum(other.right, rule.to) ? other.left : isNum(other.left, rule.to) ? other.right : null)
        : null;
      if (otherSide && ctx.source.slice(otherSide.start, otherSide.end) === statusText) {
        const start = parent.node.left === n ? n.start : other.end;
        const end = parent.node.left === n ? other.start : n.end;
        ctx.fix(change, start, end, '', `redundant ${rule.from} check removed: v2 answers ${rule.to} (${rule.condition})`, n);
        return;
      }
    }
    ctx.manual(change, bin, rule.message, n);
  });
  ctx.nodesOf('SwitchCase').forEach((c: Path) => {
    if (!c.node.test || !isNum(c.node.test, rule.from)) return;
    const sw = parentOf(c)!;
    if (sw.node.type === 'SwitchStatement' && applies(statusTie(sw.get('discriminant')))) ctx.manual(change, c, rule.message, c.node.test);
  });
};

// ------------------------------------------------------------------------------------------- other

export const obsoleteFilter: RuleImpl<'obsolete-filter'> = (ctx, change, rule) => {
  /** The predicate only keeps items whose `field` is null/undefined/falsy. */
  const onlyTestsField = (fn: Node): boolean => {
    if (!/Function/.test(fn.type) || fn.params.length !== 1) return false;
    const param = fn.params[0];
    let body = fn.body;
    if (body.type === 'BlockStatement') {
      if (body.body.length !== 1 || body.body[0].type !== 'ReturnStatement') return false;
      body = body.body[0].argument;
    }
    const isField = (n: Node): boolean => {
      if (param.type === 'Identifier') {
        return MEMBER.includes(n.type) && n.object.type === 'Identifier' && n.object.name === param.name && ctx.memberName(n) === rule.field;
      }
      if (param.type === 'ObjectPattern') return n.type === 'Identifier' && param.properties.some((p: Node) => ctx.keyName(p) === rule.field && p.value?.name === n.name);
      return false;
    };
    const isNullish = (n: Node) => n.type === 'NullLiteral' || (n.type === 'Identifier' && n.name === 'undefined') || (n.type === 'Literal' && n.value === null);
    const test = (n: Node): boolean => {
      if (n.type === 'UnaryExpression' && n.operator === '!') return isField(n.argument);
      if (n.type === 'BinaryExpression' && ['==', '==='].includes(n.operator)) {
        return (isField(n.left) && isNullish(n.right)) || (isField(n.right) && isNullish(n.left));
      }
      if (n.type === 'LogicalExpression' && n.operator === '||') return test(n.left) && test(n.right);
      return false;
    };
    return test(body);
  };
  ctx.nodesOf('CallExpression').forEach((call: Path) => {
    const callee = call.node.callee;
    if (!MEMBER.includes(callee.type) || ctx.memberName(callee) !== 'filter' || call.node.arguments.length !== 1) return;
    const list = callee.object;
    if (!MEMBER.includes(list.type) || ctx.memberName(list) !== rule.list) return;
    if (!onlyTestsField(call.node.arguments[0])) return;
    ctx.fix(change, list.end, call.node.end, '', `filter on \`${rule.field}\` removed: v2 leaves those ${rule.list} out`, call.node);
    ctx.j(call.get('arguments', 0)).find(ctx.j.Node).forEach((p: Path) => ctx.claimed.add(p.node));
  });
};

export const rangeConstraint: RuleImpl<'range-constraint'> = (ctx, change, rule) => {
  const field = rule.path[rule.path.length - 1]!;
  const parentPath = rule.path.slice(0, -1);
  const numeric = (n: Node): number | null => {
    if (n.type === 'NumericLiteral' || (n.type === 'Literal' && typeof n.value === 'number')) return n.value;
    if (n.type === 'UnaryExpression' && n.operator === '-') {
      const v = numeric(n.argument);
      return v === null ? null : -v;
    }
    return null;
  };
  ctx.nodesOf('ObjectExpression').forEach((obj: Path) => {
    const prop = ctx.propertyPath(obj, field);
    if (!prop) return;
    const value = numeric(prop.node.value);
    if (value === null || (value >= rule.min && value <= rule.max)) return;
    let tie: { resource: string; path: string[] } | null = ctx.requestTieOfObject(obj);
    if (!tie) {
      // Not sent in this file: the name it is given says what it is (`const elderProfile = { age: 121 }`).
      const parent = parentOf(obj)!.node;
      const name =
        parent.type === 'VariableDeclarator' && parent.id.type === 'Identifier'
          ? parent.id.name
          : parent.type === 'ObjectProperty' || parent.type === 'Property'
            ? ctx.keyName(parent)
            : null;
      const byName = name ? nounTie(name) : null;
      if (byName && !byName.list) tie = byName;
    }
    if (tie && tie.resource === rule.resource && pathMatches(parentPath, tie.path)) ctx.manual(change, prop, rule.message, prop.node.value);
  });
};

/** The implementation of every rule kind that does something in code. */
export const implementations: { [K in RuleKind]?: RuleImpl<K> } = {
  'token-audience': tokenAudience,
  'base-url': baseUrl,
  'request-field-removed': requestFieldRemoved,
  'obsolete-filter': obsoleteFilter,
  'response-field-moved': responseFieldMoved,
  'response-field-removed': responseFieldRemoved,
  'value-renamed': valueRenamed,
  'value-removed': valueRemoved,
  'status-changed': statusChanged,
  'range-constraint': rangeConstraint,
};

/** Kinds run in this order: a rule that claims a node first keeps it (audience before base URL, moves before removals). */
export const KIND_ORDER: RuleKind[] = Object.keys(implementations) as RuleKind[];
