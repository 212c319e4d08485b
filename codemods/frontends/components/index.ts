import * as path from 'node:path';
import type { FrontEnd, FrontEndInput } from '../../../lib/types';
import { importSpecifiers } from '../js';
import { migrateComponent, type Extracted } from './blocks';
import { extractAstro } from './astro';
import { extractHtml } from './html';
import { rendersName } from './template-reads';
import { extractBlade, extractRazor } from './server-pages';
import { razorCSharp } from './razor-csharp';
import { linked } from '../polyglot/selection';
import { extractSvelte } from './svelte';
import { TWIRL_SUFFIXES, extractTwirl, twirlScala } from './twirl';
import { TEMPLATE_EXTENSIONS, extractTemplate } from './templates';
import { extractVue } from './vue';

const byExtension = (...exts: string[]) => (absPath: string) => exts.includes(path.extname(absPath).slice(1).toLowerCase());

function componentFrontEnd(id: string, describe: string, exts: string[], extract: (source: string, filePath: string) => Extracted): FrontEnd {
  return {
    id,
    describe,
    matches: byExtension(...exts),
    analyze: (input: FrontEndInput) => migrateComponent(input, extract(input.source, input.filePath)),
    imports: importSpecifiers,
    minifiable: true,
  };
}

export const vueFrontEnd = componentFrontEnd('vue', 'Vue single-file components: <script> and <script setup> through the JS engine, template reads (@vue/compiler-sfc)', ['vue'], extractVue);
export const svelteFrontEnd = componentFrontEnd('svelte', 'Svelte components: instance and module scripts through the JS engine, markup reads (svelte/compiler)', ['svelte'], extractSvelte);
export const astroFrontEnd = componentFrontEnd('astro', 'Astro components: frontmatter and <script> through the JS engine, template reads (@astrojs/compiler)', ['astro'], extractAstro);
export const htmlFrontEnd: FrontEnd = {
  ...componentFrontEnd('html', 'HTML pages: inline <script> through the JS engine; {{ }} and expression attributes of Angular/Vue/Django templates, also inside template script tags (ng-template, Handlebars, Underscore) (parse5)', ['html', 'htm', 'xhtml'], (source) => extractHtml(source)),
  // A page the app's code renders with a bare name that holds a field of the API (`self.render("r.html", advice=…)`).
  linked: rendersName,
};
export const templateFrontEnd: FrontEnd = { ...componentFrontEnd('template', 'Server-side templates (Twig, Jinja, Nunjucks, ERB, EJS, EEx/HEEx, Handlebars, Liquid, Leaf): expression tags read for removed fields', TEMPLATE_EXTENSIONS, extractTemplate), linked: rendersName };
export const bladeFrontEnd: FrontEnd = {
  ...componentFrontEnd('blade', 'Laravel Blade pages (.blade.php): inline <script> through the JS engine (report-only where it holds Blade code); {{ }}, {!! !!} and directive reads (@if, @foreach … as, @isset)', [], (source) => extractBlade(source)),
  matches: (absPath) => absPath.toLowerCase().endsWith('.blade.php'),
};
const razorPages = componentFrontEnd('razor', 'ASP.NET Razor pages (.cshtml, .razor): inline <script> through the JS engine (report-only where it holds Razor code); @expressions, @if/@foreach conditions and @{ } code read for removed fields, PascalCase names as the JSON keys; @code/@functions blocks and the template\'s C# read by the C# front-end (reports only)', ['cshtml', 'razor'], (source) => extractRazor(source));
export const razorFrontEnd: FrontEnd = {
  ...razorPages,
  analyze: (input: FrontEndInput) => razorCSharp(input, razorPages.analyze(input)),
  // A component whose C# uses the endpoints, models or host constants of the run's C# files is read with them.
  linked: (source, project) => linked('csharp', source, project.poly),
};
const twirlPages = componentFrontEnd('twirl', "Play Twirl templates (.scala.html, .scala.txt, .scala.xml): inline <script> through the JS engine (report-only where it holds Twirl code); the template's Scala (its parameters by their types, @expressions, @if/@for blocks, calls with template blocks) read by the Scala front-end at its true lines (reports only)", [], extractTwirl);
export const twirlFrontEnd: FrontEnd = {
  ...twirlPages,
  matches: (absPath) => TWIRL_SUFFIXES.some((s) => absPath.toLowerCase().endsWith(s)),
  analyze: (input: FrontEndInput) => twirlScala(input, twirlPages.analyze(input)),
  // A template whose Scala names the models, endpoints or host constants of the run's Scala files is read with them.
  linked: (source, project) => linked('scala', source, project.poly),
};
