import type { ResourceName } from '../../../catalogue';
import type { SgNode } from '@ast-grep/napi';
import type { Ctx } from './context';
import { all, lambdaParams, span } from './lang';
import { escapeRe } from './file';
import { norm } from './vocabulary';

/**
 * Test doubles that match the request a client sent: Laravel's `Http::assertSent(fn ($request) => str_contains(
 * $request->url(), 'complaints/') && $request['extra'] === 'x')`, WebMock's `.with { |req| … }` beside the stubbed
 * path, a Guzzle history closure. In a closure of one parameter whose body names exactly one resource's path, a
 * key read from the parameter (`$request['extra']`, `req.body['extra']`, `$request->data()['extra']`) is a field
 * of the request sent to that resource.
 */
export function requestMatchers(ctx: Ctx): void {
  const { file, vocab, out } = ctx;
  const kinds = file.spec.lambdas?.kinds ?? [];
  for (const fn of all(file.root, ...kinds)) {
    const params = lambdaParams(file.spec, fn);
    if (!params || params.length !== 1) continue;
    const resources = new Set(file.resourcesIn(fn).map((r) => r.resource));
    // Or the call the closure is an argument of names it (PHPUnit's `->with('post', 'complaints/', $this->callback(function
    // ($options) { … }))`, Mockery's `->withArgs(…)`): the nearest enclosing call, within the closure's statement.
    if (resources.size === 0) for (const r of enclosingCallResources(file, fn)) resources.add(r);
    if (resources.size !== 1) continue;
    const resource = [...resources][0]!;
    const { start, end } = span(fn);
    const text = file.source.slice(start, end);
    const re = new RegExp(`[$@]?\\b${escapeRe(params[0]!)}\\b(?:(?:->|\\.)(?:body|data|json|payload)(?:\\(\\))?|\\s*\\[\\s*["'](?:body|data|json|payload|form_params)["']\\s*\\])?\\s*\\[\\s*(["':])(\\w+)["']?\\s*\\]`, 'g');
    for (const m of text.matchAll(re)) {
      const k = norm(m[2]!);
      if (!vocab.fieldNames.has(k)) continue;
      const site = vocab.fields(resource, [k], 'request')[0];
      if (!site || !out.has(site.change.id)) continue;
      const at = start + m.index + m[0].lastIndexOf(m[2]!);
      out.manual(site.change.id, at, at + m[2]!.length, site.message, { anchor: at, subject: m[2]! });
    }
  }
}

/** The resources named by the nearest call around a closure that names any (its arguments: the method and path it matches). */
function enclosingCallResources(file: Ctx['file'], fn: SgNode): ResourceName[] {
  for (let n = fn.parent(), depth = 0; n && depth < 8 && !/statement|declaration|^program$/.test(n.kind() as string); n = n.parent(), depth++) {
    if (!file.spec.chainKinds.includes(n.kind() as string) && !/call/.test(n.kind() as string)) continue;
    const found = file.resourcesIn(n).map((r) => r.resource);
    if (found.length > 0) return found;
  }
  return [];
}
