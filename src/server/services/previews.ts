import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ResourceLookup } from '../../resources/lookup.ts';
import { publishingOf } from '../../resources/publishing.ts';
import type { ResourceDef } from '../../resources/types.ts';
import { now } from './clock.ts';
import type { PreviewTarget } from './content.ts';

/** The query parameter of a preview link. */
export const PREVIEW_PARAM = 'preview';
/** How long a preview link works (seconds). */
export const PREVIEW_TTL = 2 * 86400;

/** A preview link of one row: the path and query of its public page, and when the link stops working. */
export interface PreviewLink {
  url: string;
  expires: number;
}

/**
 * Signed, expiring links that show staff a draft or scheduled row on its real public page: the page is
 * rendered as for the public, with that one row visible, never cached and marked not to be indexed. A link
 * names the resource, the row and its expiry, signed with a key of the database (shared by every process);
 * it opens that row's page only, and a changed or expired link is an ordinary request.
 */
export class PreviewLinks {
  constructor(
    private readonly key: string,
    private readonly resources: Pick<ResourceLookup, 'find'>,
  ) {}

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(`preview\n${payload}`).digest('base64url');
  }

  /** The link for a row of a resource with a public page; null when the resource has none. */
  link(def: ResourceDef, id: number, at: number = now()): PreviewLink | null {
    const page = publishingOf(def)?.page;
    if (!page) return null;
    const expires = at + PREVIEW_TTL;
    const payload = Buffer.from(`${def.name}\n${id}\n${expires}`).toString('base64url');
    return { url: `${page}?id=${id}&${PREVIEW_PARAM}=${payload}.${this.sign(payload)}`, expires };
  }

  /** The row a request's valid preview link shows: signed by us, not expired, on that row's own page. */
  resolve(path: string, id: unknown, token: unknown, at: number = now()): PreviewTarget | null {
    if (typeof token !== 'string' || token.length > 600) return null;
    const [payload = '', mac = ''] = token.split('.');
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const [name = '', key = '', expires = ''] = Buffer.from(payload, 'base64url').toString('utf8').split('\n');
    const def = this.resources.find(name);
    if (!def || Number(expires) < at || String(id) !== key || publishingOf(def)?.page !== path) return null;
    return { table: def.table, id: Number(key) };
  }
}

/** Whether a page request carries a preview link (valid or not): such answers are never cached or indexed. */
export function isPreviewQuery(query: Readonly<Record<string, unknown>>): boolean {
  return Object.hasOwn(query, PREVIEW_PARAM);
}
