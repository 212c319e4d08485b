/**
 * The JSON log's destination: lines collected in an array and written in batches of at least 64 KB (joined once),
 * and at least every 200 ms. A batch is written synchronously (a file or a blocking pipe takes 64 KB in tens of
 * microseconds, 160 or so lines); only a descriptor that would block (EAGAIN: a non-blocking pipe) gets one
 * asynchronous write at a time. With asynchronous writes throughout the proxy slowed down after ~15 s of sustained load
 * (CPU per request 1.25× → 1.85× the bare proxy's, docs/PERFORMANCE.md); with synchronous ones after ~50 s, as it does
 * with no access line at all: that knee is V8's memory reducer's (shim/node-flags.ts), not the log's. SonicBoom (pino's
 * own destination) appends every line to one growing string and measures that string's byte length on each write,
 * which costs about 5 µs a line once batches are several kilobytes; this costs about 1 µs.
 *
 * `flush(cb)` (pino's `logger.flush`) waits until everything written so far is out; what is still pending
 * when the process exits is written synchronously then.
 */
import * as fs from 'node:fs';

const RETRY_MS = 10;

export class BatchedDestination {
  private parts: string[] = [];
  private size = 0;
  private writing = false;
  private waiters: (() => void)[] = [];
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly fd: number,
    private readonly minLength = 64 * 1024,
    interval = 200,
  ) {
    this.timer = setInterval(() => this.drain(), interval).unref();
    process.once('exit', () => this.flushSync());
  }

  write(line: string): boolean {
    this.parts.push(line);
    this.size += line.length;
    if (this.size >= this.minLength) this.drain();
    return true;
  }

  /** Call `cb` once everything written before it is out (pino's `logger.flush(cb)`). */
  flush(cb?: (err?: Error) => void): void {
    if (cb) this.waiters.push(cb);
    this.drain();
  }

  /** Write what is pending synchronously (at exit). */
  flushSync(): void {
    clearInterval(this.timer);
    if (this.parts.length === 0) return;
    let data = Buffer.from(this.take(), 'utf8');
    while (data.length > 0) {
      try {
        data = data.subarray(fs.writeSync(this.fd, data));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') return;
      }
    }
  }

  end(): void {
    this.flush();
  }

  private take(): string {
    const data = this.parts.length === 1 ? this.parts[0]! : this.parts.join('');
    this.parts = [];
    this.size = 0;
    return data;
  }

  private drain(): void {
    if (this.writing) return;
    if (this.parts.length === 0) {
      const waiters = this.waiters;
      this.waiters = [];
      for (const w of waiters) w();
      return;
    }
    const rest = this.writeNow(Buffer.from(this.take(), 'utf8'));
    if (rest.length === 0) {
      this.drain();
      return;
    }
    this.writing = true;
    this.send(rest);
  }

  /** Write synchronously as far as the descriptor takes it; what it would block on is returned. */
  private writeNow(data: Buffer): Buffer {
    while (data.length > 0) {
      try {
        data = data.subarray(fs.writeSync(this.fd, data));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EAGAIN') return data;
        // Any other error (a closed stdout): the lines cannot be written anywhere; drop them.
        return data.subarray(data.length);
      }
    }
    return data;
  }

  private send(data: Buffer): void {
    fs.write(this.fd, data, 0, data.length, null, (err, written) => {
      if (err && err.code === 'EAGAIN') {
        setTimeout(() => this.send(data), RETRY_MS).unref();
        return;
      }
      // Any other error (a closed stdout): the lines cannot be written anywhere; drop them.
      if (!err && written < data.length) {
        this.send(data.subarray(written));
        return;
      }
      this.writing = false;
      if (this.size >= this.minLength || this.waiters.length > 0) this.drain();
    });
  }
}
