import { api } from '../../../catalogue';
import { typeNameTie } from '../../engine/ties/types';
import { containerTie, containerType, encloses, type Ctx } from './context';
import { span, typeName, type TypeDecl } from './lang';
import type { SgNode } from '@ast-grep/napi';
import { positionalField, positionalFields } from './positional';
import { ownReads } from './own-reads';
import { handedEmbed } from './embed-functions';
import { expectsFailure } from './expected-failure';
import { selfMapped } from './self-mapped';
import { wrappedReceiver } from './wrappers';
import { fieldListTie, flattenedColumn, heldCollection } from './collections';
import { columnSite } from '../sql';
import { flattenedRead } from './flattened-reads';
import { chainSegments, dataSegments, memberName, type Segment, type ValueTie } from './ties';
import { norm, resourcesOfField, type FieldSite } from './vocabulary';
import { otherServiceAround } from './json';
import { formLookups } from './form-lookups';

/**
 * Fields: removed request fields as keys of literals sent to their resource (deleted where the tie is a URL
 * of the resource in the same call or through a variable in the same function, marked otherwise); fields of
 * model types (classes, structs, records, data classes) whose name designates a resource; reads of removed or
 * moved response fields through a value tied to the resource.
 */
export function fieldRules(ctx: Ctx): void {
  requestKeys(ctx);
  positionalRanges(ctx);
  positionalFields(ctx);
  namedFields(ctx);
  modelFields(ctx);
  formLookups(ctx);
  reads(ctx);
}

function requestKeys(ctx: Ctx): void {
  const { file, vocab, out } = ctx;
  for (const pair of file.x.pairs) {
    // A named argument or field of a model maps to the JSON key its annotation gives (`Profile(heightCm = …)`).
    let type = pair.named && ctx.index.keysOf(pair.key).length > 0 ? containerType(ctx, pair.container) : null;
    const key = (type && ctx.index.model(type)?.keys.get(pair.key)) || pair.key;
    // `Profile(height: h)` where the model reads `height` from `height_in`: still the removed `height`.
    const k = norm(unitQualified(vocab, pair.key, key) ? pair.key : key);
    const range = vocab.ranges.find((r) => norm(r.rule.path[r.rule.path.length - 1]!) === k);
    if (!vocab.fieldNames.has(k) && !range) continue;
    type ??= pair.named ? containerType(ctx, pair.container) : null;
    const tie = containerTie(ctx, pair.container);
    if (!tie) continue;
    // A call named for a resource in a block that stubs another service's address and no path of this API's (a
    // helpdesk spec's `client.file_complaint(…, extra: …)` beside `stub_request(:post, "https://help…/tickets/")`).
    if (tie.via !== 'url' && !tie.stub && otherServiceAround(ctx, pair)) continue;
    const path = [...tie.path, k];
    // An endpoint's keyword (`create_interview(age: 1)`) is the field itself, wherever the body nests it.
    const rangePath = range?.rule.path.map(norm) ?? [];
    const endpointField = !!tie.endpoint && tie.path.length === 0 && tie.resource === range?.rule.resource && rangePath[rangePath.length - 1] === k;
    if (range && (path.join('.') === rangePath.join('.') || endpointField)) {
      const v = Number(pair.value?.text());
      if (pair.value && Number.isFinite(v) && /^\d+$/.test(pair.value.text()) && (v < range.rule.min || v > range.rule.max) && out.has(range.change.id) && !expectsFailure(file, pair.node)) {
        out.manual(range.change.id, span(pair.value).start, span(pair.value).end, range.rule.message, { anchor: span(pair.node).start });
      }
      continue;
    }
    // A model built with a field its responses no longer carry (a test's `Option{Preselected: &yes}`).
    const built = type && ctx.ties.model(type) ? vocab.fields(tie.resource, path, 'response') : [];
    // A literal given with the resource's URL that names a field only its responses carried: a stubbed response
    // (`mocked.get(url, payload={…})`, `stub(url).to_return(body: {…})`), reported, never deleted.
    // So is one a test file holds under the resource's name (`RESULT_PAYLOAD = {"advice": …}` in a conftest).
    const stubbed = (tie.via === 'url' || tie.stub || (tie.via === 'name' && TEST_FILE.test(ctx.filePath ?? ''))) && built.length === 0 ? vocab.fields(tie.resource, path, 'response') : [];
    const sites = tie.answer ? vocab.fields(tie.resource, path, 'response') : [...vocab.fields(tie.resource, path, 'request'), ...built, ...stubbed];
    if (sites.length === 0) continue;
    const site = sites[0]!;
    if (!out.has(site.change.id)) continue;
    if (site.auto && tie.sent && tie.path.length === 0 && !pair.named) {
      const [start, end] = entryRange(file.source, pair.start, pair.end);
      if (out.fix(site.change.id, start, end, '', `${site.message} (removed)`)) continue;
    }
    out.manual(site.change.id, span(pair.keyNode).start, span(pair.keyNode).end, site.message, { anchor: span(pair.node).start, subject: pair.key });
  }
}

