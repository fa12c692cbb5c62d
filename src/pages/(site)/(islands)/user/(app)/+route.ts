import type { PageContext } from 'vike/types';
import { USER_BASE } from '../../../../../shared/request/client.ts';

/**
 * `/user` and everything below it, so the member app's client router decides. A function rather than the
 * string '/user/*', which would leave out `/user` itself; the filesystem route /user/login still wins.
 */
export default (pageContext: PageContext) => {
  const path = pageContext.urlPathname;
  return path === USER_BASE || path.startsWith(`${USER_BASE}/`);
};
