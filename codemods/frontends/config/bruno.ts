import { baseVariables, jsonProps, pathTie, propSites, refineTie, relativePath, statusSites, type Tie } from './calls';
import { chainReads, type Root } from './chains';
import type { DocContext } from './docs';
import { linesOf } from './lines';
import type { ConfigValue, Parsed, Site, Span } from './model';
import { comparedModeSites, comparedStatusSites, readPathSites } from './reads';
import { scanRefs } from './refs';

/**
 * Bruno request files (`.bru`): blocks `name { … }` (or `name [ … ]` for lists) at the start of a line. `vars`
 * blocks (an environment's `vars { baseUrl: … }`, a request's `vars:pre-request`) are values by key; a method
 * block (`post { url: {{baseUrl}}interviews/anonymous/ }`) is a request to the resource its path names, after a
 * base variable set in this file or in another file of the run (an environment); its `body:json` is checked
 * against the resource's rules, and what it checks of the answer is read: `assert { res.status: eq 202 }`,
 * `res.body.msg: isDefined`, and the `tests` and `script:post-response` scripts (`res.getBody().advice`,
 * `res.getStatus()`).
 */

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'options', 'head']);

interface Block {
  name: string;
  /** Its content: after the opening line, up to the closing line. */
  start: number;
  end: number;
  /** The opening line's start, for markers. */
  head: number;
}

const SCRIPT_ROOTS: [string, Root][] = [
  ['res.getBody()', { path: [] }],
  ['res.body', { path: [] }],
  ['res.getStatus()', { path: [], status: true }],
  ['res.status', { path: [], status: true }],
];

export function readBruno(source: string, ctx: DocContext): Parsed {
  const values: ConfigValue[] = [];
  const sites: Site[] = [];
  const skip: Span[] = [];
  const blocks = blocksOf(source);
  for (const b of blocks) {
    if (b.name === 'vars' || b.name.startsWith('vars:') || METHODS.has(b.name) || b.name === 'headers' || b.name.startsWith('auth')) {
      for (const kv of pairs(source, b)) values.push({ path: b.name === 'vars' || b.name.startsWith('vars:') ? [kv.key] : [b.name, kv.key], start: kv.start, end: kv.end, refs: scanRefs(source, kv.start, kv.end, ['mustache']), parent: `${b.name}${b.head}` });
    } else if (b.name === 'docs') skip.push(b);
  }
  const isBase = baseVariables(ctx.config, source, values, ctx.nameUses, ctx.filePath);
  const method = blocks.find((b) => METHODS.has(b.name));
  const url = method ? values.find((v) => v.parent === `${method.name}${method.head}` && v.path[1] === 'url') : undefined;
  if (method && url) {
    // The request's URL is a value named `url`, so its addresses are read as the API's base by the shared analysis.
    url.path = ['url'];
    const rel = relativePath(ctx.config, source.slice(url.start, url.end), isBase);
    const base = rel !== null ? pathTie(method.name, rel) : null;
    const body = blocks.find((b) => b.name === 'body:json');
    const props = body ? jsonProps({ text: source.slice(body.start, body.end), map: Array.from({ length: body.end - body.start }, (_, n) => body.start + n) }) : [];
    for (const p of props) {
      if (p.value.type !== 'string' || !p.value.inner || !String(p.value.value).includes('{{')) continue;
      values.push({ path: p.path, start: p.value.inner.start, end: p.value.inner.end, refs: scanRefs(source, p.value.inner.start, p.value.inner.end, ['mustache']), parent: `body${body!.head}` });
    }
    if (base) {
      const tie = refineTie(base, props);
      sites.push(...propSites(props, tie, ctx.changes, { anchor: body?.head }));
      for (const b of blocks) {
        if (b.name === 'assert') sites.push(...assertSites(source, b, tie, ctx));
        else if (b.name === 'tests' || b.name === 'script:post-response') sites.push(...scriptSites(source, b, tie, ctx));
      }
    }
  }
  return { values, sites, skip };
}