/** A test's file: under a tests or spec folder, or named as a test or pytest's conftest. */
const TEST_FILE = /(?:^|[\\/])(?:tests?|spec|specs|__tests__)[\\/]|(?:^|[\\/])(?:test_\w+|conftest)\.py$|[_.-](?:test|spec)\.\w+$/;

/** A key that only qualifies a field's name with a unit (`height_in` for `height`), the name being a changed field. */
function unitQualified(vocab: Ctx['vocab'], name: string, key: string): boolean {
  const n = norm(name);
  const k = norm(key);
  return vocab.fieldNames.has(n) && !vocab.fieldNames.has(k) && k.startsWith(`${n}_`) && k.split('_').length === n.split('_').length + 1;
}

/** A number out of a field's range passed by position to a record's constructor (`new Profile(1, "male")`). */
function positionalRanges(ctx: Ctx): void {
  const { file, vocab, out } = ctx;
  if (vocab.ranges.length === 0) return;
  for (const call of file.x.calls) {
    for (const arg of call.args) {
      const v = Number(arg.text());
      if (!/^\d+$/.test(arg.text())) continue;
      const field = positionalField(ctx, arg);
      if (!field) continue;
      const path = [...field.tie.path, field.key].join('.');
      for (const range of vocab.ranges) {
        if (range.rule.resource !== field.tie.resource || range.rule.path.map(norm).join('.') !== path || !out.has(range.change.id)) continue;
        if ((v < range.rule.min || v > range.rule.max) && !expectsFailure(file, arg)) out.manual(range.change.id, span(arg).start, span(arg).end, range.rule.message, { anchor: span(call.node).start });
      }
    }
  }
}

