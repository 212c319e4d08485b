import type { Alias, Node as YamlNode, Scalar } from 'yaml';
import { recordingSites } from './recordings';
import { isAlias, isMap, isPair, isScalar, isSeq, yaml } from './yaml-nodes';
import { ParseError } from '../../types';
import { ansibleSites, ansibleValues, isAnsible } from './ansible';
import { assignments } from './assignments';
import type { ConfigValue, LooseSpan, Parsed, Site, Span } from './model';
import { scanRefs, type RefSyntax } from './refs';
import { apiDescriptionSites, fromYaml, isApiDescription } from './openapi';
import { readShell, type Call, type ShellContext } from './shell';
import { readShellEscaped } from './shell/escaped';

/**
 * YAML read as a structure (the `yaml` package's documents, with source ranges): Kubernetes manifests and
 * ConfigMaps, Helm values and templates, Docker Compose, GitHub Actions and GitLab CI, Spring `application.yml`.
 * A value is named by its key path; in a list of `{name, value}` (`{key, value}`) maps the value is named by
 * `name` (Kubernetes `env`), and `valueFrom.configMapKeyRef.key` is a reference to that key; a GitLab CI variable
 * written `{value, description, options}` is named by its key; a list item
 * `NAME=value` (Compose `environment`, `args`) is named by NAME. Script keys (`script`, `run`, `command`…) are
 * read as command lines (also Taskfile `cmds`, Ansible's `shell` and `command` modules and Azure Pipelines'
 * `bash` steps, where `$(name)` is a pipeline variable; in a Kubernetes container's `command` and `args` it is an
 * environment variable). Helm template directives are blanked (same length) before parsing and read as
 * references (`.Values.a.b`); a file that still does not parse raises ParseError.
 */

const SCRIPT_KEYS = new Set(['script', 'before_script', 'after_script', 'run', 'command', 'commands', 'args', 'entrypoint', 'cmd', 'cmds', 'shell', 'ansible.builtin.shell', 'ansible.builtin.command', 'ansible.legacy.shell', 'ansible.legacy.command']);

/** Azure Pipelines' shell steps besides `script` (PowerShell steps are not shell scripts). */
const AZURE_SCRIPT_KEYS = new Set(['bash']);

export interface YamlRead {
  parsed: Parsed;
  anchors: Map<ConfigValue, string>;
}

/** Helm / Go template directives replaced by blanks (a line of its own) or underscores (inside a value). */
export function blankTemplates(source: string): string {
  return source.replace(/\{\{-?[\s\S]*?-?\}\}/g, (m, offset: number) => {
    const lineStart = source.lastIndexOf('\n', offset - 1) + 1;
    const nl = source.indexOf('\n', offset + m.length);
    const lineEnd = nl < 0 ? source.length : nl;
    const alone = source.slice(lineStart, offset).trim() === '' && source.slice(offset + m.length, lineEnd).replace(/\{\{[\s\S]*?\}\}/g, '').trim() === '';
    return m.replace(/[^\n]/g, alone ? ' ' : '_');
  });
}

/**
 * Namespaces of names that are not run-time settings: a ConfigMap's keys (`configmap:<name>`, what a
 * `configMapKeyRef` names) and Helm values (`.Values.a.b`, a chart's `values*.yaml`, `--set a.b=`).
 */
export const HELM_VALUES = 'helm-values';

/** Reads a configuration file embedded in a block scalar (`config.json: |`), given its name and the text with all else blanked; null when no reader knows the name. */
export type EmbedReader = (name: string, masked: string) => { parsed: Parsed; comments: boolean } | null;

/** A key or a path that names a file of a configuration format. */
const FILE_NAME = /(^|\/)(\.env[\w.-]*|[\w.-]+\.(json|ya?ml|properties|env|ini|cfg|toml|sh|tf|tfvars|xml|plist|http))$/i;

