import type { Middleware } from 'koa';

export const ADMIN_PREFIX = '/admin';

/**
 * Decides whether a request is a JSON API call or a page (ARCHITECTURE section 1) and moves both onto the
 * internal `/admin` prefix when the admin lives elsewhere:
 * - `/api/*` is always API;
 * - with the admin at /admin, `/admin/*` is API when it carries a `server` header or query parameter;
 * - with the admin at e.g. /manage, pages are `/manage/*` and the API is `/manage.php/*`; `/admin` is unknown.
 * A trailing `.html` on an API path is tolerated, as in the reference.
 */
export function classify(adminBase: string): Middleware {
  const base = adminBase.toLowerCase();
  const movedAdmin = base !== ADMIN_PREFIX;
  return (ctx, next) => {
    const p = ctx.path;
    const lower = p.toLowerCase();
    ctx.state.kind = 'page';
    if (lower === '/api' || lower.startsWith('/api/')) {
      ctx.state.kind = 'api';
    } else if (!movedAdmin) {
      if (lower.startsWith('/admin/') && (ctx.get('server') !== '' || ctx.query.server !== undefined)) ctx.state.kind = 'api';
    } else if (lower.startsWith(`${base}.php/`)) {
      ctx.state.kind = 'api';
      ctx.path = ADMIN_PREFIX + p.slice(base.length + 4);
    } else if (lower === ADMIN_PREFIX || lower.startsWith(`${ADMIN_PREFIX}/`)) {
      // The default entrance is closed once the admin has moved: answer with the not-found page.
      ctx.path = '/404';
    } else if (lower === base || lower.startsWith(`${base}/`)) {
      ctx.path = ADMIN_PREFIX + p.slice(base.length);
    }
    if (ctx.state.kind === 'api' && lower.endsWith('.html')) ctx.path = ctx.path.slice(0, -5);
    return next();
  };
}
