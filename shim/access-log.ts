/**
 * One log line per request, however it ends: at info for 2xx/3xx, warn for 4xx and client aborts, error for
 * 5xx and for exchanges the proxy or the upstream cut (status 0); with the `reason` of every refusal or cut.
 * Info lines can be sampled (`--log-sample`); warnings and errors never are. Paths are logged with query
 * values redacted, and the line is built from an allowlist of fields: no header, body or token reaches it.
 */
import type { Logger } from 'pino';
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

export class AccessLog {
  constructor(
    private readonly logger: Logger,
    /** Share of info lines written, 0–1. */
    private readonly sample: number,
  ) {}

  write(state: RequestState, status: number, aborted: boolean, applied: string[], labels: ClientLabels | null, now: number): void {
    const level = levelOf(status, state.reason);
    if (level === 'info' && (this.sample < 1 ? Math.random() >= this.sample : false)) return;
    if (!this.logger.isLevelEnabled(level)) return;
    this.logger[level](
      {
        route: state.route,
        method: state.method,
        path: state.logPath,
        legacyVersion: state.pin,
        resource: state.resource,
        operation: state.operation,
        changesApplied: applied,
        upstreamStatus: state.upstreamStatus ?? null,
        status,
        aborted,
        ms: round(now - state.started),
        upstreamMs: state.forwardedAt !== undefined && state.upstreamHeadersAt !== undefined ? round(state.upstreamHeadersAt - state.forwardedAt) : null,
        ...(labels ? { client: labels.client, app: labels.app, appVersion: labels.appVersion } : {}),
        ...(state.reason !== undefined ? { reason: state.reason } : {}),
      },
      'request',
    );
  }

  /** A connection refused or a request that never got past the HTTP parser (no request object). */
  refusal(status: number, reason: string, detail?: string): void {
    this.logger.warn({ route: 'refused', status, reason, ...(detail ? { detail } : {}) }, 'request');
  }
}
