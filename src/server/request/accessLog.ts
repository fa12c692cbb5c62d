import type { ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { redactUrl } from '../redact.ts';

interface RequestLine {
  reqId: string;
  method: string | undefined;
  url: string | undefined;
  ip: string | undefined;
}

/**
 * One line per request, written when the response is finished (so streamed bodies are timed whole), with
 * any token in the query string masked.
 */
export function logWhenFinished(log: Logger, res: ServerResponse, line: RequestLine): void {
  const start = process.hrtime.bigint();
  res.once('finish', () => {
    log.info({ ...line, url: line.url && redactUrl(line.url), status: res.statusCode, ms: Number((process.hrtime.bigint() - start) / 1000n) / 1000 }, 'request');
  });
}
