import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { header } from './header.ts';

const SANE_ID = /^[\w.-]{1,64}$/;

/** The id a request is known by in its answer and the log: a proxy's X-Request-Id when sane, else a fresh one. */
export function requestIdOf(headers: IncomingHttpHeaders): string {
  const incoming = header(headers, 'x-request-id');
  return incoming && SANE_ID.test(incoming) ? incoming : randomUUID();
}