/** The entry with its separating comma; the whole line when the entry is alone on it. */
export function entryRange(src: string, start: number, end: number): [number, number] {
  let e = end;
  const after = /^[ \t]*,/.exec(src.slice(e));
  let s = start;
  if (after) e += after[0].length;
  else {
    const before = /,[ \t]*(\r?\n[ \t]*)?$/.exec(src.slice(Math.max(0, s - 200), s));
    if (before) s -= before[0].length;
  }
  const lineStart = src.lastIndexOf('\n', s - 1) + 1;
  const nl = src.indexOf('\n', e);
  const lineEnd = nl < 0 ? src.length : nl + 1;
  if (/^[ \t]*$/.test(src.slice(lineStart, s)) && /^[ \t]*(\/\/[^\n]*|#[^\n]*)?\r?\n?$/.test(src.slice(e, lineEnd)) && !/^[ \t]*(\/\/|#)/.test(src.slice(e, lineEnd).trim() ? src.slice(e, lineEnd) : '')) {
    return [lineStart, lineEnd];
  }
  if (after) {
    const ws = /^[ \t]*/.exec(src.slice(e))![0];
    e += ws.length;
  }
  return [s, e];
}

/**
 * Field names as plain strings where they can only mean the field: in the body of a model type
 * (`for key in ("race", "height")`), or in a function that sends to one resource only
 * (`compact('intent', 'detail')`, `attrs.slice(:detail, :context)`, `array_flip(['text', 'extra'])`).
 */
function namedFields(ctx: Ctx): void {
  const { file, vocab, out } = ctx;
  const keys = new Set(file.x.pairs.map((p) => span(p.keyNode).start));
  // The key an annotation gives a model field (`@JsonProperty("interview_mode")` above it) stands for the field: through its name.
  const fieldEnd = new Map(file.x.types.flatMap((t) => t.fields.filter((f) => f.keyNode).map((f) => [span(f.keyNode!).start, span(f.nameNode).end] as const)));
  for (const lit of file.lits) {
    const k = norm(lit.text);
    if (!lit.simple || keys.has(lit.start)) continue;
    if (!vocab.fieldNames.has(k)) {
      const held = /_/.test(k) ? heldCollection(ctx, lit) : null;
      const listed = held ? fieldListTie(held.name) : null;
      const flat = listed ? flattenedColumn(vocab, held!.name, listed, k) : undefined;
      if (flat && out.has(flat.change.id)) out.manual(flat.change.id, lit.start, lit.end, flat.message, { anchor: lit.start, subject: lit.text });
      continue;
    }
    // A capitalised word is a label (`Text("Advice")` in a `ResultView`), never how code spells a key of the API's JSON.
    if (/^[A-Z]/.test(lit.text)) continue;
    if (file.x.pairs.some((p) => p.value && span(p.value).start === lit.start)) continue;
    // A subscript (`item["extra"]`) is a read, which `reads` reports; an array literal (`(['text', 'extra'])`) is not one.
    if (/[\w\])]\s*\[\s*$/.test(file.source.slice(Math.max(0, lit.start - 40), lit.start))) continue;
    let site: FieldSite | undefined;
    const outer = file.x.types.find((t) => encloses(t.node, lit.node) && ctx.ties.model(t.name));
    // `defp profile_changeset(p, attrs), do: cast(p, attrs, [:race])` handed to `cast_embed(:profile, with: …)`: the embed's keys.
    const embed = outer ? handedEmbed(ctx, outer, lit.node) : null;
    const type = embed && ctx.ties.model(embed.name) ? embed : outer;
    // `PROFILE_ATTRIBUTES = %i[age sex race]`, `INTENT_FIELDS = ("kind", "detail")`: a list of a part's fields, by its name.
    const held = heldCollection(ctx, lit);
    const listed = held ? fieldListTie(held.name) : null;
    if (listed) {
      const path = [...listed.path, k];
      site = vocab.fields(listed.resource, path, 'request')[0] ?? vocab.fields(listed.resource, path, 'response')[0] ?? flattenedColumn(vocab, held!.name, listed, k);
      if (site && out.has(site.change.id)) out.manual(site.change.id, lit.start, lit.end, site.message, { anchor: lit.start, subject: lit.text });
      continue;
    }
    if (type) {
      const tie = ctx.ties.model(type.name)!;
      const path = [...tie.path, k];
      site = vocab.fields(tie.resource, path, 'request')[0] ?? vocab.fields(tie.resource, path, 'response')[0];
      // An ORM model's list of its table's columns (CodeIgniter's `$allowedFields`, Eloquent's `$fillable`): a row of the
      // resource flattened, its parts' fields among its columns (`bmi` of the interview's profile).
      if (!site && tie.path.length === 0 && held && COLUMN_LISTS.test(held.name)) site = columnSite(vocab, k, new Set([tie.resource]));
      // The declaration of a field the model fills from the moved key itself (`attr_reader :msg`): the read changes, not it.
      const declared = type.fields.find((f) => span(f.nameNode).start === lit.start);
      if (site && declared && movedWithin(site, path) && mappedFields(ctx, type).includes(declared.name)) continue;
    } else {
      const scope = file.scopeOf(lit.node);
      if (scope === file.root) continue;
      // `for k in ("height", "weight")` in a function that builds a model (`profile: ProfilePayload = …`, `-> ProfilePayload`).
      const built = /^(tuple|list|set|array)$/.test(lit.node.parent()?.kind() as string) ? builtModel(ctx, scope) : null;
      if (built) {
        const path = [...built.path, k];
        site = vocab.fields(built.resource, path, 'request')[0] ?? vocab.fields(built.resource, path, 'response')[0];
        if (site && out.has(site.change.id)) out.manual(site.change.id, lit.start, lit.end, site.message, { anchor: lit.start, subject: lit.text });
        continue;
      }
      const resources = new Set(file.resourcesIn(scope).map((r) => r.resource));
      if (resources.size !== 1) continue;
      site = vocab.fields([...resources][0]!, [k], 'request')[0];
      if (!file.x.calls.some((c) => c.args.some((a) => encloses(a, lit.node)))) site = undefined;
    }
    if (site && out.has(site.change.id)) out.manual(site.change.id, lit.start, Math.max(lit.end, fieldEnd.get(lit.start) ?? 0), site.message, { anchor: lit.start, subject: lit.text });
  }
}

