import type { PageContext } from 'vike/types';

/** The server hands admin pages to Vike under /admin whatever ADMIN_BASE is (it rewrites /manage/* to it). */
const INTERNAL_PREFIX = '/admin';

/**
 * `/admin` and everything below it, so the admin app's client router decides. A function rather than the
 * string '/admin/*', which would leave out `/admin` itself; the filesystem route /admin/login still wins.
 */
export default (pageContext: PageContext) => {
  const path = pageContext.urlPathname;
  return path === INTERNAL_PREFIX || path.startsWith(`${INTERNAL_PREFIX}/`);
};
