import type { Ctx } from './context';
import { span } from './lang';
import { norm } from './vocabulary';

/**
 * What a test reads back from the request its client sent (`json.loads(route.calls.last.request.content)["extra"]`,
 * `json.loads(mocked.calls[-1].request.body)["extra"]`, `$this->requests[1]['body']['extra']`): a removed request
 * field read there is one the client still sends. The resource is the one whose URL the function's stub is given
 * (exactly one); a function that stubs another host, or two resources, tells nothing.
 */
const SENT = /\brequests?\b(?:\s*\[[^\]]*\])?\s*(?:\.|->|\[\s*['"])\s*(?:content|body|data|json)\b['"]?\s*\]?(?:\s*\(\s*\))?\s*\)?\s*(?:\[\s*['"]|\.\s*)(\w+)/g;

export function sentReads(ctx: Ctx): void {
  const { file, vocab, out } = ctx;
  const kinds = new Set(file.spec.chainKinds);
  for (const node of file.within(file.root, file.spec.chainKinds)) {
    const parent = node.parent();
    if (parent && kinds.has(parent.kind() as string) && span(parent).start === span(node).start) continue;
    const text = node.text();
    for (const m of text.matchAll(SENT)) {
      const k = norm(m[1]!);
      if (!vocab.fieldNames.has(k)) continue;
      const scope = file.scopeOf(node);
      if (scope === file.root) continue;
      const resources = new Set(file.resourcesIn(scope).map((r) => r.resource));
      if (resources.size !== 1) continue;
      const site = vocab.fields([...resources][0]!, [k], 'request')[0];
      if (!site || !out.has(site.change.id)) continue;
      const start = span(node).start + m.index + m[0].length - m[1]!.length;
      out.manual(site.change.id, start, start + m[1]!.length, site.message, { anchor: start, subject: m[1]! });
    }
  }
}
