import { isCall, isFunction, isMember, memberName, stringValue, type Node, type Path } from '../ast';
import type { FileContext } from '../file';
import type { Tie } from './tie';
import { paramRequestTie } from './wrappers';

/**
 * Electron's IPC: a renderer or preload script hands values to the main process over a channel
 * (`ipcRenderer.invoke(Channels.AddIntent, intent, detail)`, `send`, `sendSync`) and the main process's handler takes
 * them as its parameters after the event (`ipcMain.handle(Channels.AddIntent, (_e, intent, detail) => …)`). What the
 * handler does with a parameter (sends it as a removed field) is what the sender's argument at the same place becomes.
 * Channels are matched by their text: a string, or the constant's expression both sides name (`Channels.AddIntent`).
 */

/** Methods of the main process's IPC object that register a handler, and of the renderer's that send. */
const HANDLERS = new Set(['handle', 'handleOnce', 'on', 'once']);
const SENDERS = new Set(['invoke', 'send', 'sendSync']);

/** The key a channel expression is matched by: its string, or its own text (`Channels.AddIntent`). */
function channelKey(ctx: FileContext, n: Node): string | null {
  const s = stringValue(n);
  if (s !== null) return `=${s}`;
  if (n?.type === 'Identifier' || (isMember(n) && !n.computed)) return ctx.source.slice(n.start, n.end).replace(/\s+/g, '');
  return null;
}

/** Whether a callee is a method of an IPC object (`ipcMain.handle`, `ipcRenderer.invoke`, `electron.ipcRenderer.send`). */
function ipcMethod(callee: Node, methods: Set<string>, owner: RegExp): boolean {
  if (!isMember(callee) || !methods.has(memberName(callee) ?? '')) return false;
  const obj = callee.object;
  const name = obj.type === 'Identifier' ? obj.name : isMember(obj) ? memberName(obj) : null;
  return !!name && owner.test(name);
}

/** For the project facts: the parameters this file's IPC handlers send to the API, by channel. */
export function ipcHandlerParams(ctx: FileContext): Record<string, { index: number; tie: Tie }[]> {
  const out: Record<string, { index: number; tie: Tie }[]> = {};
  for (const call of ctx.nodesOf('CallExpression')) {
    const n = call.node;
    if (!ipcMethod(n.callee, HANDLERS, /^ipcMain$/) || n.arguments.length < 2 || !isFunction(n.arguments[1])) continue;
    const key = channelKey(ctx, n.arguments[0]);
    if (!key) continue;
    const fn = call.get('arguments', 1);
    const list: { index: number; tie: Tie }[] = [];
    for (let i = 1; i < fn.node.params.length; i++) {
      const tie = paramRequestTie(ctx, fn, i);
      if (tie && tie.role === 'request') list.push({ index: i, tie });
    }
    if (list.length > 0) out[key] = list;
  }
  return out;
}

/** Whether the file sends over IPC (its arguments are worth a second look once the handlers are known). */
export function sendsIpc(ctx: FileContext): boolean {
  return ctx.nodesOf('CallExpression').some((c: Path) => ipcMethod(c.node.callee, SENDERS, /^ipcRenderer$/));
}

/** What an argument handed over IPC becomes in the main process's handler of its channel, if it sends it. */
export function ipcArgumentTie(ctx: FileContext, call: Path, index: number): Tie | null {
  const n = call.node;
  if (!isCall(n) || index < 1 || !ipcMethod(n.callee, SENDERS, /^ipcRenderer$/)) return null;
  const key = channelKey(ctx, n.arguments[0]);
  const params = key ? ctx.project.ipcHandler?.(key) : null;
  return params?.find((p) => p.index === index)?.tie ?? null;
}

