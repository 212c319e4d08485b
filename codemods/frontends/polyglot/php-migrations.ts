import type { SgNode } from '@ast-grep/napi';
import { api, type ResourceName } from '../../../catalogue';
import { columnSite, ownedResource } from '../sql';
import type { Ctx } from './context';
import { encloses } from './context';
import { foreignAddressIn } from './foreign';
import { sameNode, span, type Call } from './lang';
import { modelTie } from './ties';
import { norm } from './vocabulary';

interface Col {
  name: string;
  node: SgNode;
  /** The column's default, when its definition gives one (`'default' => 'complaint'`, `->default('complaint')`). */
  def?: SgNode;
}

/**
 * PHP migrations that create a table of the API's data, as SQL's `CREATE TABLE` (sql.ts): CodeIgniter's
 * `$this->forge->addField(['marketplace' => […], …])` then `createTable('interviews')`, Yii's `$this->createTable('{{%interview}}',
 * ['race' => $this->string(32), …])`, Laravel's `Schema::create('interviews', function (Blueprint $table) {
 * $table->string('marketplace'); … })`. A table named for a resource with two columns or more named for its removed
 * fields is the API's: those columns are sites, and so is a changed mode given as the mode column's default. All
 * manual: the table holds rows already stored.
 */
export function phpMigrations(ctx: Ctx): void {
  const { file } = ctx;
  if (file.spec.id !== 'php' || !/create(?:Table)?\s*\(/.test(file.source)) return;
  for (const call of file.x.calls) {
    if (call.callee === 'createTable' && call.args.length >= 2) table(ctx, call, call.args[0]!, arrayColumns(ctx, call.args[1]!));
    else if (call.callee === 'createTable' && call.args.length === 1) {
      // CodeIgniter: the fields added before, in the same function.
      const fn = file.scopeOf(call.node);
      const added = file.x.calls.filter((c) => c.callee === 'addField' && c.args.length === 1 && encloses(fn, c.node) && span(c.node).start < span(call.node).start);
      table(ctx, call, call.args[0]!, added.flatMap((c) => arrayColumns(ctx, c.args[0]!)));
    } else if ((call.callee === 'create' || call.callee === 'table') && /^\\?(?:\w+\\)*Schema\s*::/.test(call.node.text()) && call.args.length >= 2) {
      table(ctx, call, call.args[0]!, blueprintColumns(ctx, call.args[1]!));
    }
  }
}

function table(ctx: Ctx, call: Call, nameNode: SgNode, columns: Col[]): void {
  const { file, vocab, out } = ctx;
  const name = file.lit(nameNode)?.text.replace(/^\{\{%?|\}\}$/g, '');
  const tie = name ? modelTie(name) : null;
  if (!tie || tie.path.length > 0 || columns.length === 0 || foreignAddressIn(ctx, call.node)) return;
  const resources = new Set<ResourceName>([tie.resource, ...columns.flatMap((c) => ownedResource(c.name))]);
  const removed = columns.map((c) => ({ c, site: columnSite(vocab, c.name, resources) })).filter((x) => x.site && out.has(x.site.change.id));
  if (new Set(removed.map((x) => x.c.name)).size < 2) return;
  for (const { c, site } of removed) {
    const at = span(c.node);
    if (!out.hasSiteOn(site!.change.id, at.start)) out.manual(site!.change.id, at.start, at.end, site!.message, { anchor: at.start, subject: c.name });
  }
  if (tie.resource !== vocab.modeResource) return;
  for (const c of columns) {
    const lit = c.def ? file.lit(c.def) : null;
    const mode = norm(c.name) === norm(api.modeField) && lit?.simple ? vocab.modes.get(lit.text) : undefined;
    if (!mode || !out.has(mode.change.id) || out.hasSiteOn(mode.change.id, lit!.start)) continue;
    out.manual(mode.change.id, lit!.start, lit!.end, mode.message, { anchor: lit!.start, subject: lit!.text });
  }
}

/** The keys of an array of column definitions, with a `'default' => …` entry of each key's array. */
function arrayColumns(ctx: Ctx, arr: SgNode): Col[] {
  const { file } = ctx;
  const pairs = file.x.pairs.filter((p) => sameNode(p.container, arr));
  return pairs.map((p) => {
    const def = p.value ? file.x.pairs.find((q) => q.value && sameNode(q.container, p.value!) && q.key === 'default')?.value ?? defaultCall(ctx, p.value) : undefined;
    return { name: p.key, node: p.keyNode, ...(def ? { def } : {}) };
  });
}

/** `->defaultValue('complaint')` (Yii), `->default('complaint')` (Laravel) in a column's chain. */
function defaultCall(ctx: Ctx, chain: SgNode): SgNode | undefined {
  const c = ctx.file.x.calls.find((k) => /^default(?:Value)?$/.test(k.callee) && k.args.length === 1 && encloses(chain, k.node));
  return c?.args[0];
}

/** Laravel's Blueprint: `$table->string('marketplace')->nullable()`, the first argument of each call on the closure's parameter. */
function blueprintColumns(ctx: Ctx, closure: SgNode): Col[] {
  const { file } = ctx;
  const param = /\(\s*(?:\??[\w\\]+\s+)?\$(\w+)/.exec(closure.text())?.[1];
  if (!param) return [];
  const out: Col[] = [];
  for (const c of file.x.calls) {
    if (!encloses(closure, c.node) || c.args.length === 0 || !new RegExp(`^\\$${param}\\s*->\\s*${c.callee}\\s*\\(`).test(c.node.text())) continue;
    const lit = file.lit(c.args[0]!);
    if (!lit?.simple || !/^\w+$/.test(lit.text)) continue;
    // The whole statement's chain (`->nullable()->default('complaint')`).
    let chain = c.node;
    while (chain.parent() && file.spec.chainKinds.includes(chain.parent()!.kind() as string)) chain = chain.parent()!;
    const def = defaultCall(ctx, chain);
    out.push({ name: lit.text, node: c.args[0]!, ...(def ? { def } : {}) });
  }
  return out;
}
