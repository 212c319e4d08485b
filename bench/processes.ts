/**
 * The shim benchmark's child processes: their CPU time from /proc, their first output line, the proxy's address
 * and request log, and stopping them all.
 */
import type { ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import { StringDecoder } from 'node:string_decoder';

/** CPU time (user + system) of a process so far, in ms, from /proc (Linux), or null. */
export function procCpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the whole line (11 and 12 after the command name), in clock ticks.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
const CLOCK_TICKS = 100;

/** CPU time of a process and its children (the primary of `--workers` and its workers), in ms, or null. */
export function procTreeCpuMs(pid: number | undefined): number | null {
  const own = procCpuMs(pid);
  if (own === null) return null;
  let total = own;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) total += procCpuMs(Number(entry)) ?? 0;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

export function firstJsonLine<T>(child: ChildProcess): Promise<T> {
  return new Promise((resolve, reject) => {
    let buf = '';
    const onData = (chunk: Buffer) => {
      buf += chunk.toString('utf8');
      const nl = buf.indexOf('\n');
      if (nl === -1) return;
      child.stdout!.off('data', onData);
      child.stdout!.resume();
      try {
        resolve(JSON.parse(buf.slice(0, nl)) as T);
      } catch (err) {
        reject(err as Error);
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening`)));
  });
}

/** The proxy's address, from its 'listening' log line. */
export async function listeningAddress(logFile: string, child: ChildProcess): Promise<string> {
  let exited = false;
  child.once('exit', () => (exited = true));
  for (let i = 0; i < 200; i++) {
    for (const line of fs.readFileSync(logFile, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const rec = JSON.parse(line) as { msg?: string; address?: string };
      if (rec.msg === 'listening' && rec.address) return rec.address;
    }
    if (exited) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('sc-migrate proxy did not start');
}

/** The proxy's request lines and the change ids they applied, read in chunks: a long run's log passes 512 MB, more
 * than one string can hold. */
export function readProxyLog(logFile: string, chunk = 8 * 1024 * 1024): { changesApplied: Record<string, number>; lines: number } {
  const changesApplied: Record<string, number> = {};
  let lines = 0;
  const take = (line: string) => {
    if (!line.includes('"msg":"request"')) return;
    lines++;
    const rec = JSON.parse(line) as { changesApplied?: string[] };
    for (const id of rec.changesApplied ?? []) changesApplied[id] = (changesApplied[id] ?? 0) + 1;
  };
  const fd = fs.openSync(logFile, 'r');
  try {
    const buf = Buffer.allocUnsafe(chunk);
    const decoder = new StringDecoder('utf8');
    let rest = '';
    for (;;) {
      const n = fs.readSync(fd, buf, 0, buf.length, null);
      if (n === 0) break;
      const parts = (rest + decoder.write(buf.subarray(0, n))).split('\n');
      rest = parts.pop()!;
      for (const line of parts) take(line);
    }
    take(rest + decoder.end());
  } finally {
    fs.closeSync(fd);
  }
  return { changesApplied, lines };
}

export async function stopAll(children: ChildProcess[]): Promise<void> {
  await Promise.all(
    children.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.exitCode !== null || c.signalCode !== null) return resolve();
          const timer = setTimeout(() => {
            c.kill('SIGKILL');
          }, 5000);
          c.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          c.kill('SIGTERM');
        }),
    ),
  );
  children.length = 0;
}
