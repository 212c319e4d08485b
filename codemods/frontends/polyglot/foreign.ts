import type { SgNode } from '@ast-grep/napi';
import { api } from '../../../catalogue';
import { findV1Urls } from '../../../config/urls';
import { words } from '../../engine/words';
import { encloses, type Ctx } from './context';
import { apiHosts, escapeRe } from './file';
import { typeName } from './lang';
import { apiWords } from '../config/vocab';
import { modeOwnerTie, modelTie, saysMode } from './ties';
import { headNamesAnotherThing } from '../../engine/ties/mode-types';

/**
 * Another thing's values in a file that talks to this API: a helpdesk ticket's `mode`, a settings block of
 * another service. A mode word alone does not make a value this API's mode when the code says whose it is:
 * - a type the code declares that is no model of this API (`Ticket`) owns it, by its name (`TicketModeComplaint`,
 *   `cfg.Helpdesk.TicketMode`) or as the value it is read from (`t := &Ticket{}` … `t.Mode == "complaint"`);
 * - it sits in a literal beside an absolute address on another host (`{"BASE_URL": "https://help.example.com/api/",
 *   "DEFAULT_MODE": "complaint"}`).
 */

/** A type declared in this file or in the run's files of its language that is no model of this API and no mode type. */
export function foreignType(ctx: Ctx, name: string | null): boolean {
  if (!name || !/^[A-Z]/.test(name) || saysMode(name)) return false;
  const declared = ctx.file.x.types.some((t) => t.name === name) || ctx.index.declares(name);
  return declared && !modelTie(name) && !ctx.index.model(name);
}

/** A name whose words, beside the mode word and the mode values, name such a type (`TicketModeComplaint`, `ticket_mode`). */
export function foreignName(ctx: Ctx, name: string): boolean {
  const w = words(name).filter((x) => !saysMode(x) && !ctx.vocab.modes.has(x));
  const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  for (let i = 0; i < w.length; i++) {
    for (let j = i + 1; j <= Math.min(w.length, i + 3); j++) if (foreignType(ctx, w.slice(i, j).map(cap).join(''))) return true;
  }
  return false;
}

/** Words that qualify a mode type without naming another thing (`ModeName`, `InitialMode`, `ModeValue`). */
const PLAIN = new Set(['name', 'names', 'value', 'values', 'type', 'types', 'kind', 'enum', 'option', 'options', 'code', 'codes', 'wire', 'api', 'initial', 'default', 'current', 'start', 'starting', 'next', 'known', 'all', 'valid', 'allowed']);

/**
 * Whether a type or constant group whose name says mode holds this API's interview modes: it names the
 * resource (`InterviewMode`), or, in a file that talks to the API, nothing but the mode word, plain words and
 * the API's own name (`Mode`, `ModeName`, `ScMode`); so too a group of that name that such a file uses. A mode type qualified by another noun (`TicketMode`,
 * `ThemeMode`) is another thing's, even beside the API's own `Mode`.
 */
export function ourModeType(ctx: Ctx, name: string): boolean {
  if (modeOwnerTie(name)) return true;
  // A group a file that talks to the API uses (`SC_Modes::all()`) is read as if its own file did.
  if ((!ctx.tied && !ctx.index.modeGroup(name)) || foreignName(ctx, name)) return false;
  const a = apiWords(ctx.file.config);
  const own = (w: string) => saysMode(w) || ctx.vocab.modes.has(w) || PLAIN.has(w) || a.words.has(w) || a.phrases.some((p) => p.includes(w)) || a.prefixes.includes(w);
  return words(name).every(own);
}

/** A value read from a variable of such a type (`t.Mode` where `t := &Ticket{}` or `Ticket t`), or through a chain naming one. */
export function foreignOwner(ctx: Ctx, chain: SgNode): boolean {
  const names = [...chain.text().matchAll(/[A-Za-z_]\w*/g)].map((m) => m[0]);
  if (names.length < 2) return false;
  if (names.slice(0, -1).some((n) => foreignName(ctx, n))) return true;
  return foreignValue(ctx, names[0]!, chain, 0);
}

