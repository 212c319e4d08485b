import { keyName, type Node, type Path } from '../ast';
import { modelDefaultsTie } from '../ties/resource-models';
import { tieOf } from '../ties/flow';
import { camelName, memberPath, pathMatches, type Tie } from '../ties/tie';
import { pathReads } from './path-reads';
import { pickedMembers } from './picked-members';
import { jsdocMembers } from './jsdoc-models';
import { forwardedDestructured, interfaceMembers, memberMessage, memberReads, patternReads, typedLiterals } from './reads';
import type { RuleImpl } from './types';
import { copiedIntoMember } from './copied-members';
import { mirroredStateMembers } from '../ties/vuex';
import { setterStoreMembers } from '../ties/setter-stores';
import { assertedFixtureValues } from './fixture-assertions';
import { routeDataMembers } from '../ties/route-data';

/** Reads of a field v2 responses no longer carry are marked; so are the type members that declare it. */
export const responseFieldRemoved: RuleImpl<'response-field-removed'> = (ctx, change, rule) => {
  const field = rule.path[rule.path.length - 1]!;
  // A client that camel-cases keys reads `interview_mode` as `interviewMode`.
  const names = new Set([field, ...(camelName(field) ? [camelName(field)!] : [])]);
  const matches = (tie: Tie | null, name: string) =>
    !!tie && tie.role !== 'request' && tie.resource === rule.resource && !tie.list && pathMatches(rule.path, memberPath(tie, name));
  // Names only this API uses (snake_case) are reads of the field wherever they appear.
  const distinctive = field.includes('_');
  memberReads(ctx, names, (path: Path, name) => {
    if (ctx.claimed.has(path.node)) return;
    const tie = tieOf(ctx, path.get('object'));
    if (matches(tie, name) || (distinctive && name === field && !tie && rule.path.length === 1)) {
      ctx.manual(change, path, rule.message, path.node.property, field);
      // …and the member of the file's own type it is copied into (`session = { marketplace: interview.marketplace }`).
      const member = tie ? copiedIntoMember(ctx, path) : null;
      if (member && !ctx.claimed.has(member.node.key)) ctx.manual(change, member, memberMessage(rule.message), member.node.key, field);
    }
  });
  // `_.get(result, 'advice')`, `_.get(interview, ['profile', 'bmi'])`.
  pathReads(ctx, (literal, segments, tie) => {
    if (!tie || tie.role === 'request' || tie.resource !== rule.resource || tie.list) return;
    if (pathMatches(rule.path, [...tie.path, ...segments].slice(0, tie.path.length + rule.path.length - tie.path.length))) {
      ctx.manual(change, literal, rule.message, literal.node, field);
    }
  });
  patternReads(ctx, names, (prop, name, tie) => {
    if (!matches(tie, name)) return;
    ctx.manual(change, prop, rule.message, prop.node.key, field);
    // Where the destructured value is forwarded into another object further down.
    for (const use of forwardedDestructured(ctx, prop)) {
      const what = use.node.name === field ? `\`${field}\` destructured above is passed on here` : `\`${use.node.name}\` (the \`${field}\` destructured above) is passed on here`;
      ctx.manual(change, use, `${what}: ${rule.message}`, use.node, field);
    }
  });
  pickedMembers(ctx, rule.resource, (literal, path, role) => {
    if (role === 'response' && pathMatches(rule.path, path)) ctx.manual(change, literal, memberMessage(rule.message), literal.node, field);
  });
  for (const m of jsdocMembers(ctx, rule.resource)) {
    if (m.role === 'response' && pathMatches(rule.path, m.path)) ctx.manualAt(change, m.start, m.end, m.comment, memberMessage(rule.message), field);
  }
  // A route module's answer type, for the members its loader fills by copying the field (`advice: string | null`).
  routeDataMembers(ctx, (member, tie) => {
    if (tie.resource === rule.resource && pathMatches(rule.path, tie.path)) ctx.manual(change, member, memberMessage(rule.message), member.node.key, field);
  });
  // A model's `defaults` (Backbone's `defaults: { marketplace: null }` of a model addressing the resource): attributes
  // it holds, filled from the resource's answers.
  for (const obj of ctx.nodesOf('ObjectExpression')) {
    const t = modelDefaultsTie(ctx, obj);
    if (!t || t.resource !== rule.resource) continue;
    obj.node.properties.forEach((p: Node, i: number) => {
      const k = keyName(p);
      if (k && names.has(k) && !ctx.claimed.has(p.key) && pathMatches(rule.path, [...t.path, k])) ctx.manual(change, obj.get('properties', i), `${rule.message.split(';')[0]!.replace(/\.$/, '')}; remove it from this model's defaults.`, p.key, field);
    });
  }
  // Fixtures and mocks written with the model's type.
  typedLiterals(ctx, rule.resource, (prop, path) => {
    if (pathMatches(rule.path, path)) ctx.manual(change, prop, `${rule.message.split(';')[0]!.replace(/\.$/, '')}; remove it from this value.`, prop.node.key, field);
  });
  // Tests that check the text of a fixture's removed field (`getByText('Rest and drink plenty of fluids.')`).
  if (rule.path.length === 1) {
    assertedFixtureValues(ctx, rule.resource, field, (literal) => ctx.manual(change, literal, `${rule.message.split(';')[0]!.replace(/\.$/, '')}; this test expects the \`${field}\` of a fixture it imports.`, literal.node, field));
  }
  // A Vuex module's initial state, for the fields its mutations copy from the resource.
  mirroredStateMembers(ctx, (prop, tie) => {
    if (tie.resource === rule.resource && pathMatches(rule.path, tie.path)) ctx.manual(change, prop, `${rule.message.split(';')[0]!.replace(/\.$/, '')}; remove it from this state.`, prop.node.key, field);
  });
  // A zustand store's initial state and state type, for the members its `set` calls copy from the resource.
  setterStoreMembers(ctx, (prop, tie) => {
    if (tie.resource === rule.resource && pathMatches(rule.path, tie.path) && !ctx.claimed.has(prop.node.key)) ctx.manual(change, prop, `${rule.message.split(';')[0]!.replace(/\.$/, '')}; remove it from this store's state.`, prop.node.key, field);
  });
  interfaceMembers(ctx, (member, path, role, model, site) => {
    if (role === 'response' && pathMatches(rule.path, path)) ctx.manual(change, member, memberMessage(rule.message, model), site, field);
  }, rule.resource);
};
