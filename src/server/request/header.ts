import type { IncomingHttpHeaders } from 'node:http';

/** A request header's value; of one Node keeps as a list (Set-Cookie), the first. */
export function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}