/** The lists an ORM model names its table's columns with (CodeIgniter, Eloquent). */
const COLUMN_LISTS = /^(?:allowedFields|fillable)$/;

/** The model a function builds: the type it returns, or one a variable of its own is declared with. */
function builtModel(ctx: Ctx, fn: SgNode): ValueTie | null {
  const own = ctx.file.functions().find((f) => f.start === span(fn).start && f.end === span(fn).end);
  const head = fn.text().slice(0, Math.max(0, fn.text().search(/[:{]\s*\n/)) || 120);
  const returned = own?.name ? /(?:->|\)\s*:)\s*([A-Z]\w*)\s*$/.exec(head.trim())?.[1] : undefined;
  const local = ctx.file.x.decls.find((d) => d.type && encloses(fn, d.node) && ctx.ties.model(typeName(d.type)))?.type;
  const t = (returned ? ctx.ties.model(returned) : null) ?? (local ? ctx.ties.model(typeName(local)) : null);
  return t;
}

function modelFields(ctx: Ctx): void {
  const { file, vocab, out } = ctx;
  for (const [i, type] of file.x.types.entries()) {
    const tie = ctx.ties.model(type.name);
    if (!tie) continue;
    // Another name for a type declared before it (Go's `type CreateComplaintJSONBody Complaint`): its fields are that type's.
    if (file.x.types.slice(0, i).some((t) => t.fields === type.fields && t.fields.length > 0)) continue;
    const request = typeNameTie(type.name)?.role === 'request';
    const mapped = mappedFields(ctx, type);
    for (const f of type.fields) {
      // A key that only qualifies the field's name with a unit (`height` read from `height_in`) is still that field.
      const k = norm(f.key && unitQualified(vocab, f.name, f.key) ? f.name : f.key ?? f.name);
      const prefixed = vocab.fieldNames.has(k) ? null : prefixedField(vocab, tie, k);
      if (!vocab.fieldNames.has(k) && !prefixed) continue;
      let path = prefixed ?? [...tie.path, k];
      // A model that flattens a part of its resource into its own fields (`InterviewData` with `$race` from
      // `profile.race`): a field named as a removed field of a part one level down is that field.
      if (!prefixed && tie.path.length === 0 && vocab.fields(tie.resource, path, 'response').length + vocab.fields(tie.resource, path, 'request').length === 0) path = flattened(vocab, tie, k) ?? path;
      const resp = vocab.fields(tie.resource, path, 'response');
      const req = vocab.fields(tie.resource, path, 'request');
      const site: FieldSite | undefined = (request ? req[0] ?? resp[0] : resp[0] ?? req[0]);
      if (!site || !out.has(site.change.id)) continue;
      // A field the model fills from a key read in its own body keeps its value where the key moves: the read changes.
      if (mapped.includes(f.name) && movedWithin(site, path)) continue;
      // The key its annotation gives (often on the line above) through the field's name: both lines are the field.
      const key = f.keyNode ? span(f.keyNode) : span(f.nameNode);
      out.manual(site.change.id, key.start, Math.max(key.end, span(f.nameNode).end), site.message, { anchor: span(f.node).start, subject: f.key ?? f.name });
      for (const g of [...accessorsOf(ctx, type, f.name), ...initializingFormals(ctx, type, f.name)]) out.manual(site.change.id, g.start, g.end, site.message, { anchor: g.start, subject: f.key ?? f.name });
      ownReads(ctx, type, f, site);
    }
  }
}

