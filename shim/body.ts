import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import * as zlib from 'node:zlib';

export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError';
}

export class UnsupportedEncodingError extends Error {
  override name = 'UnsupportedEncodingError';
}

/** Read a whole body, failing as soon as it passes `limit` bytes; `onChunk` is told of every chunk. */
export function readBody(stream: Readable, limit: number, onChunk?: () => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      stream.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      onChunk?.();
      size += chunk.length;
      if (size > limit) {
        cleanup();
        reject(new BodyTooLargeError(`body is larger than ${limit} bytes`));
        return;
      }
      chunks.push(chunk);
    };
    let ended = false;
    const onEnd = () => {
      ended = true;
      // No cleanup: the stream is done (its 'close' settles nothing more), and removing four listeners from a
      // message that is about to be dropped costs more than it saves.
      // A body that came in one chunk (most JSON bodies) is not copied.
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    };
    const onError = (err: Error) => {
      cleanup();
      reject(err);
    };
    const onClose = () => {
      if (ended) return;
      cleanup();
      reject(new Error('stream closed before its end'));
    };
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
    stream.on('close', onClose);
  });
}

const gunzip = promisify(zlib.gunzip);
const inflate = promisify(zlib.inflate);
const inflateRaw = promisify(zlib.inflateRaw);
const brotliDecompress = promisify(zlib.brotliDecompress);
const gzip = promisify(zlib.gzip);
const deflate = promisify(zlib.deflate);
const brotliCompress = promisify(zlib.brotliCompress);

/** Content codings the proxy can undo and redo; anything else is passed through untouched. */
export function isSupportedEncoding(encoding: string | undefined): boolean {
  const e = (encoding ?? '').trim().toLowerCase();
  return e === '' || e === 'identity' || e === 'gzip' || e === 'x-gzip' || e === 'deflate' || e === 'br';
}

function tooLarge(err: unknown, limit: number): never {
  if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new BodyTooLargeError(`decoded body is larger than ${limit} bytes`);
  throw err;
}

/** Undo a content coding; the decoded size is capped at `limit` too (no zip bombs). */
export async function decodeBody(buf: Buffer, encoding: string | undefined, limit: number): Promise<Buffer> {
  const e = (encoding ?? '').trim().toLowerCase();
  const opts = { maxOutputLength: limit };
  try {
    switch (e) {
      case '':
      case 'identity':
        return buf;
      case 'gzip':
      case 'x-gzip':
        return await gunzip(buf, opts);
      case 'deflate':
        // RFC 9110 deflate is zlib-wrapped; some servers send it raw.
        try {
          return await inflate(buf, opts);
        } catch (err) {
          if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw err;
          return await inflateRaw(buf, opts);
        }
      case 'br':
        return await brotliDecompress(buf, opts);
      default:
        throw new UnsupportedEncodingError(`content-encoding '${encoding}' is not supported`);
    }
  } catch (err) {
    return tooLarge(err, limit);
  }
}

/** Redo a content coding after a transform. */
export async function encodeBody(buf: Buffer, encoding: string | undefined): Promise<Buffer> {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return gzip(buf);
    case 'deflate':
      return deflate(buf);
    case 'br':
      return brotliCompress(buf, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
    default:
      return buf;
  }
}

const JSON_TYPE = /^\s*application\/(?:[\w.+-]*\+)?json\s*(?:;|$)/i;

export function isJsonType(contentType: string | undefined): boolean {
  return contentType !== undefined && JSON_TYPE.test(contentType);
}

const FORM_TYPE = /^\s*application\/x-www-form-urlencoded\s*(?:;|$)/i;

export function isFormType(contentType: string | undefined): boolean {
  return contentType !== undefined && FORM_TYPE.test(contentType);
}
