import type { PageContext } from 'vike/types';

/**
 * What the request client of every page's scripts reads from <html>: where the admin lives, and the key of
 * encrypted API answers when API_ENCRYPT_KEY is set (`browserRequest()`).
 */
export default (pageContext: PageContext) => ({
  'data-admin-base': pageContext.adminBase,
  ...(pageContext.apiEncryptKey ? { 'data-api-key': pageContext.apiEncryptKey } : {}),
});
