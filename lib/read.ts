import { isBinaryFileSync } from 'isbinaryfile';
import * as fs from 'node:fs';

/**
 * Reading a file for the pipeline: binary files are recognised by their bytes (isbinaryfile: NUL bytes,
 * encoding sniffing); text is decoded as UTF-8, and a file that is not valid UTF-8 is flagged so it is never
 * written back. Minified and generated sources are recognised by their shape and their header. Files over the
 * size limit are never read whole: `streamLines` searches them line by line with bounded memory.
 */

export interface Decoded {
  text: string;
  /** False when the bytes are not valid UTF-8 (the text is then lossy, or UTF-16, and must not be written back). */
  utf8: boolean;
  /** Set when the text was decoded from UTF-16 (a BOM, or ASCII-range text with every other byte NUL). */
  encoding?: 'UTF-16LE' | 'UTF-16BE';
}

/**
 * A file's bytes, or only its size when it is over `maxSize` (such a file is not read whole): one open, fstat, read
 * and close, without a separate stat by path.
 */
export function readUpTo(file: string, maxSize: number): { size: number; buf: Buffer | null } {
  const fd = fs.openSync(file, 'r');
  try {
    const { size } = fs.fstatSync(fd);
    if (size > maxSize) return { size, buf: null };
    // A size of 0 may be a file whose size the system does not know: read it to its end.
    if (size === 0) return { size, buf: fs.readFileSync(fd) };
    const buf = Buffer.allocUnsafe(size);
    let read = 0;
    while (read < size) {
      const n = fs.readSync(fd, buf, read, size - read, read);
      if (n === 0) break;
      read += n;
    }
    return { size, buf: read < size ? buf.subarray(0, read) : buf };
  } finally {
    fs.closeSync(fd);
  }
}

export function isBinary(buf: Buffer): boolean {
  return isBinaryFileSync(buf, buf.length);
}

/** The first bytes of a file (enough for `isBinary` to tell), without reading the rest. */
export async function readHead(file: string, bytes = 8192): Promise<Buffer> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** A file's text: UTF-16 when its bytes say so (`decodeUtf16`), else UTF-8. */
export function decodeText(buf: Buffer): Decoded {
  return decodeUtf16(buf) ?? decode(buf);
}

/**
 * UTF-16 text, which editors on Windows still write (a C# or PowerShell file, a `.resx`): a byte order mark, or
 * ASCII-range text whose every other byte is NUL, which isbinaryfile takes for binary. Decoded so that what it
 * holds is found, and flagged as not UTF-8 so that it is never written back. Null for anything else.
 */
export function decodeUtf16(buf: Buffer): Decoded | null {
  let le: boolean | null;
  let start = 0;
  if (buf.length >= 2 && buf[0] === 0xff && buf[1] === 0xfe && !(buf.length >= 4 && buf[2] === 0 && buf[3] === 0)) [le, start] = [true, 2];
  else if (buf.length >= 2 && buf[0] === 0xfe && buf[1] === 0xff) [le, start] = [false, 2];
  else le = nulEveryOtherByte(buf);
  if (le === null) return null;
  const body = Buffer.from(buf.subarray(start, start + ((buf.length - start) & ~1)));
  if (!le) body.swap16();
  return { text: body.toString('utf16le'), utf8: false, encoding: le ? 'UTF-16LE' : 'UTF-16BE' };
}

/** Little-endian (true) or big-endian (false) when the first bytes are ASCII-range UTF-16 without a BOM, else null. */
function nulEveryOtherByte(buf: Buffer): boolean | null {
  const pairs = Math.min(buf.length, 4096) >> 1;
  // Text of either kind starts with an ASCII-range character: one of its first two bytes is NUL.
  if (pairs < 8 || (buf[0] !== 0 && buf[1] !== 0)) return null;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < pairs; i++) {
    if (buf[2 * i] === 0) evenNul++;
    if (buf[2 * i + 1] === 0) oddNul++;
  }
  if (oddNul >= pairs * 0.9 && evenNul <= pairs * 0.02) return true;
  if (evenNul >= pairs * 0.9 && oddNul <= pairs * 0.02) return false;
  return null;
}