/** A field one level down its resource (`profile.race`) that a flattened model declares as its own (`race`): its path, or null. */
function flattened(vocab: Ctx['vocab'], tie: ValueTie, k: string): string[] | null {
  const flat = [...resourcesOfField(vocab, k, 'response'), ...resourcesOfField(vocab, k, 'request')].filter((r) => r.resource === tie.resource && r.path.length === 2);
  return flat.length > 0 && flat.every((r) => r.path.join('.') === flat[0]!.path.join('.')) ? flat[0]!.path : null;
}

/**
 * A flat table's column named for a part of the model's resource and one of its changed fields (`profile_race`,
 * `potential_condition_triage` in an ORM model of the interview or the result): that field's path, or null.
 */
function prefixedField(vocab: Ctx['vocab'], tie: ValueTie, key: string): string[] | null {
  if (tie.path.length > 0) return null;
  for (const s of Object.values(api.subjects)) {
    if (s.parent !== tie.resource) continue;
    const part = s.path.filter((p) => p !== '*').map(norm);
    const prefix = `${part[part.length - 1]}_`;
    const rest = key.startsWith(prefix) ? key.slice(prefix.length) : '';
    if (!vocab.fieldNames.has(rest)) continue;
    const path = [...part, rest];
    if (vocab.fields(tie.resource, path, 'response').length + vocab.fields(tie.resource, path, 'request').length > 0) return path;
  }
  return null;
}

/** White space and whole comments (a `// TODO(sc-migrate/…)` line, a block comment) between two tokens. */
const GAP = String.raw`(?:\s|//[^\n]*\n|/\*[\s\S]*?\*/)*`;

/**
 * A constructor's parameters that set one of the type's fields by its name (Dart's `Complaint({required this.text,
 * this.extra})`, Swift's `init(bmi: Double? = nil) { self.bmi = bmi }`): callers give the field through them, so they go with it.
 */
function initializingFormals(ctx: Ctx, type: TypeDecl, field: string): { start: number; end: number }[] {
  const at = span(type.node);
  const text = ctx.file.source.slice(at.start, at.end);
  const f = field.replace(/\W/g, '');
  // Comment lines may stand between (the marker a first run wrote above the formal).
  const re = new RegExp(`([({,\\[]${GAP}(?:required\\s+)?)this\\.${f}\\b(?=\\s*(?:[,)}\\]]|=[^=]))`, 'g');
  const out = [...text.matchAll(re)].map((m) => ({ start: at.start + m.index! + m[1]!.length, end: at.start + m.index! + m[0].length }));
  // Swift's memberwise `init(…, bmi: Double? = nil) { … self.bmi = bmi }`: the parameter and the assignment.
  for (const init of ctx.file.within(type.node, ['init_declaration'])) {
    const body = span(init);
    const src = ctx.file.source.slice(body.start, body.end);
    const assign = new RegExp(`\\bself\\.${f}\\s*=\\s*${f}\\b`).exec(src);
    if (!assign) continue;
    const param = new RegExp(`([(,]${GAP})${f}\\s*:`).exec(src);
    if (param) out.push({ start: body.start + param.index + param[1]!.length, end: body.start + param.index + param[0].length - 1 });
    out.push({ start: body.start + assign.index, end: body.start + assign.index + assign[0].length });
  }
  return out;
}