/** The top-level blocks: a name at the start of a line, `{` or `[`, up to the line that closes it. */
function blocksOf(source: string): Block[] {
  const out: Block[] = [];
  const lines = linesOf(source);
  for (let i = 0; i < lines.length; i++) {
    const text = source.slice(lines[i]!.start, lines[i]!.end);
    const m = /^([a-z][\w:-]*)\s*([{[])\s*$/.exec(text);
    if (!m) continue;
    const close = m[2] === '{' ? '}' : ']';
    let k = i + 1;
    while (k < lines.length && source.slice(lines[k]!.start, lines[k]!.end).trimEnd() !== close) k++;
    if (k >= lines.length) break;
    out.push({ name: m[1]!, start: lines[i + 1]?.start ?? lines[i]!.end, end: lines[k]!.start, head: lines[i]!.start });
    i = k;
  }
  return out;
}

/** `key: value` lines of a block (a `~` before the key disables it: still read). */
function pairs(source: string, b: Block): { key: string; start: number; end: number }[] {
  const out: { key: string; start: number; end: number }[] = [];
  for (const m of source.slice(b.start, b.end).matchAll(/^[ \t]*~?([\w.$@-]+)[ \t]*:[ \t]*(.*?)[ \t]*$/gm)) {
    const start = b.start + m.index + m[0].length - m[2]!.trimEnd().length - (m[0].length - m[0].trimEnd().length);
    out.push({ key: m[1]!, start, end: start + m[2]!.length });
  }
  return out;
}

/** `assert` lines: `res.status: eq 202`, `res.body.msg: isDefined`, `res.body.mode: eq complaint`. */
function assertSites(source: string, b: Block, tie: Tie, ctx: DocContext): Site[] {
  const out: Site[] = [];
  const text = source.slice(b.start, b.end);
  for (const m of text.matchAll(/^[ \t]*~?(res\.(?:status|body(?:\.[\w$]+|\[\d+\])*))[ \t]*:[ \t]*(.*?)[ \t]*$/gm)) {
    const subject = m[1]!;
    const at = b.start + m.index + m[0].indexOf(subject);
    if (subject === 'res.status') {
      for (const s of m[2]!.matchAll(/\b\d{3}\b/g)) {
        const start = b.start + m.index + m[0].lastIndexOf(m[2]!) + s.index;
        out.push(...statusSites(Number(s[0]), tie, ctx.changes, { start, end: start + 3 }));
      }
      continue;
    }
    const path = [...subject.slice('res.body'.length).matchAll(/\.([\w$]+)|\[\d+\]/g)].map((x) => x[1] ?? '*');
    const read = { path, start: at, end: at + subject.length };
    out.push(...readPathSites([read], tie, ctx.changes));
    // `eq complaint` compares the read with a mode: checked as a script's `=== 'complaint'` would be.
    const cmp = /^n?eq\s+"?([\w-]+)"?$/.exec(m[2]!);
    if (cmp) {
      const value = b.start + m.index + m[0].indexOf(m[2]!, m[0].indexOf(':') + 1) + cmp[0].lastIndexOf(cmp[1]!);
      const local = `${subject} === '${cmp[1]}'`;
      const from = subject.length + 6;
      const shift = (i: number) => (i >= from ? value + i - from : at + i);
      out.push(...comparedModeSites(local, { path, start: 0, end: subject.length }, tie, ctx.changes, shift, () => true));
    }
  }
  return out;
}

/** A `tests` or `script:post-response` block: reads of `res.getBody()` / `res.body`, and checks of `res.getStatus()` / `res.status`. */
function scriptSites(source: string, b: Block, tie: Tie, ctx: DocContext): Site[] {
  const text = source.slice(b.start, b.end);
  const { reads, statuses } = chainReads(text, new Map(SCRIPT_ROOTS));
  const at = (i: number) => b.start + i;
  const out = readPathSites(reads.map((r) => ({ ...r, start: at(r.start), end: at(r.end) })), tie, ctx.changes);
  for (const s of statuses) out.push(...comparedStatusSites(text, s, tie, ctx.changes, at));
  for (const r of reads) out.push(...comparedModeSites(text, r, tie, ctx.changes, at, () => true));
  return out;
}
