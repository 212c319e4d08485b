import * as path from 'node:path';
import type { Config } from '../../../config';
import { UrlMapper } from '../../../config/urls';
import type { FrontEnd, FrontEndInput, FrontEndOutput } from '../../../lib/types';
import { MARKER_PREFIX } from '../../types';
import { analyzeConfig, type AnalyzeOptions } from './analyze';
import { COMMENTS } from '../../markers';
import { readMarkdown } from './docs';
import { readHttp } from './http';
import { readBruno } from './bruno';
import { readDockerfile } from './dockerfile';
import { readGradle } from './gradle';
import { readHcl } from './hcl';
import { readIni, readToml } from './ini';
import { readJenkins } from './jenkins';
import { readJson } from './json';
import { sampleResource } from './samples';
import { readMake } from './make';
import { readEnv, readProperties, readXcconfig } from './lines';
import type { Parsed } from './model';
import { apiWords } from './vocab';
import { readShell } from './shell';
import { blockRequests } from './requests';
import { readXml, xmlSafe } from './xml';
import { readYaml, type EmbedReader } from './yaml';
import { commentStyleFor } from '../comments';
import { analyzePlainText } from '../text';

/**
 * The configuration and infrastructure front-ends, one per format family. Each reads its format into values
 * named by key paths (a reader module per family) and hands them to the shared analysis (analyze.ts). Besides
 * the shared pre-scan, a file of these kinds is read when it names the API in a key (`SC_…`, `symptom-checker`),
 * since config files speak of the API by keys, not only by addresses.
 */

export type Reader = (source: string, input: FrontEndInput) => { parsed: Parsed; opts?: AnalyzeOptions };

const quick = new WeakMap<Config, RegExp[]>();
export { mayMatter };
/** Whether a text can matter: a v1 host, a word that names the API (`SC_`, `scApiBase`, `symptom-checker`), or a marker. */
function mayMatter(config: Config, source: string): boolean {
  let res = quick.get(config);
  if (!res) {
    const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const a = apiWords(config);
    const words = [
      ...new UrlMapper(config).scanNeedles().map(esc),
      ...a.phrases.map((p) => p.map(esc).join('[\\s_.-]?')),
      ...a.prefixes.map((p) => `(?<![a-z0-9])${esc(p.slice(0, 4))}`),
      esc(MARKER_PREFIX),
    ];
    // Initials only as a key's first word: `SC_X`, `sc.x`, `scApiBase` (not `sc-migrate` or a hash).
    const initials = [...a.words].filter((w) => w.length <= 3).map((w) => `(?<![A-Za-z0-9])(?:${esc(w)}|${esc(w.toUpperCase())})(?=[_.]|[A-Z][a-z])`);
    res = [new RegExp(words.join('|'), 'i'), ...(initials.length ? [new RegExp(initials.join('|'))] : [])];
    quick.set(config, res);
  }
  return res.some((re) => re.test(source));
}

/** The reader of each front-end, for templates of its format (templates.ts). */
export const readers = new WeakMap<FrontEnd, Reader>();

/** Request files (JSON for Postman, `.http`, Bruno): they read other files' definitions of the base. */
const REQUEST_FILES = new Set(['json', 'http', 'bruno']);

function frontEnd(id: string, describe: string, matches: (base: string, absPath: string) => boolean, read: Reader, always = false): FrontEnd {
  const fe: FrontEnd = {
    ...(always ? { always } : {}),
    ...(REQUEST_FILES.has(id) ? { readsDefinitions: true } : {}),
    id,
    describe,
    matches: (absPath) => matches(path.basename(absPath).toLowerCase(), absPath),
    analyze(input: FrontEndInput): FrontEndOutput {
      const { parsed, opts } = read(input.source, input);
      return analyzeConfig(input, parsed, opts);
    },
    selects: (source, config, absPath) => mayMatter(config, source) || (id === 'json' && (source.includes(POSTMAN_SCHEMA) || (!!absPath && sampleResource(absPath) !== null))),
    readsNameUses: true,
  };
  readers.set(fe, read);
  return fe;
}

