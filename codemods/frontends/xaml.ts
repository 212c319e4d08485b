import type { FrontEnd, FrontEndInput, FrontEndOutput, RunFacts } from '../../lib/types';
import { COMMENTS } from '../markers';
import type { PresentedProp } from './polyglot/presented-props';
import { plainTextAddresses } from './text';
import { TextFile } from './text-file';
import { templateReads } from './components/template-reads';
import { snakeChain } from './components/server-pages';

/**
 * XAML views (.NET MAUI, Xamarin.Forms, WPF, Avalonia, WinUI): a binding (`{Binding Advice}`, `ItemsSource="{Binding
 * Tests}"`, `{Binding Path=Advice, StringFormat='…'}`) of a view whose data type is a view model (`x:DataType=
 * "vm:ResultViewModel"`, `d:DataContext="{d:DesignInstance vm:ResultViewModel}"`) shows the member it names; where the
 * run's C# sets that member from a read of a removed response field (polyglot/presented-props.ts), the binding is a
 * site for a person. A template whose items are of another type (`<DataTemplate x:DataType="x:String">`, or one that
 * says none) binds its items, not the view model. A path through the view model's members (`{Binding
 * Interview.Profile.Bmi}`) is read as a template's member chain, PascalCase names as the JSON keys. Never rewritten;
 * v1 addresses get the text pass.
 */
export const xamlFrontEnd: FrontEnd = {
  id: 'xaml',
  describe: 'XAML views (.xaml, .axaml): bindings of a view model\'s members that the run\'s C# sets from reads of removed fields (x:DataType, d:DesignInstance), and binding paths through its members (PascalCase names as the JSON keys), reported; v1 addresses as text',
  matches: (absPath) => /\.a?xaml$/i.test(absPath),
  analyze: analyzeXaml,
  minifiable: false,
  linked: bindsApi,
};

function analyzeXaml(input: FrontEndInput): FrontEndOutput {
  const out = new TextFile(input.source, input.changes, COMMENTS.html);
  plainTextAddresses(out, input, { rewrite: true });
  const bindings = bindingsOf(input.source);
  // Nothing may come before an XML declaration: a binding on its line gets no marker.
  const decl = /^\uFEFF?\s*<\?xml\b[^>]*\?>/.exec(input.source)?.[0].length ?? 0;
  const marker = (element: number) => input.source.lastIndexOf('\n', element) + 1 >= decl;
  for (const b of presentedBindings(bindings, input.project)) {
    if (!out.has(b.prop.change)) continue;
    out.manual(b.prop.change, b.start, b.start + b.prop.prop.length, `{Binding ${b.path}} shows ${b.prop.owner}.${b.prop.prop}, which ${b.prop.at} sets from a read v2 removed: ${b.prop.message}`, { anchor: b.element, subject: b.path, marker: marker(b.element) });
  }
  // A path through the view model's members (`{Binding Result.TriageExplanation.PotentialCondition.Triage.Level}`): C#
  // names the JSON keys in PascalCase; read as a template's member chain is, by the names (components/template-reads.ts).
  const chains = bindings.filter((b) => b.path.includes('.')).map((b) => ({ text: snakeChain(b.path), start: b.start, anchor: b.element }));
  for (const r of templateReads(input, chains, new Map())) {
    if (out.has(r.change) && !out.hasSiteOn(r.change, r.start)) out.manual(r.change, r.start, r.end, r.message, { anchor: r.anchor, subject: r.subject, marker: marker(r.anchor) });
  }
  // Read again once the run's C# has been analysed (lib/project.ts: server templates and views).
  return { ...out.finish(input.markers), facts: { exports: {}, uses: [], imports: [], readsPoly: true } };
}

/** A binding: its path, the type its element's context is ('' where unknown), and where it and its element are. */
interface Binding {
  path: string;
  type: string;
  start: number;
  /** The offset of the element's `<`: a marker goes above it, outside the tag. */
  element: number;
}

const TAG = /<(\/?)([\w:.]+)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>/g;
const DATA_TYPE = /\bx:DataType\s*=\s*"(?:\{x:Type\s+)?([\w:.]+)\}?"/;
const DESIGN = /\bd:DataContext\s*=\s*"\{d:DesignInstance\s+(?:Type\s*=\s*)?([\w:.]+)/;
const BINDING = /\{(?:Binding|x:Bind)\s+(?:Path\s*=\s*)?([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)/g;

/** The bindings of a view, each with the data type of its element's context. */
function bindingsOf(source: string): Binding[] {
  if (!source.includes('Binding') && !source.includes('x:Bind')) return [];
  const out: Binding[] = [];
  const stack: { name: string; type: string }[] = [];
  for (const m of source.matchAll(TAG)) {
    const [, closing, name, attrs, selfClosing] = m;
    if (closing) {
      const i = stack.map((s) => s.name).lastIndexOf(name!);
      if (i >= 0) stack.length = i;
      continue;
    }
    const declared = DATA_TYPE.exec(attrs!)?.[1] ?? DESIGN.exec(attrs!)?.[1];
    const outer = stack[stack.length - 1]?.type ?? '';
    // An item template's bindings are its items' unless it says their type.
    const type = declared !== undefined ? declared.split(/[:.]/).pop()! : /(?:^|\.)(?:Data|ItemTemplate|Control)Template$/.test(name!) ? '' : outer;
    for (const b of attrs!.matchAll(BINDING)) {
      out.push({ path: b[1]!, type, start: m.index + 1 + name!.length + b.index + b[0].length - b[1]!.length, element: m.index });
    }
    if (!selfClosing) stack.push({ name: name!, type });
  }
  return out;
}

/** The bindings whose first member is one the run's C# sets from a removed field's read, on the class their context is. */
function presentedBindings(bindings: readonly Binding[], project: RunFacts): (Binding & { prop: PresentedProp })[] {
  const presented = project.poly?.language('csharp').presentedProps;
  if (!presented || presented.size === 0) return [];
  const out: (Binding & { prop: PresentedProp })[] = [];
  for (const b of bindings) {
    const prop = presented.get(b.type)?.find((p) => p.prop === b.path.split('.')[0]);
    if (prop) out.push({ ...b, prop });
  }
  return out;
}

/** A view the pre-scan left out: it binds a presented member, or a path through members, in a run whose C# talks to the API. */
function bindsApi(source: string, project: RunFacts): boolean {
  const bindings = bindingsOf(source);
  if (presentedBindings(bindings, project).length > 0) return true;
  return !!project.poly && !project.poly.empty && bindings.some((b) => b.path.includes('.'));
}
