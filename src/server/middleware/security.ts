import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Middleware } from 'koa';
import helmet from 'helmet';

/**
 * Content-Security-Policy: scripts and styles only from our origin or with this response's nonce (no inline
 * style attributes: what is placed by number gets a nonce'd style element, or its style set from script
 * after hydration); images, fonts and connections only from our origin, plus the object storage's origins
 * when uploads live there (files shown from it, direct uploads sent to it). Iframe menu items may show other
 * https sites. Built around the nonce from fixed parts, as it is sent with every response.
 */
export type CspOf = (nonce: string) => string;

export function contentSecurityPolicy(storageOrigins: readonly string[] = []): CspOf {
  const storage = storageOrigins.map((o) => ` ${o}`).join('');
  const script = "default-src 'self';script-src 'self' 'nonce-";
  const style = "';style-src 'self' 'nonce-";
  const rest = [
    "'",
    `img-src 'self' data: blob:${storage}`,
    `media-src 'self' blob:${storage}`,
    "font-src 'self' data:",
    `connect-src 'self'${storage}`,
    "frame-src 'self' https:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join(';');
  return (nonce) => script + nonce + style + nonce + rest;
}

/**
 * helmet's other headers, computed once: they do not vary per request, and rebuilding them every time cost
 * a third of the throughput of a cached page (measured with `npm run bench`).
 */
function helmetHeaders(): ReadonlyArray<readonly [string, string]> {
  const headers: Array<[string, string]> = [];
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.push([name, String(value)]);
      return res;
    },
    removeHeader() {},
  };
  helmet({
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    // Same-origin referrers let the 404 page know whether "back" stays on this site.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Admin and member iframe menu items may embed other sites; our own pages may be framed by ourselves only.
    frameguard: { action: 'sameorigin' },
  })({} as IncomingMessage, res as unknown as ServerResponse, () => {});
  return headers;
}

const NONCE_BYTES = 16;
const POOL_NONCES = 256;
let pool = Buffer.alloc(0);
let offset = 0;

/** The headers every response carries besides the CSP. */
export const FIXED_SECURITY_HEADERS = helmetHeaders();

/** A fresh nonce per response, cut from a pooled block of random bytes (one CSPRNG call per 256 nonces). */
export function nextNonce(): string {
  if (offset + NONCE_BYTES > pool.length) {
    pool = randomBytes(NONCE_BYTES * POOL_NONCES);
    offset = 0;
  }
  offset += NONCE_BYTES;
  return pool.toString('base64', offset - NONCE_BYTES, offset);
}

/**
 * Security headers on every response and a fresh CSP nonce per request for any inline script the renderer
 * emits. The dev server's hot reload needs inline scripts and websockets, so development sends no CSP.
 */
export function securityHeaders(production: boolean, csp: CspOf): Middleware {
  return (ctx, next) => {
    ctx.state.cspNonce = nextNonce();
    for (const [name, value] of FIXED_SECURITY_HEADERS) ctx.res.setHeader(name, value);
    if (production) ctx.res.setHeader('Content-Security-Policy', csp(ctx.state.cspNonce));
    return next();
  };
}
