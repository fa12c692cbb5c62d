/** Where the login page sends a member after logging in or registering. */

/** A path on this site: one leading '/', not '//' or '/\' (which browsers read as another host). */
export function isLocalPath(value: string): boolean {
  return /^\/(?![/\\])/.test(value) && !/[\u0000-\u001f]/.test(value);
}

/**
 * `?redirect=` when it is a path on this site; else the member-centre page the visitor came from (the
 * request client sends guests here from any member-centre page, and the referrer says which); else the
 * server's `routePath`.
 */
export function loginTarget(redirect: string | null, referrer: string, origin: string, routePath: string, loginPath: string): string {
  if (redirect && isLocalPath(redirect)) return redirect;
  try {
    const from = new URL(referrer);
    const base = routePath.replace(/\/+$/, '');
    const inCentre = from.pathname === base || from.pathname.startsWith(`${base}/`);
    if (from.origin === origin && inCentre && from.pathname !== loginPath) return from.pathname + from.search;
  } catch {
    // No referrer, or not a URL: nothing to return to.
  }
  return routePath;
}
