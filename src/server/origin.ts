import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { AppConfig } from './config.ts';

type OriginConfig = Pick<AppConfig, 'publicUrl' | 'allowedHosts' | 'trustProxy'>;

/** `host`, `host:port`, `[v6]` or `[v6]:port`; anything else (quotes, paths, user info) is not a host. */
const HOST = /^(?:([a-z0-9_.-]+)|\[([0-9a-f:.]+)\])(?::(\d{1,5}))?$/i;

function firstValue(value: string | string[] | undefined): string {
  const text = Array.isArray(value) ? value[0] : value;
  return (text ?? '').split(',', 1)[0]!.trim();
}

/**
 * Where absolute links (canonical, og:url, hreflang, sitemap, mail) point. PUBLIC_URL when set. Otherwise the
 * request's own host, but only one of ALLOWED_HOSTS: the page cache shares HTML between visitors, so a
 * client-chosen Host must never end up in it. With TRUST_PROXY the proxy's X-Forwarded-Host and
 * X-Forwarded-Proto stand in for the request's, under the same rules.
 */
export class OriginPolicy {
  constructor(private readonly config: OriginConfig) {}

  /** True when links never depend on the request (PUBLIC_URL is set). */
  get fixed(): boolean {
    return this.config.publicUrl !== '';
  }

  /** The host the request names (for messages), as sent. */
  hostOf(req: IncomingMessage): string {
    return (this.config.trustProxy && firstValue(req.headers['x-forwarded-host'])) || firstValue(req.headers.host);
  }

  /** The origin for this request's links, or null when its host or protocol is not one we answer for. */
  originOf(req: IncomingMessage): string | null {
    if (this.config.publicUrl) return this.config.publicUrl;
    const forwardedProto = this.config.trustProxy ? firstValue(req.headers['x-forwarded-proto']).toLowerCase() : '';
    const protocol = (req.socket as TLSSocket).encrypted ? 'https' : forwardedProto || 'http';
    if (protocol !== 'http' && protocol !== 'https') return null;
    const host = this.hostOf(req).toLowerCase();
    const m = HOST.exec(host);
    if (!m || (m[3] !== undefined && Number(m[3]) > 65535)) return null;
    const name = m[1] ?? m[2]!;
    const allowed = this.config.allowedHosts.some((h) => (h.startsWith('.') ? name === h.slice(1) || name.endsWith(h) : name === h));
    return allowed ? `${protocol}://${host}` : null;
  }
}

/** The client's address: with TRUST_PROXY, the one our (single) proxy appended to X-Forwarded-For. */
export function clientIp(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = req.headers['x-forwarded-for'];
    const list = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? '')).split(',');
    const last = list[list.length - 1]!.trim();
    if (last) return last;
  }
  return req.socket.remoteAddress ?? '';
}
