/**
 * One log line per request, however it ends: at info for 2xx/3xx, warn for 4xx and client aborts, error for
 * 5xx and for exchanges the proxy or the upstream cut (status 0); with the `reason` of every refusal or cut.
 * Info lines can be sampled (`--log-sample`); warnings and errors never are. Paths are logged with query
 * values redacted, and the line is built from an allowlist of fields: no header, body or token reaches it.
 */
import pino, { type Logger } from 'pino';
import type { ClientLabels } from './attribution';
import type { RequestState } from './state';

export type Level = 'info' | 'warn' | 'error';

/** Reasons of a cut exchange (status 0) that are the proxy's or the upstream's doing, not the client's. */
const SERVER_SIDE = new Set(['upstream-cut', 'upstream-timeout', 'drain-timeout']);

export function levelOf(status: number, reason: string | undefined): Level {
  if (status >= 500 || (status === 0 && reason !== undefined && SERVER_SIDE.has(reason))) return 'error';
  if (status >= 400 || status === 0 || reason !== undefined) return 'warn';
  return 'info';
}

const MAX_PATH = 512;

/** `/api/questions/?interview=abc&x` → `/api/questions/?interview=[redacted]&[redacted]`, at most 512 characters. */
export function redactQuery(target: string): string {
  const q = target.indexOf('?');
  if (q === -1) return target.length > MAX_PATH ? `${target.slice(0, MAX_PATH)}…` : target;
  const params = target
    .slice(q + 1)
    .split('&')
    .map((p) => {
      const eq = p.indexOf('=');
      return eq === -1 ? '[redacted]' : `${p.slice(0, Math.min(eq, 64))}=[redacted]`;
    })
    .join('&');
  const out = `${target.slice(0, q)}?${params}`;
  return out.length > MAX_PATH ? `${out.slice(0, MAX_PATH)}…` : out;
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}

const q = JSON.stringify;
const QUOTED_LIMIT = 512;

/**
 * The access line is serialised here, as pino would (`{"level":…,"time":…,<bindings>,<fields>,"msg":"request"}`,
 * the logger's own level numbers and child bindings), and written to the logger's destination: pino's generic
 * object walk, its redaction pass and its time function cost more per line than the fixed layout below (see
 * docs/PERFORMANCE.md). Every value comes from the allowlist of fields; strings are escaped by JSON.stringify.
 * Refusals without a request (rare) go through pino itself.
 */
export class AccessLog {
  private readonly stream: { write(line: string): unknown };
  private readonly prefix: Record<Level, string>;
  private readonly chindings: string;
  /** The time field of the current millisecond (several lines a millisecond share one Date and its formatting). */
  private lastMs = -1;
  private lastTime = '';
  /** Quoted forms of the values that come from small sets (routes, methods, pins, resources, operations, change
   * ids, bounded client labels): one JSON.stringify per value instead of one per line. */
  private readonly quoted = new Map<string, string>();

  constructor(
    private readonly logger: Logger,
    /** Share of info lines written, 0–1. */
    private readonly sample: number,
  ) {
    const syms = pino.symbols as unknown as { streamSym: symbol; chindingsSym: symbol };
    const internals = logger as unknown as Record<symbol, unknown>;
    this.stream = internals[syms.streamSym] as { write(line: string): unknown };
    const chindings = (internals[syms.chindingsSym] as string | undefined) ?? '';
    const level = (l: Level) => `{"level":${logger.levels.values[l]}`;
    this.prefix = { info: level('info'), warn: level('warn'), error: level('error') };
    this.chindings = chindings;
  }

  write(state: RequestState, status: number, aborted: boolean, applied: readonly string[], labels: ClientLabels | null, now: number): void {
    const level = levelOf(status, state.reason);
    if (level === 'info' && (this.sample < 1 ? Math.random() >= this.sample : false)) return;
    if (!this.logger.isLevelEnabled(level)) return;
    let changes = '[';
    for (let i = 0; i < applied.length; i++) changes += (i === 0 ? '' : ',') + this.q(applied[i]!);
    changes += ']';
    const upstreamMs = state.forwardedAt !== undefined && state.upstreamHeadersAt !== undefined ? String(round(state.upstreamHeadersAt - state.forwardedAt)) : 'null';
    const ms = Date.now();
    if (ms !== this.lastMs) {
      this.lastMs = ms;
      this.lastTime = new Date(ms).toISOString();
    }
    this.stream.write(
      `${this.prefix[level]},"time":"${this.lastTime}"${this.chindings},"route":${this.q(state.route)},"method":${this.q(state.method)},"path":${q(state.logPath)}` +
        `,"legacyVersion":${this.str(state.pin)},"resource":${this.str(state.resource)},"operation":${this.str(state.operation)},"changesApplied":${changes}` +
        `,"upstreamStatus":${state.upstreamStatus ?? 'null'},"status":${status},"aborted":${aborted},"ms":${round(now - state.started)},"upstreamMs":${upstreamMs}` +
        (labels ? `,"client":${this.q(labels.client)},"app":${this.q(labels.app)},"appVersion":${this.q(labels.appVersion)}` : '') +
        (state.reason !== undefined ? `,"reason":${q(state.reason)}` : '') +
        ',"msg":"request"}\n',
    );
  }

  /** `JSON.stringify(value)`, from the cache of small-set values (bounded: a flood of new values is quoted each time). */
  private q(value: string): string {
    let out = this.quoted.get(value);
    if (out === undefined) {
      out = q(value);
      if (this.quoted.size < QUOTED_LIMIT) this.quoted.set(value, out);
    }
    return out;
  }

  private str(value: string | null | undefined): string {
    return value === null || value === undefined ? 'null' : this.q(value);
  }

  /** A connection refused or a request that never got past the HTTP parser (no request object). */
  refusal(status: number, reason: string, detail?: string): void {
    this.logger.warn({ route: 'refused', status, reason, ...(detail ? { detail } : {}) }, 'request');
  }
}
