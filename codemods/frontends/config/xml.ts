import { lazyModule } from '../../../lib/lazy';
import type { ConfigValue, Parsed, Span } from './model';
import { scanRefs } from './refs';

/**
 * XML configuration read with htmlparser2's tokenizer (offsets of tags, attribute values and text, entities
 * left as written): property lists (`<key>SCAudience</key><string>…</string>`: the value is named by the key
 * before it, in nested dicts by the key path; keys that hold addresses are reported), AndroidManifest
 * `<meta-data android:name="…" android:value="…"/>`, Android resources (`<string name="sc_audience">`,
 * `<string-array name="…"><item>`), .NET `<add key="…" value="…"/>`, and any other element's text and
 * attributes, named by the element (and attribute). `$(NAME)` is a reference (build settings in a plist).
 */

/** htmlparser2, loaded with the first XML file read (40 ms of start-up otherwise). */
const htmlparser2 = lazyModule<typeof import('htmlparser2')>('htmlparser2');

interface Attr {
  name: string;
  start: number;
  end: number;
}

interface Element {
  name: string;
  start: number;
  attrs: Attr[];
  children: Element[];
  texts: Span[];
}

function tree(source: string): { root: Element; comments: Span[] } {
  const root: Element = { name: '', start: 0, attrs: [], children: [], texts: [] };
  const stack: Element[] = [root];
  const comments: Span[] = [];
  let el: Element | null = null;
  let attr: Attr | null = null;
  const top = () => stack[stack.length - 1]!;
  const tokenizer = new (htmlparser2().Tokenizer)(
    { xmlMode: true, decodeEntities: false },
    {
      onopentagname(start, end) {
        el = { name: source.slice(start, end), start: start - 1, attrs: [], children: [], texts: [] };
      },
      onattribname(start, end) {
        attr = { name: source.slice(start, end), start: -1, end: -1 };
      },
      onattribdata(start, end) {
        if (!attr) return;
        attr.start = attr.start < 0 ? start : Math.min(attr.start, start);
        attr.end = Math.max(attr.end, end);
      },
      onattribend(_quote, endIndex) {
        if (!attr || !el) return;
        if (attr.start < 0) attr.start = attr.end = endIndex;
        el.attrs.push(attr);
        attr = null;
      },
      onopentagend() {
        if (!el) return;
        top().children.push(el);
        stack.push(el);
        el = null;
      },
      onselfclosingtag() {
        if (!el) return;
        top().children.push(el);
        el = null;
      },
      onclosetag(start, end) {
        const name = source.slice(start, end);
        const at = stack.map((e) => e.name).lastIndexOf(name);
        if (at > 0) stack.length = at;
      },
      ontext(start, end) {
        top().texts.push({ start, end });
      },
      oncdata(start, end) {
        top().texts.push({ start, end });
      },
      oncomment(start, end) {
        comments.push({ start, end });
      },
      onattribentity() {},
      ontextentity() {},
      ondeclaration() {},
      onprocessinginstruction() {},
      onend() {},
    },
  );
  tokenizer.write(source);
  tokenizer.end();
  return { root, comments };
}

export function readXml(source: string): Parsed {
  const { root, comments } = tree(source);
  const values: ConfigValue[] = [];
  const keys: Span[] = [];
  let ids = 0;
  const lineStart = (at: number) => source.lastIndexOf('\n', at - 1) + 1;
  const text = (e: Element): Span | null => {
    if (e.texts.length === 0) return null;
    let start = e.texts[0]!.start;
    let end = e.texts[e.texts.length - 1]!.end;
    while (start < end && /\s/.test(source[start]!)) start++;
    while (end > start && /\s/.test(source[end - 1]!)) end--;
    return { start, end };
  };
  const add = (path: string[], span: Span | null, parent: string, anchor: number, list = false) => {
    if (!span) return;
    values.push({ path, ...span, refs: scanRefs(source, span.start, span.end, ['paren', 'brace']), parent, anchor: lineStart(anchor), list });
  };
  const attrOf = (e: Element, ...names: string[]) => e.attrs.find((a) => names.includes(a.name));
  const valueOf = (a: Attr | undefined) => (a ? source.slice(a.start, a.end) : null);

  /** A plist value element named `path`. */
  const plistValue = (e: Element, path: string[], parent: string, anchor: number, list = false) => {
    if (e.name === 'dict') return dict(e, path);
    if (e.name === 'array') {
      const id = `a${ids++}`;
      for (const item of e.children) plistValue(item, path, id, item.start, true);
      return;
    }
    add(path, text(e), parent, anchor, list);
  };
  const dict = (e: Element, path: string[]) => {
    const id = `d${ids++}`;
    for (let i = 0; i < e.children.length; i++) {
      const k = e.children[i]!;
      if (k.name !== 'key') continue;
      const span = text(k);
      if (span) keys.push(span);
      const v = e.children[i + 1];
      if (v && v.name !== 'key') plistValue(v, [...path, span ? source.slice(span.start, span.end) : ''], id, k.start);
    }
  };

  const walk = (e: Element, path: string[], parent: string) => {
    for (const c of e.children) {
      if (c.name === 'dict') {
        dict(c, path);
        continue;
      }
      const name = valueOf(attrOf(c, 'android:name', 'name', 'key'));
      const valueAttr = attrOf(c, 'android:value', 'value');
      const id = `e${ids++}`;
      if (name !== null && valueAttr) {
        add([...path, name], valueAttr, parent, c.start);
      } else if (name !== null && c.children.length === 0) {
        add([...path, name], text(c), parent, c.start);
      } else if (name !== null && c.children.every((k) => k.name === 'item')) {
        for (const item of c.children) add([...path, name], text(item), id, item.start, true);
        continue;
      } else {
        for (const a of c.attrs) if (!/^xmlns(:|$)/.test(a.name)) add([...path, c.name, a.name], a, id, c.start);
        if (c.children.length === 0) add([...path, c.name], text(c), parent, c.start);
      }
      walk(c, name !== null ? [...path, name] : [...path, c.name], id);
    }
  };
  walk(root, [], 'root');
  return { values, keys, skip: comments };
}

/** A marker in an XML comment must not hold `--`. */
export function xmlSafe(message: string): string {
  return message.replace(/-{2,}/g, (m) => m.split('').join(' '));
}
