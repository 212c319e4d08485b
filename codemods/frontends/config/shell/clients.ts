import { api } from '../../../../catalogue';
import { jsonProps, type Body, type BodyProp } from '../calls';
import type { ConfigValue } from '../model';
import type { Word } from './words';

/**
 * HTTP clients of scripts besides curl: HTTPie and xh (`http PUT "$BASE/interviews/$T/" mode=complaint
 * flag:=true profile[age]:=30`: `key=value` is a string field, `key:=json` a raw JSON one, `Header:value`,
 * `key==value` and `key@file` are not body fields) and wget (`--method=PUT --body-data='{…}'`, `--post-data`);
 * the audience a token request's JSON body takes from a variable.
 */

export const HTTPIE = new Set(['http', 'https', 'xh', 'xhs']);

const HTTPIE_OPTS_WITH_ARG = new Set(['-a', '--auth', '-A', '--auth-type', '-p', '--print', '-o', '--output', '--session', '--session-read-only', '--timeout', '--style', '-s', '--cert', '--cert-key', '--proxy', '--max-redirects']);
const METHOD = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)$/;

export interface ClientRequest {
  method: string;
  url?: Word;
  /** A JSON body as one word (wget), or the fields of the request (HTTPie). */
  body?: Word;
  props: BodyProp[];
}

/** The range of `w.text[from, to)` in the source, and whether it is written there as it reads. */
function range(w: Word, from: number, to: number): { start: number; end: number; exact: boolean } {
  const start = w.map[from] ?? w.start;
  const end = to > from ? w.map[to - 1]! + 1 : start;
  return { start, end, exact: end - start === to - from };
}

export function httpieRequest(words: readonly Word[], isUrl: (w: Word) => boolean): ClientRequest {
  let method = '';
  let url: Word | undefined;
  const props: BodyProp[] = [];
  for (let k = 1; k < words.length; k++) {
    const w = words[k]!;
    if (w.redirect) continue;
    if (HTTPIE_OPTS_WITH_ARG.has(w.text)) k++;
    else if (w.text.startsWith('-')) continue;
    else if (!url && !method && METHOD.test(w.text)) method = w.text;
    else if (!url && isUrl(w)) url = w;
    else if (url) {
      const m = /^([A-Za-z_][\w-]*(?:\[[\w-]*\])*)(:=|=)(?!=)/.exec(w.text);
      if (!m) continue;
      const path = m[1]!.split(/[[\]]+/).filter(Boolean);
      const vFrom = m[0].length;
      const value = w.text.slice(vFrom);
      const key = range(w, 0, m[1]!.length);
      const at = range(w, vFrom, w.text.length);
      if (m[2] === '=') {
        props.push({ path, key, value: { type: 'string', value, start: at.start, end: at.end, inner: at } });
        continue;
      }
      const type = /^-?\d/.test(value) ? 'number' : 'other';
      props.push({ path, key, value: { type, value: type === 'number' ? Number(value) : value, start: at.start, end: at.end } });
      if (/^[{[]/.test(value)) {
        const map = w.map.slice(vFrom);
        for (const p of jsonProps({ text: `{"_":${value}}`, map: [...Array<number>(5).fill(at.start), ...map, at.end] })) if (p.path.length > 1) props.push({ ...p, path: [...path, ...p.path.slice(1)] });
      }
    }
  }
  return { method: method || (props.length > 0 ? 'POST' : 'GET'), url, props };
}

export function wgetRequest(words: readonly Word[], isUrl: (w: Word) => boolean): ClientRequest {
  let method = '';
  let url: Word | undefined;
  let body: Word | undefined;
  for (let k = 1; k < words.length; k++) {
    const w = words[k]!;
    if (w.redirect) continue;
    const m = /^--(method|post-data|body-data)=/.exec(w.text);
    if (m) {
      if (m[1] === 'method') method = w.text.slice(m[0].length).toUpperCase();
      else {
        const n = m[0].length;
        body = { ...w, text: w.text.slice(n), map: w.map.slice(n), start: w.map[n] ?? w.start };
        if (m[1] === 'post-data' && !method) method = 'POST';
      }
    } else if (/^-[A-Za-z]*O$|^--output-document$|^-e$|^--header$|^-U$/.test(w.text)) k++;
    else if (w.text.startsWith('-')) continue;
    else if (!url && isUrl(w)) url = w;
  }
  return { method: method || 'GET', url, body, props: [] };
}

/**
 * The audience of a token request's JSON body (`curl …/oauth/token -d '{"audience": "'"$X"'"}'`, or a body that is a
 * client-credentials grant sent to a variable's URL) when it is one variable: a value under the audience key that
 * refers to it, so the variable counts as used as the audience.
 */
export function tokenAudienceValues(words: readonly Word[], body: Body | undefined, parent: string, anchor: number | undefined): ConfigValue[] {
  if (!body) return [];
  const props = jsonProps(body);
  // Sent to the token path, or shaped as a client-credentials grant (`curl -X POST "$AUTH_URL" -d '{… "grant_type": "client_credentials"}'`).
  const grant = props.some((p) => p.path.length === 1 && p.path[0] === api.tokenRequest.grantTypeField && p.value.value === api.tokenRequest.grantType);
  if (!grant && !words.some((w) => w.text.includes(`/${api.tokenRequest.path}`))) return [];
  const out: ConfigValue[] = [];
  for (const p of props) {
    // The variable alone, or with a trailing slash; `$(X)` is a make variable (make expands it inside quotes too: `'{"audience":"$(SC_BASE)/"}'`).
    const m = p.value.type === 'string' && p.path.length === 1 && p.path[0] === api.tokenRequest.audienceField ? /^\$(?:\{([A-Za-z_]\w*)\}|\(([A-Za-z_]\w*)\))(\/?)$/.exec(String(p.value.value)) : null;
    if (!m || !p.value.inner || (m[3] && !p.value.inner.exact)) continue;
    const { start, end } = p.value.inner;
    out.push({ path: [api.tokenRequest.audienceField], start, end, refs: [{ name: (m[1] ?? m[2])!, start, end: end - m[3]!.length }], parent, anchor });
  }
  return out;
}
