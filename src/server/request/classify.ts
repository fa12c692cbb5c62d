import type { IncomingHttpHeaders } from 'node:http';
import type { ParsedUrlQuery } from 'node:querystring';
import { header } from './header.ts';

const ADMIN_PREFIX = '/admin';

export interface Classified {
  kind: 'api' | 'page';
  /** The path the rest of the app routes on (admin requests moved onto the internal /admin prefix). */
  path: string;
}

/**
 * Decides whether a request is a JSON API call or a page (ARCHITECTURE section 1) and moves both onto the
 * internal `/admin` prefix when the admin lives elsewhere:
 * - `/api/*` is always API;
 * - with the admin at /admin, `/admin/*` is API when it carries a `server` header or query parameter;
 * - with the admin at e.g. /manage, pages are `/manage/*` and the API is `/manage.php/*`; `/admin` is unknown.
 * A trailing `.html` on an API path is tolerated, as in the reference.
 */
export function classifyRequest(adminBase: string, path: string, headers: IncomingHttpHeaders, query: ParsedUrlQuery): Classified {
  const base = adminBase.toLowerCase();
  const lower = path.toLowerCase();
  let result: Classified = { kind: 'page', path };
  if (lower === '/api' || lower.startsWith('/api/')) {
    result = { kind: 'api', path };
  } else if (base === ADMIN_PREFIX) {
    if (lower.startsWith('/admin/') && (!!header(headers, 'server') || query.server !== undefined)) result = { kind: 'api', path };
  } else if (lower.startsWith(`${base}.php/`)) {
    result = { kind: 'api', path: ADMIN_PREFIX + path.slice(base.length + 4) };
  } else if (lower === ADMIN_PREFIX || lower.startsWith(`${ADMIN_PREFIX}/`)) {
    // The default entrance is closed once the admin has moved: answer with the not-found page.
    result = { kind: 'page', path: '/404' };
  } else if (lower === base || lower.startsWith(`${base}/`)) {
    result = { kind: 'page', path: ADMIN_PREFIX + path.slice(base.length) };
  }
  if (result.kind === 'api' && lower.endsWith('.html')) result.path = result.path.slice(0, -5);
  return result;
}