export function decode(buf: Buffer): Decoded {
  const text = buf.toString('utf8');
  return { text, utf8: !text.includes('\uFFFD') || Buffer.from(text, 'utf8').equals(buf) };
}

/** Longest line, and mean line length, beyond which a source is taken for minified or generated. */
export const MINIFIED_MAX_LINE = 20_000;
export const MINIFIED_MEAN_LINE = 300;

/**
 * Whether a source looks minified: a huge line, or a mean line length no person writes. Line ends are counted only
 * until there are enough of them for a mean a person writes, and the longest line is looked for window by window
 * (the last line end within MINIFIED_MAX_LINE of a line's start), not line by line.
 */
export function looksMinified(text: string): boolean {
  if (text.length < 1024) return false;
  // The mean line is too long when the text has fewer than length / MINIFIED_MEAN_LINE lines.
  const enough = text.length / MINIFIED_MEAN_LINE;
  let lines = 1;
  for (let i = text.indexOf('\n'); i !== -1 && lines < enough; i = text.indexOf('\n', i + 1)) lines++;
  if (lines < enough) return true;
  for (let start = 0; text.length - start > MINIFIED_MAX_LINE; ) {
    const end = text.lastIndexOf('\n', start + MINIFIED_MAX_LINE);
    if (end < start) return true;
    start = end + 1;
  }
  return false;
}

/**
 * Whether a file says it is generated: Go's `// Code generated … DO NOT EDIT.` convention, `@generated`
 * (Facebook/Phabricator), or an `auto-generated`/`autogenerated` + `do not edit` banner, in its first lines.
 */
export function looksGenerated(text: string): boolean {
  const head = text.slice(0, 1024);
  return /^\s*(?:\/\/|#|\/\*|\*|<!--)\s*Code generated .* DO NOT EDIT\.?/m.test(head) || /@generated\b/.test(head) || (/auto[- ]?generated/i.test(head) && /do not (?:edit|modify)/i.test(head));
}

/** Default size limit for parsing: larger files are only searched by the text pass. */
export const DEFAULT_MAX_FILE_SIZE = 2 * 1024 * 1024;

/**
 * Lines of a file that contain one of `needles` (case-insensitive), read in chunks: memory stays bounded by
 * the chunk size and the longest line kept (a line longer than `maxLine` is searched in pieces and reported by
 * its first piece). At most `limit` lines are returned.
 */
export async function streamLines(file: string, needles: readonly string[], limit = 200, maxLine = 64 * 1024): Promise<{ line: number; text: string; offsetInLine: number }[]> {
  const lower = needles.map((n) => n.toLowerCase());
  const longest = Math.max(0, ...lower.map((n) => n.length));
  const out: { line: number; text: string; offsetInLine: number }[] = [];
  let line = 1;
  let carry = '';
  let carryOffset = 0;
  const search = (text: string, lineNo: number, base: number) => {
    const l = text.toLowerCase();
    for (const n of lower) {
      const i = l.indexOf(n);
      if (i >= 0) {
        out.push({ line: lineNo, text: text.slice(Math.max(0, i - 200), i + 400), offsetInLine: base + i });
        return true;
      }
    }
    return false;
  };
  const stream = fs.createReadStream(file, { encoding: 'utf8', highWaterMark: 1024 * 1024 });
  for await (const chunk of stream as AsyncIterable<string>) {
    let text = carry + chunk;
    let nl = text.indexOf('\n');
    while (nl !== -1) {
      if (search(text.slice(0, nl), line, carryOffset) && out.length >= limit) {
        stream.destroy();
        return out;
      }
      line++;
      carryOffset = 0;
      text = text.slice(nl + 1);
      nl = text.indexOf('\n');
    }
    if (text.length > maxLine) {
      // One huge line (a minified bundle): search what we have, keep a tail that can hold a needle's start.
      const keep = Math.max(longest, 1);
      if (search(text.slice(0, text.length - keep + 1), line, carryOffset) && out.length >= limit) {
        stream.destroy();
        return out;
      }
      carryOffset += text.length - keep + 1;
      text = text.slice(text.length - keep + 1);
    }
    carry = text;
  }
  if (carry) search(carry, line, carryOffset);
  return out;
}