/** How many encodings and decodings foreignValue follows back (`json` ← `data` ← `ticket`). */
const PASSES = 3;

/** A call that encodes or decodes a value it is given (`JSONEncoder().encode(t)`, `jsonObject(with:)`, `json.loads(s)`). */
const CODEC = /\b(?:encode|decode|jsonObject|dumps?|loads?|parse|stringify|serialize|deserialize|marshal|unmarshal|readValue|writeValueAsString|toJson|fromJson)\s*\(/i;

/** Whether a local's value is another thing's: declared as, built as, decoded as, or received from it. */
function foreignValue(ctx: Ctx, name: string, at: SgNode, depth: number): boolean {
  for (const d of ctx.file.declsOf(name, at)) {
    // Received from another service's address (`body = called_json(m, "POST", ZENDESK_API + "tickets.json")`).
    if (d.init && (foreignAddressIn(ctx, d.init) || [...d.init.text().matchAll(/[A-Za-z_]\w*/g)].some((m) => ctx.index.foreignAddress(m[0])))) return true;
    // Built (`Ticket{…}`, `new Ticket(…)`), or decoded as that type (`JSONDecoder().decode(FeedbackTicket.self, from: b)`, `Ticket.fromJson(j)`).
    const init = d.init?.text().trim() ?? '';
    const built = /^&?\s*(?:new\s+)?([A-Z]\w*)\s*[({]/.exec(init)?.[1] ?? /\b([A-Z]\w*)\s*\.\s*(?:self|fromJson|from_json|model_validate|parse_obj)\b/.exec(init)?.[1] ?? null;
    if (foreignType(ctx, typeName(d.type)) || foreignType(ctx, built)) return true;
    // Encoded or decoded from one other local (`json = JSONSerialization.jsonObject(with: data)` where `data =
    // JSONEncoder().encode(ticket)`, `sent = json.loads(json.dumps(ticket))`): that local's owner.
    // Only through a call that encodes or decodes (a method's answer, `client.createInterview(…)`, is not its receiver's).
    if (!d.init || depth >= PASSES || !CODEC.test(d.init.text())) continue;
    const args = [...d.init.text().matchAll(/[(,:]\s*([a-z_]\w*)(?:\.\w+)*\s*(?=[),])/g)].map((m) => m[1]!);
    const locals = [...new Set(args)].filter((n) => n !== name && ctx.file.declsOf(n, d.init!).length > 0);
    if (locals.length === 1 && foreignValue(ctx, locals[0]!, d.init, depth + 1)) return true;
  }
  return false;
}

/** A literal holding an absolute address on a host that is neither a v1 nor a v2 host of this API. */
export function foreignAddressIn(ctx: Ctx, container: SgNode): boolean {
  const { file } = ctx;
  const hosts = apiHosts(file.config);
  const foreign = (text: string) => {
    const m = /^\s*https?:\/\/([^/\s:]+)/i.exec(text);
    return !!m && findV1Urls(file.config, text).length === 0 && !hosts.includes(m[1]!.toLowerCase());
  };
  if (file.lits.some((l) => encloses(container, l.node) && foreign(l.text))) return true;
  // Or a constant of the file that holds one (`std::string base_url{kHelpdeskBaseUrl};` in a settings struct).
  // A name the container declares itself (another class's `BaseUrl` property) is its own.
  const own = new Set(file.x.decls.filter((d) => encloses(container, d.node)).map((d) => d.name));
  const names = file.x.decls.filter((d) => d.init && !encloses(container, d.node) && !own.has(d.name) && foreign(file.lit(d.init)?.text ?? '')).map((d) => d.name);
  return names.some((n) => new RegExp(`\\b${escapeRe(n)}\\b`).test(container.text()));
}

/**
 * A request of a test to a route of the app's own that addresses no resource of this API (`self.fetch("/feedback",
 * …)`, `client.post("/tickets/", …)`): a path without a host, given first or second to a call (after its method).
 */
export function otherRouteIn(ctx: Ctx, container: SgNode): boolean {
  const { file } = ctx;
  return file.x.calls.some((c) => encloses(container, c.node) && c.args.slice(0, 2).some((a) => {
    const l = file.lit(a);
    return !!l && l.simple && OWN_PATH.test(l.text) && file.resourcesIn(a).length === 0 && !namesResource(l.text);
  }));
}

/** A path with a segment named for one of the API's resources (`/interviews`, `/interviews/1/mode`). */
function namesResource(path: string): boolean {
  const nouns = new Set(Object.values(api.resources).flatMap((r) => [r.segment, ...r.nouns]).map((w) => w.toLowerCase()));
  return path.toLowerCase().split('/').some((seg) => nouns.has(seg));
}

/** A path of the app's own, without a host: `/feedback`, `/tickets/7/`. */
const OWN_PATH = /^\/[A-Za-z][\w-]*(?:\/[\w.-]*)*$/;

/** A literal holding an address of this API (a v1 or a v2 host), or a use of one of its resources. */
export function ownAddressIn(ctx: Ctx, container: SgNode): boolean {
  const { file } = ctx;
  const hosts = apiHosts(file.config);
  if (file.resourcesIn(container).length > 0) return true;
  return file.lits.some((l) => encloses(container, l.node) && (findV1Urls(file.config, l.text).length > 0 || hosts.some((h) => l.text.includes(h))));
}

/**
 * A constant named like the constants that hold another service's address more than like those that hold this
 * API's: `BSC_HELPDESK_MODE_COMPLAINT` beside `BSC_HELPDESK_API_BASE = 'https://help.example.com/api/'` and
 * `BSC_PRODUCTION_API_BASE = 'https://…buoyhealth.com/api/'` shares two leading words with the helpdesk's, one with
 * the API's: the helpdesk's mode. A tie, or no address beside it, says nothing.
 */
export function prefixedLikeForeignAddress(ctx: Ctx, name: string): boolean {
  const own = words(name);
  if (own.length < 2) return false;
  const hosts = apiHosts(ctx.file.config);
  let api = 0;
  let other = 0;
  for (const d of ctx.file.x.decls) {
    if (!d.init || d.name === name) continue;
    const lit = ctx.file.lits.find((l) => encloses(d.init!, l.node) && /^\s*https?:\/\//i.test(l.text));
    if (!lit) continue;
    const theirs = words(d.name);
    let n = 0;
    while (n < own.length - 1 && n < theirs.length - 1 && own[n] === theirs[n]) n++;
    if (n === 0) continue;
    const m = /^\s*https?:\/\/([^/\s:]+)/i.exec(lit.text);
    const ours = findV1Urls(ctx.file.config, lit.text).length > 0 || (!!m && hosts.includes(m[1]!.toLowerCase()));
    if (ours) api = Math.max(api, n);
    else other = Math.max(other, n);
  }
  return other > api;
}

/**
 * Whether a group of constants sits in another thing's scope: a module or type around it that holds another service's
 * address and none of this API's (`module Helpdesk; BASE_URL = "https://help.example.com/api/"; module Modes …`), or
 * one nested in the app's own namespace whose name is another thing (`module Shop; module Helpdesk; module Modes`).
 * The outermost namespace is the app's or the company's (`module Acme`) and says nothing.
 */
export function inAnotherThingsScope(ctx: Ctx, group: SgNode): boolean {
  const kinds = new Set([...(ctx.file.spec.groupKinds ?? []), ...ctx.file.x.types.map((t) => t.node.kind() as string)]);
  const scopes: SgNode[] = [];
  for (let p = group.parent(); p; p = p.parent()) if (kinds.has(p.kind() as string)) scopes.push(p);
  return scopes.some((scope, i) => {
    if (foreignAddressIn(ctx, scope) && !ownAddressIn(ctx, scope)) return true;
    const name = scope.children().find((c) => c.isNamed())?.text().split(/::|\./).pop() ?? '';
    return i < scopes.length - 1 && headNamesAnotherThing(name);
  });
}
