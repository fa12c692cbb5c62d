import { Stream, Readable } from 'node:stream';
import type { Context, Middleware } from 'koa';
import compressible from 'compressible';
import { ClientError } from '../errors.ts';
import { COMPRESSION_THRESHOLD, QUICK_LEVELS, compressBody, compressor, encodingOf } from '../request/encoding.ts';

/**
 * Answers held in memory up to this size are compressed in one synchronous call. A zlib stream costs about a
 * millisecond of CPU per answer whatever its size (its own thread pool round trip, the stream machinery, the
 * encoder's state set up and torn down), one call 0.05–0.08 ms for an admin list's 5 KB: measured, the stream
 * doubled the time of an admin list request. Larger answers and streamed ones keep the stream, which does not
 * hold the event loop.
 */
const ONE_CALL_LIMIT = 256 * 1024;

const EMPTY_BODY_STATUSES = new Set([204, 205, 304]);
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/** Whether the answer is one to compress: a body of a compressible type, nothing that forbids it. */
function compressibleAnswer(ctx: Context): boolean {
  const { response } = ctx;
  return (
    ctx.body != null &&
    !ctx.res.headersSent &&
    ctx.writable &&
    ctx.compress !== false &&
    ctx.method !== 'HEAD' &&
    !EMPTY_BODY_STATUSES.has(ctx.status) &&
    // Content-Range describes unencoded byte offsets.
    ctx.status !== 206 &&
    !response.get('Content-Range') &&
    !response.get('Content-Encoding') &&
    compressible(response.type) === true &&
    !NO_TRANSFORM.test(response.get('Cache-Control'))
  );
}

/**
 * The body as bytes when it is held in memory (a string, bytes, or JSON Koa would serialise); null for a stream,
 * or a web body (Blob, ReadableStream, Response), which is sent as it is.
 */
function bytesOf(body: unknown): Buffer | null {
  if (Buffer.isBuffer(body)) return body;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof Stream || body instanceof Blob || body instanceof ReadableStream || body instanceof Response) return null;
  return Buffer.from(JSON.stringify(body));
}

/**
 * Compresses answers (brotli or gzip, above 1 KB). A request that rules out every encoding we can produce,
 * `identity;q=0` included, gets 406.
 */
export function compression(): Middleware {
  return async (ctx, next) => {
    const encoding = encodingOf(ctx.req);
    if (encoding === null) throw new ClientError(406, 'security:notAcceptable');
    ctx.vary('Accept-Encoding');
    await next();
    if (encoding === 'identity' || !compressibleAnswer(ctx)) return;
    const body: unknown = ctx.body;
    const bytes = bytesOf(body);
    if (bytes === null && !(body instanceof Readable)) return;
    // JSON serialised here goes out as these bytes, compressed or not: Koa would serialise it again.
    if (bytes !== null && typeof body !== 'string' && !Buffer.isBuffer(body)) ctx.body = bytes;
    const size = bytes?.length ?? ctx.response.length;
    if (size !== undefined && size < COMPRESSION_THRESHOLD) return;
    // Koa keeps the Content-Type already set when the body is replaced, and sets the new body's length.
    if (bytes !== null && bytes.length <= ONE_CALL_LIMIT) {
      ctx.body = compressBody(bytes, encoding, QUICK_LEVELS);
    } else {
      const encoder = compressor(encoding, QUICK_LEVELS, size);
      ctx.body = bytes !== null ? Readable.from([bytes]).pipe(encoder) : (body as Readable).pipe(encoder);
    }
    ctx.set('Content-Encoding', encoding);
  };
}
