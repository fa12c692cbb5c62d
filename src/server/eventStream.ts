import { PassThrough } from 'node:stream';
import type { Context } from 'koa';

/** A comment line every so often keeps proxies from closing a stream that is quiet during a long build. */
const HEARTBEAT_MS = 15_000;

export interface EventStream {
  /** One event: `data: <JSON>` and a blank line. */
  send(data: unknown): void;
  end(): void;
  /** Aborted when the client goes away (closed the EventSource, left the page) or the stream ended. */
  readonly signal: AbortSignal;
}

/** Answers the request with a server-sent event stream, uncompressed and unbuffered so each event arrives as sent. */
export function openEventStream(ctx: Context): EventStream {
  ctx.compress = false;
  ctx.req.socket.setTimeout(0);
  ctx.req.socket.setNoDelay(true);
  ctx.status = 200;
  ctx.set({ 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache, no-transform', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
  const body = new PassThrough();
  ctx.body = body;
  const closed = new AbortController();
  const heartbeat = setInterval(() => body.write(': keep-alive\n\n'), HEARTBEAT_MS);
  const end = () => {
    clearInterval(heartbeat);
    if (!body.writableEnded) body.end();
    closed.abort();
  };
  ctx.res.once('close', end);
  return {
    send(data) {
      if (!body.writableEnded) body.write(`data: ${JSON.stringify(data)}\n\n`);
    },
    end,
    signal: closed.signal,
  };
}
