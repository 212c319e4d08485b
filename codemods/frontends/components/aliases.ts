import type { TemplateAlias } from './template-reads';

/**
 * Loop aliases of template languages: `o in question.options`, `(o, i) of list` (Vue `v-for`, AngularJS
 * `ng-repeat`, Alpine `x-for`, Jinja/Django/Twig `for o in list`), `let o of list` (Angular `*ngFor`).
 */
export function forAlias(text: string): TemplateAlias | null {
  // AngularJS `c in vm.complaints track by c.token`: the list ends before `track by` (and before a filter or `;`).
  const m = /^\s*(?:let\s+)?\(?\s*([A-Za-z_$][\w$]*)\s*(?:,[^)]*)?\)?\s+(?:in|of)\s+([^;|]+?)\s*(?:\s+track\s+by\s+.*|;.*|\|.*)?$/s.exec(text);
  return m ? { name: m[1]!, of: m[2]! } : null;
}
