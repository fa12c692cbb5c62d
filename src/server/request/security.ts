import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

/**
 * Content-Security-Policy: scripts and styles only from our origin or with this response's nonce (plus, for
 * scripts, the origin of WeChat's JS-SDK, which pages opened in WeChat load for their share card; no inline
 * style attributes: what is placed by number gets a nonce'd style element, or its style set from script
 * after hydration); images, fonts and connections only from our origin, plus the object storage's origins
 * when uploads live there (files shown from it, direct uploads sent to it). Iframe menu items may show other
 * https sites. Built around the nonce from fixed parts, as it is sent with every response.
 */
export type CspOf = (nonce: string) => string;

export function contentSecurityPolicy(storageOrigins: readonly string[] = [], scriptOrigins: readonly string[] = []): CspOf {
  const storage = storageOrigins.map((o) => ` ${o}`).join('');
  const script = "default-src 'self';script-src 'self' 'nonce-";
  const style = `'${scriptOrigins.map((o) => ` ${o}`).join('')};style-src 'self' 'nonce-`;
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
function helmetHeaders(): string[] {
  const headers: string[] = [];
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.push(name, String(value));
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

/** The headers every response carries besides the CSP, as a flat list of names and values (writeHead's form). */
export const SECURITY_HEADERS: readonly string[] = helmetHeaders();

const NONCE_BYTES = 16;
const POOL_NONCES = 256;
let pool = Buffer.alloc(0);
let offset = 0;

/** A fresh nonce per response, cut from a pooled block of random bytes (one CSPRNG call per 256 nonces). */
export function nextNonce(): string {
  if (offset + NONCE_BYTES > pool.length) {
    pool = randomBytes(NONCE_BYTES * POOL_NONCES);
    offset = 0;
  }
  offset += NONCE_BYTES;
  return pool.toString('base64', offset - NONCE_BYTES, offset);
}