/**
 * The accessors a model type declares for one of its fields (`getAdvice()`, `isPreselected()`): other code reads
 * the field through them, so they go with it. Only methods of the type itself, not of a type nested in it.
 */
function accessorsOf(ctx: Ctx, type: TypeDecl, field: string): { start: number; end: number }[] {
  const { file } = ctx;
  const cap = field.charAt(0).toUpperCase() + field.slice(1);
  const names = new Set([`get${cap}`, `is${cap}`]);
  const found: { start: number; end: number }[] = [];
  for (const fn of file.functions()) {
    if (!fn.name || !names.has(fn.name) || !encloses(type.node, fn.node)) continue;
    const inner = file.x.types.filter((t) => t !== type && encloses(type.node, t.node) && encloses(t.node, fn.node));
    if (inner.length > 0) continue;
    const at = fn.node.text().indexOf(fn.name);
    if (at >= 0) found.push({ start: fn.start + at, end: fn.start + at + fn.name.length });
  }
  return found;
}

function reads(ctx: Ctx): void {
  const { file, vocab, out, ties } = ctx;
  const kinds = new Set(file.spec.chainKinds);
  // Fields the file's own types declare only unserialised (`json:"-"`, a Go `context.Context`): never read from an answer.
  const declared = file.x.types.flatMap((t) => t.fields);
  const unserialised = new Set(declared.filter((f) => f.key === '-' && declared.every((g) => g.name !== f.name || g.key === '-')).map((f) => f.name));
  for (const node of file.within(file.root, file.spec.chainKinds)) {
    const parent = node.parent();
    if (parent && kinds.has(parent.kind() as string) && span(parent).start === span(node).start) continue;
    const all = chainSegments(node.text(), span(node).start);
    const segs = all.filter((s, k) => k === 0 || !isTransparent(s));
    for (let j = 1; j < segs.length; j++) {
      const seg = segs[j]!;
      const name = memberName(seg);
      const k = norm(name);
      // A model's field may be named apart from its JSON key (`val weightKg` read from `weight`).
      const renamed = ctx.index.keysOf(name).some((x) => vocab.fieldNames.has(norm(x)));
      // A method called without arguments (`$result->conditionTriage()`) is the same reader.
      if (!vocab.fieldNames.has(k) && !renamed && (!seg.call || seg.parens) && ctx.index.derivedNames.has(name)) derivedRead(ctx, segs.slice(0, j), seg, node);
      if (!vocab.fieldNames.has(k) && !renamed && !seg.call && /^[a-z]\w*(?:_|[a-z][A-Z])/.test(name)) flattenedRead(ctx, segs.slice(0, j), seg, node);
      if ((!vocab.fieldNames.has(k) && !renamed) || seg.call || unserialised.has(name)) continue;
      // `Types::InterviewMode.valid?(m)`, `Api\\InterviewMode::COMPLAINT`: a type or constant of a namespace, not a field.
      if (/^[A-Z]/.test(name) && file.source.slice(segs[j - 1]!.end, seg.start).includes('::')) continue;
      const prefix = dataSegments(segs.slice(0, j));
      let tie = prefix.length > 0 && !isReceiverOnly(segs.slice(0, j)) ? ties.ofChain(prefix, node) : null;
      // `self[:advice]` in a presenter that wraps a result (wrappers.ts).
      const wrapped = tie ? null : wrappedReceiver(ctx, segs[0]!, node);
      if (wrapped && isReceiverOnly(segs.slice(0, 1))) tie = segs.slice(1, j).reduce((t, s) => ties.step(t, memberName(s)), wrapped);
      let site: FieldSite | undefined;
      const path = tie ? ties.step(tie, name).path : [];
      if (tie) site = vocab.fields(tie.resource, path, 'response')[0];
      // A field of a flattened model of the resource (a Django `Interview` row's `bmi`, stored from `profile.bmi`).
      const own = tie?.model && tie.path.length === 0 ? ctx.index.model(tie.model) : null;
      if (!site && tie && own?.keys.has(name)) {
        const flat = flattened(vocab, tie, k);
        if (flat) site = vocab.fields(tie.resource, flat, 'response')[0];
      }
      // A field of a model that reads the moved key itself (self-mapped.ts) is the app's own, read as before; the read of
      // the key out of the answer (`msg: hash["msg"]` in the model's own `from_hash`) is the one that changes.
      const keyRead = /[[(,]\s*["':]$/.test(file.source.slice(Math.max(0, seg.start - 4), seg.start));
      if (site && !keyRead && tie?.model && ctx.index.model(tie.model)?.selfMapped?.has(name) && movedWithin(site, path)) continue;
      if (!site && vocab.distinctive.has(k) && ctx.tied) {
        const where = resourcesOfField(vocab, k, 'response');
        const pick = where[where.length - 1];
        if (pick) site = vocab.fields(pick.resource, pick.path, 'response')[0];
      }
      if (!site || !out.has(site.change.id)) continue;
      out.manual(site.change.id, seg.start, seg.end, site.message, { anchor: seg.start, subject: seg.name });
    }
  }
}

/**
 * A call of a model's derived reader (`result.advice_text`, derived.ts) on a value tied to that model, or to its
 * resource where every model of the run that declares the method is that resource's: a read of the field it reads.
 */
function derivedRead(ctx: Ctx, before: Segment[], seg: Segment, node: SgNode): void {
  const prefix = dataSegments(before);
  if (prefix.length === 0 || isReceiverOnly(before)) return;
  const tie = ctx.ties.ofChain(prefix, node);
  if (!tie) return;
  const own = tie.model ? ctx.index.model(tie.model) : null;
  const models = own ? [own] : ctx.index.modelsWith(seg.name).filter((m) => m.resource === tie.resource && m.path.join('.') === tie.path.join('.'));
  for (const m of models) {
    for (const p of m.derived?.get(seg.name) ?? []) {
      // A field of the model named for a part of the resource (`$this->potentialCondition['triage']`): the part's path.
      const part = tie.path.length === 0 ? Object.values(api.subjects).find((x) => x.parent === tie.resource && x.nouns.some((n) => norm(n) === p[0])) : undefined;
      const site = ctx.vocab.fields(tie.resource, [...tie.path, ...p], 'response')[0] ?? (part ? ctx.vocab.fields(tie.resource, [...part.path, ...p.slice(1)], 'response')[0] : undefined);
      if (!site || !ctx.out.has(site.change.id)) continue;
      ctx.out.manual(site.change.id, seg.start, seg.end, site.message, { anchor: seg.start, subject: seg.name });
      return;
    }
  }
}

/**
 * A field moved inside the object that held it (`msg` to `_links.msg`): a model that reads the key itself reaches the
 * new place from the same answer. Moved out of it (`potential_condition.triage` to the result's `triage`), the model
 * can no longer fill the field.
 */
function movedWithin(site: FieldSite, path: readonly string[]): boolean {
  if (site.kind !== 'moved' || !site.to) return false;
  const to = site.to.filter((p) => p !== '*').map(norm);
  const parent = path.slice(0, -1);
  return to.length > parent.length && parent.every((p, i) => to[i] === p);
}

function isReceiverOnly(segs: Segment[]): boolean {
  return dataSegments(segs).length === 0;
}

function isTransparent(s: Segment): boolean {
  return dataSegments([{ name: '_', start: 0, end: 0, call: false }, s]).length === 1;
}

/** The fields a model maps itself: from a key read in its own body, or given where it is built (self-mapped.ts). */
function mappedFields(ctx: Ctx, type: TypeDecl): string[] {
  return [...selfMapped(ctx.file, type), ...(ctx.index.model(type.name)?.selfMapped ?? [])];
}
