/**
 * Where a request may carry a credential, declared once: the header and query names of the admin and member
 * tokens (reference 1.3; the query only for `<img>` and EventSource URLs), the terminal's one-time ticket, a
 * refresh token, and the generic names other clients and proxies put tokens under. Logs mask these by name;
 * only the first two lists are read as tokens.
 */
export const ADMIN_TOKEN_NAMES = ['batoken', 'ba-token', 'ba_token'] as const;
export const USER_TOKEN_NAMES = ['ba-user-token', 'ba_user_token', 'bausertoken'] as const;
export const CREDENTIAL_PARAMS: readonly string[] = [...ADMIN_TOKEN_NAMES, ...USER_TOKEN_NAMES, 'ticket', 'refreshToken', 'token', 'access_token'];
