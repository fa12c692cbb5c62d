import type { IncomingMessage } from 'node:http';
import zlib from 'node:zlib';
import accepts from 'accepts';

/** The encodings answers may use, best first. */
export const RESPONSE_ENCODINGS = ['br', 'gzip', 'identity'] as const;

export type Encoding = (typeof RESPONSE_ENCODINGS)[number];

/** Bodies from this size on are compressed; smaller ones gain too little for the work. */
export const COMPRESSION_THRESHOLD = 1024;

/** How hard a body is compressed in each encoding. */
export interface Levels {
  readonly br: number;
  readonly gzip: number;
}

/** The levels of a body compressed for one answer: quick, as it is made on every request. */
export const QUICK_LEVELS: Levels = { br: 4, gzip: 6 };

/** How far back deflate looks for a match: its window less MIN_LOOKAHEAD (zlib's deflate.h). */
const DEFLATE_LOOKAHEAD = 262;
const [MIN_WINDOW_BITS, MAX_WINDOW_BITS] = [9, 15];

/**
 * Deflate's window for a body of `length` bytes: the smallest that still reaches its first byte from its last.
 * A larger one finds no more matches, so the output is the same bytes.
 */
export function deflateWindowBits(length: number): number {
  return Math.min(MAX_WINDOW_BITS, Math.max(MIN_WINDOW_BITS, Math.ceil(Math.log2(length + DEFLATE_LOOKAHEAD))));
}

// An encoder's options are fitted to the body's length (undefined: a stream of unknown length): the same output
// with less work. By default deflate sets up its 32 KB window (256 KB of state) and brotli sizes its buffers for
// 4 MB, for every body; under npm start's MALLOC_TRIM_THRESHOLD_, glibc maps and unmaps each allocation that
// large on every call. A 5 KB admin list answer took 160 µs in gzip and 720 µs in brotli, 33 and 180 µs fitted
// (a loaded 2-core host). Brotli fits its buffers to the size hint.

function gzipOptions(level: number, length: number | undefined): zlib.ZlibOptions {
  return length === undefined ? { level } : { level, windowBits: deflateWindowBits(length) };
}

function brotliOptions(quality: number, length: number | undefined): zlib.BrotliOptions {
  return { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, ...(length === undefined ? {} : { [zlib.constants.BROTLI_PARAM_SIZE_HINT]: length }) } };
}

/** A body held in memory, compressed in one call. */
export function compressBody(body: Buffer | string, encoding: 'br' | 'gzip', levels: Levels): Buffer {
  const length = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
  return encoding === 'br' ? zlib.brotliCompressSync(body, brotliOptions(levels.br, length)) : zlib.gzipSync(body, gzipOptions(levels.gzip, length));
}

/** An encoder for a body of `length` bytes, or of a length not known. */
export function compressor(encoding: 'br' | 'gzip', levels: Levels, length?: number): zlib.BrotliCompress | zlib.Gzip {
  return encoding === 'br' ? zlib.createBrotliCompress(brotliOptions(levels.br, length)) : zlib.createGzip(gzipOptions(levels.gzip, length));
}

/** The encoding an answer goes out in, or null when the request accepts none of ours (identity;q=0): a 406. */
export function encodingOf(req: IncomingMessage): Encoding | null {
  const accepted = req.headers['accept-encoding'] ? accepts(req).encodings(...RESPONSE_ENCODINGS) : 'identity';
  if (!accepted) return null;
  return accepted === 'br' || accepted === 'gzip' ? accepted : 'identity';
}