const ext = (base: string, ...exts: string[]) => exts.some((e) => base.endsWith(e));

/** Postman collections are read whatever they hold: `{{baseUrl}}interviews/` with the base set in an environment file names nothing. */
const POSTMAN_SCHEMA = 'schema.getpostman.com/json/collection';

/** Files embedded in a YAML block scalar are read by the reader of their name's format (not Markdown or request files). */
function embedReader(input: FrontEndInput): EmbedReader {
  return (name, masked) => {
    const filePath = path.join(path.dirname(input.filePath), name);
    const fe = configFrontEnds.find((f) => f.matches(filePath));
    const read = fe && fe.id !== 'markdown' && fe.id !== 'http' ? readers.get(fe) : undefined;
    return read ? { parsed: read(masked, { ...input, source: masked, filePath }).parsed, comments: commentStyleFor(filePath) !== null } : null;
  };
}

export const yamlFrontEnd = frontEnd(
  'yaml',
  'YAML (Kubernetes, Helm values and templates, Compose, GitHub Actions, GitLab CI, Spring): values by key path, env lists by name, references (${…}, $X, .Values, aliases)',
  (b) => ext(b, '.yaml', '.yml'),
  (source, input) => {
    const { parsed, anchors } = readYaml(source, { filePath: input.filePath, shell: input, embed: embedReader(input) });
    return { parsed, opts: { anchors } };
  },
);

export const jsonFrontEnd = frontEnd(
  'json',
  'JSON and JSON with comments (appsettings, Postman): values by property path, {key, value} lists by key; findings in reports only',
  (b) => ext(b, '.json', '.jsonc'),
  (source, input) => ({ parsed: readJson(source, input, input.filePath) }),
);

export const envFrontEnd = frontEnd('env', '.env files: KEY=value by key; a setting commented out (# KEY=value) reported with what to write, never rewritten', (b) => b.startsWith('.env') || ext(b, '.env'), (s) => ({ parsed: readEnv(s) }));
export const propertiesFrontEnd = frontEnd('properties', 'Java .properties: dotted keys as paths, ${…} references', (b) => ext(b, '.properties'), (s) => ({ parsed: readProperties(s) }));
export const iniFrontEnd = frontEnd('ini', 'INI and .cfg: [section] key = value, %(key)s references', (b) => ext(b, '.ini', '.cfg'), (s) => ({ parsed: readIni(s) }));
export const tomlFrontEnd = frontEnd('toml', 'TOML: tables, dotted keys, arrays and inline tables', (b) => ext(b, '.toml'), (s) => ({ parsed: readToml(s) }));
export const xcconfigFrontEnd = frontEnd('xcconfig', 'Xcode .xcconfig: KEY = value, $(X) references, https:/$()/ read as https://', (b) => ext(b, '.xcconfig'), (s) => ({ parsed: readXcconfig(s) }));
export const dockerfileFrontEnd = frontEnd(
  'dockerfile',
  'Dockerfiles: ENV (pairs and legacy form), ARG defaults, LABEL; RUN command lines',
  (b) => b === 'dockerfile' || b === 'containerfile' || b.startsWith('dockerfile.') || ext(b, '.dockerfile'),
  (s) => ({ parsed: readDockerfile(s) }),
);

export const shellFrontEnd = frontEnd(
  'shell',
  'shell scripts: settings by variable; curl calls to the API (directly or through a wrapper function) with their JSON bodies, status checks and jq reads',
  (b) => ext(b, '.sh', '.bash', '.zsh', '.ksh'),
  (source, input) => ({ parsed: readShell(source, input) }),
);

export const makeFrontEnd = frontEnd(
  'make',
  'Makefiles: variables with $(X) references (computed names, $(or …) fallbacks); recipes read as shell scripts ($$ is the shell\'s $), their curl calls checked',
  (b) => b === 'makefile' || b === 'gnumakefile' || ext(b, '.mk', '.make'),
  (source, input) => ({ parsed: readMake(source, input) }),
);