export function readYaml(source: string, opts: { json?: boolean; filePath?: string; shell?: ShellContext; embed?: EmbedReader } = {}): YamlRead {
  const helmValues = /(^|[\\/])values[\w.-]*\.ya?ml$/i.test(opts.filePath ?? '');
  const template = !opts.json && /\{\{/.test(source);
  // A Compose file's commands: Compose reads `$X` itself and leaves `$$` to the shell as `$`.
  const compose = !opts.json && (/(^|[\\/])(docker-)?compose[\w.-]*\.ya?ml$/i.test(opts.filePath ?? '') || /^services:[ \t]*$/m.test(source));
  // An Azure Pipelines file: `bash:` steps are scripts too, and `$(name)` in them is a pipeline variable.
  // A GitHub Actions workflow: `${{ env.NAME }}` in its `run` scripts is a variable.
  const github = !opts.json && (/(^|[\\/])\.github[\\/]workflows[\\/]/.test(opts.filePath ?? '') || /^[ \t]*runs-on:/m.test(source));
  const azure = !opts.json && (/(^|[\\/])azure-pipelines[\w.-]*\.ya?ml$/i.test(opts.filePath ?? '') || /^[ \t]*(-[ \t]+)?(vmImage:|task:[ \t]*\w+@\d+[ \t]*$)/m.test(source));
  // Kubernetes expands `$(NAME)` in a container's command and args from its environment.
  const kubernetes = !opts.json && /^[ \t]*(initContainers|containers):[ \t]*$/m.test(source);
  const text = template ? blankTemplates(source) : source;
  const docs = yaml().parseAllDocuments(text, { prettyErrors: false, uniqueKeys: false });
  const list = Array.isArray(docs) ? docs : [docs];
  for (const d of list) {
    const e = d.errors[0];
    if (e) {
      const before = source.slice(0, e.pos[0]);
      throw new ParseError(e.message.split('\n')[0]!, before.split('\n').length, e.pos[0] - before.lastIndexOf('\n'));
    }
  }
  const syntaxes: RefSyntax[] = opts.json ? [] : ['brace', 'dollar', 'paren', 'serverless', ...(template ? (['helm', 'jinja'] as const) : [])];
  const values: ConfigValue[] = [];
  const keys: Span[] = [];
  const sites: Site[] = [];
  const loose: LooseSpan[] = [];
  const anchors = new Map<ConfigValue, string>();
  let ids = 0;
  // The items of one script list run in one shell: a jq in one reads what a curl in an earlier one wrote.
  const shared = new Map<string, Call[]>();
  const callsOf = (parent: string) => shared.get(parent) ?? shared.set(parent, []).get(parent)!;

  /** A configuration file in a block scalar (a ConfigMap's `config.json: |`, cloud-init's `content:`), read by its format's reader; markers above the key where the format has no comments. */
  const embedded = (start: number, end: number, name: string, parent: string, anchor: number | undefined): boolean => {
    if (!opts.embed || !FILE_NAME.test(name)) return false;
    const blank = (t: string) => t.replace(/[^\n]/g, ' ');
    let inner: ReturnType<EmbedReader> = null;
    try {
      inner = opts.embed(name.split('/').pop()!, blank(source.slice(0, start)) + source.slice(start, end) + blank(source.slice(end)));
    } catch {
      return false;
    }
    if (!inner) return false;
    const at = inner.comments ? undefined : anchor;
    values.push(...inner.parsed.values.map((v) => ({ ...v, parent: `${parent}/${name}/${v.parent}`, anchor: at ?? v.anchor })));
    sites.push(...(inner.parsed.sites ?? []).map((x) => ({ ...x, anchor: at ?? x.anchor })));
    keys.push(...(inner.parsed.keys ?? []));
    loose.push(...(inner.parsed.loose ? [{ start, end, anchor: at }] : []), ...(inner.parsed.looseSpans ?? []));
    return true;
  };

  let fileName: string | undefined;
  const scalarValue = (n: Scalar, path: string[], parent: string, anchor: number | undefined, list: boolean): void => {
    if (!n.range || (typeof n.value === 'object' && n.value !== null)) return;
    const [a, b] = n.range!;
    let start = a;
    let end = b;
    if (n.type === 'QUOTE_DOUBLE' || n.type === 'QUOTE_SINGLE') {
      start = a + 1;
      end = b - 1;
    } else if (n.type === 'BLOCK_LITERAL' || n.type === 'BLOCK_FOLDED') {
      const nl = source.indexOf('\n', a);
      start = nl < 0 ? b : nl + 1;
    }
    const last = path[path.length - 1] ?? '';
    if ((n.type === 'BLOCK_LITERAL' || n.type === 'BLOCK_FOLDED') && embedded(start, end, fileName ?? last, parent, anchor)) return;
    if ((SCRIPT_KEYS.has(last.toLowerCase()) || (azure && AZURE_SCRIPT_KEYS.has(last))) && /\s/.test(source.slice(start, end).trim())) {
      // A command line: read as a script; its markers go above the key (a comment inside a block scalar would be text).
      // Only the escapes a command line needs (`\"`, `\\`, `\/`, `\n`, `\t`) are decoded; a script with others is read as written.
      const raw = source.slice(start, end);
      const escaped = n.type === 'QUOTE_DOUBLE' && raw.includes('\\') && !/\\[^"\\/nt]/.test(raw.replace(/\\\\/g, ''));
      const script = opts.shell ? (escaped ? readShellEscaped : readShell)(source, opts.shell, start, end, { parent: `${parent}/script`, outer: values, calls: list ? callsOf(parent) : undefined, compose, macros: azure || kubernetes, github }) : { values: assignments(source, start, end, { parent: `${parent}/script` }), sites: [], skip: [] };
      values.push(...script.values.map((v) => ({ ...helmSet(source)(v), anchor })));
      sites.push(...(script.sites ?? []).map((x) => ({ ...x, anchor })));
      loose.push({ start, end, anchor });
      return;
    }
    // `NAME=value` items of a list (Compose `environment:`, `args:`, CI variables as a list); `--flag=value` items (a container's `args:`) are named by the flag.
    const m = list && n.type !== 'BLOCK_LITERAL' && n.type !== 'BLOCK_FOLDED' ? /^(--)?([A-Za-z_][\w.-]*)=/.exec(source.slice(start, end)) : null;
    const v: ConfigValue = m
      ? { path: [...path, m[2]!], start: start + m[0].length, end, refs: [], parent, anchor, namespace: m[1] ? 'flag' : path.includes('args') ? 'build' : undefined }
      : { path, start, end, refs: [], parent, anchor, list };
    if (!m && path.includes('args') && path.includes('build')) v.namespace = 'build';
    if (namespace && path[0] === 'data') v.namespace = namespace;
    if (helmValues) v.namespace = HELM_VALUES;
    v.refs = scanRefs(source, v.start, v.end, syntaxes).map((r) => (template && /^\.Values\./.test(source.slice(r.start, r.end)) ? { ...r, namespace: HELM_VALUES } : r));
    values.push(v);
    if (n.anchor) anchors.set(v, n.anchor);
  };

  let namespace: string | undefined;
  const walk = (node: YamlNode | Alias | null | undefined, path: string[], parent: string, anchor: number | undefined, list = false): void => {
    if (!node) return;
    if (isAlias(node)) {
      const [a, b] = node.range!;
      values.push({ path, start: a, end: b, refs: [{ name: node.source, start: a, end: b, anchor: true, internal: true }], parent, anchor });
      return;
    }
    if (isScalar(node)) return scalarValue(node, path, parent, anchor, list);
    if (isSeq(node)) {
      const id = `s${ids++}`;
      for (const item of node.items) {
        const itemAnchor = node.flow ? anchor : (item as YamlNode | null)?.range?.[0] ?? anchor;
        walk(item as YamlNode, path, id, itemAnchor, true);
      }
      return;
    }
    if (isMap(node)) {
      const id = `m${ids++}`;
      const named = list ? nameOf(node) : null;
      // GitLab CI's expanded variable (`variables: {X: {value, description, options}}`): its value and options are X's.
      const expanded = path.length >= 2 && path[path.length - 2] === 'variables' && node.has('value') && ['description', 'options', 'expand'].some((k) => node.has(k));
      for (const pair of node.items) {
        if (!isPair(pair)) continue;
        const key = pair.key as YamlNode | null;
        const keyText = isScalar(key) ? String(key.value) : '';
        if (isScalar(key) && key.range && typeof key.value === 'string') keys.push({ start: key.range[0], end: key.range[1] });
        if (keyText === '<<') continue;
        const pairAnchor = node.flow ? anchor : key?.range?.[0] ?? anchor;
        // `{path: /etc/app.env, content: |…}` (cloud-init, Ansible copy): the content is that file.
        fileName = keyText === 'content' ? [node.get('path'), node.get('dest'), node.get('filename')].find((x): x is string => typeof x === 'string') : undefined;
        if (expanded && (keyText === 'value' || keyText === 'options')) {
          walk(pair.value as YamlNode, path, parent, pairAnchor);
          continue;
        }
        if (named && (keyText === 'value' || keyText === 'valueFrom')) {
          if (keyText === 'value') walk(pair.value as YamlNode, [...path, named], parent, pairAnchor);
          else mapKeyRef(pair.value as YamlNode, [...path, named], parent, pairAnchor);
          continue;
        }
        walk(pair.value as YamlNode, [...path, keyText], id, pairAnchor);
      }
    }
  };

  /** `valueFrom: {configMapKeyRef: {name, key}}`: the env var takes the ConfigMap's key. */
  const mapKeyRef = (node: YamlNode | null, path: string[], parent: string, anchor: number | undefined) => {
    if (!isMap(node)) return;
    const ref = node.get('configMapKeyRef', true);
    if (!isMap(ref)) return;
    const key = ref.get('key', true);
    if (!isScalar(key) || typeof key.value !== 'string' || !key.range) return;
    const [a, b] = key.range;
    const start = key.type === 'PLAIN' ? a : a + 1;
    const end = key.type === 'PLAIN' ? b : b - 1;
    const map = ref.get('name', true);
    const ns = isScalar(map) && typeof map.value === 'string' ? `configmap:${map.value}` : undefined;
    values.push({ path, start, end, refs: [{ name: key.value, start, end, namespace: ns }], parent, anchor });
  };

  list.forEach((d, i) => {
    const c = d.contents;
    const tree = opts.shell && fromYaml(c);
    if (tree && opts.shell && isApiDescription(tree, opts.filePath ?? '')) sites.push(...apiDescriptionSites(tree, opts.filePath ?? '', opts.shell.changes));
    else if (tree && opts.shell) sites.push(...recordingSites(tree, source, opts.shell));
    const name = isMap(c) && (c.get('kind') as unknown) === 'ConfigMap' ? (c.getIn(['metadata', 'name']) as unknown) : undefined;
    namespace = typeof name === 'string' ? `configmap:${name}` : undefined;
    walk(c as YamlNode, [], `d${i}`, undefined);
    if (opts.shell && isAnsible(c)) sites.push(...ansibleSites(c, source, opts.shell, values));
  });
  const named = ansibleValues(values);
  const anchorsOf = new Map([...anchors].map(([v, a]) => [named[values.indexOf(v)]!, a]));
  return { parsed: { values: named, keys, sites, looseSpans: loose }, anchors: anchorsOf };
}

/** `--set a.b=v` sets a Helm value. */
export function helmSet(source: string): (v: ConfigValue) => ConfigValue {
  return (v) => (/--set(-string)?[\s=]\S*$/.test(source.slice(Math.max(0, v.start - 200), v.start)) ? { ...v, namespace: HELM_VALUES } : v);
}

/** The `name` (or `key`) of a `{name, value}` map in a list. */
function nameOf(node: YamlNode): string | null {
  if (!isMap(node)) return null;
  for (const k of ['name', 'key']) {
    const n = node.get(k, true);
    if (isScalar(n) && typeof n.value === 'string' && (node.has('value') || node.has('valueFrom'))) return n.value;
  }
  return null;
}