export const jenkinsFrontEnd = frontEnd(
  'jenkins',
  'Jenkins pipelines: environment settings by name; sh steps read as shell scripts, their curl calls checked',
  (b) => b === 'jenkinsfile' || b.startsWith('jenkinsfile.') || ext(b, '.jenkinsfile'),
  (source, input) => ({ parsed: readJenkins(source, input), opts: { style: COMMENTS.slash } }),
);

export const terraformFrontEnd = frontEnd(
  'terraform',
  'Terraform / HCL (.tf, .tfvars, .hcl): variables with defaults, locals, maps, {name, value} lists; var.x and local.x references; YAML, JSON and .env heredocs read as their format; request blocks (synthetic tests, http data sources) with their bodies and assertions',
  (b) => ext(b, '.tf', '.tfvars', '.hcl'),
  (source, input) => {
    const parsed = readHcl(source, embedReader(input));
    return { parsed: { ...parsed, sites: [...(parsed.sites ?? []), ...blockRequests(source, parsed.values, input)] } };
  },
);

const xmlDocuments = frontEnd(
  'xml',
  'XML (Info.plist key/value pairs, AndroidManifest meta-data, Android string resources, .NET <add key value>): values named by their key, name or element; a .config file that is no XML (Erlang\'s sys.config terms) read as plain text, its addresses by role, no markers',
  (b) => ext(b, '.xml', '.plist', '.config', '.csproj', '.props', '.targets'),
  (source) => ({ parsed: readXml(source), opts: { safe: xmlSafe } }),
);
export const xmlFrontEnd: FrontEnd = {
  ...xmlDocuments,
  analyze: (input) => (/^\s*</.test(input.source) ? xmlDocuments.analyze(input) : analyzePlainText(input, { rewrite: true, style: null })),
};
readers.set(xmlFrontEnd, readers.get(xmlDocuments)!);

export const gradleFrontEnd = frontEnd(
  'gradle',
  'Gradle build scripts: buildConfigField, resValue and manifestPlaceholders by name; other lines by the name before =',
  (b) => ext(b, '.gradle', '.gradle.kts'),
  (source) => ({ parsed: readGradle(source) }),
);

export const markdownFrontEnd = frontEnd(
  'markdown',
  'Markdown: never rewritten; v1 addresses reported with the value of their role where the line names one, API calls in fenced shell blocks reported',
  (b) => ext(b, '.md', '.markdown', '.mdx'),
  (source, input) => ({ parsed: readMarkdown(source, input), opts: { rewrite: false, style: null } }),
);

export const httpFrontEnd = frontEnd(
  'http',
  'request files (.http, .rest, .hurl): @variables, requests and their JSON bodies, response handlers, Hurl statuses and asserts',
  (b) => ext(b, '.http', '.rest', '.hurl'),
  (source, input) => ({ parsed: readHttp(source, input), opts: { style: COMMENTS.hash } }),
  // Read whatever they hold: `{{baseUrl}}interviews/` with the base set in an environment file names nothing.
  true,
);

/** Bruno request files are read whatever they hold: a request to `{{baseUrl}}…` names neither the API nor its address. */
export const brunoFrontEnd = frontEnd(
  'bruno',
  'Bruno request files (.bru): vars blocks by key (environments), requests after a base variable set here or in another file of the run, their JSON bodies, asserts and test scripts; findings in reports only',
  (b) => ext(b, '.bru'),
  // The Bru language has no comments (usebruno/bruno#1371): findings in reports only.
  (source, input) => ({ parsed: readBruno(source, input), opts: { style: null } }),
  true,
);

/** In the order they are asked (before the plain-text fallback). */
export const configFrontEnds: readonly FrontEnd[] = [
  yamlFrontEnd,
  jsonFrontEnd,
  envFrontEnd,
  propertiesFrontEnd,
  iniFrontEnd,
  tomlFrontEnd,
  xcconfigFrontEnd,
  dockerfileFrontEnd,
  shellFrontEnd,
  makeFrontEnd,
  jenkinsFrontEnd,
  terraformFrontEnd,
  xmlFrontEnd,
  gradleFrontEnd,
  markdownFrontEnd,
  httpFrontEnd,
  brunoFrontEnd,
];
