/**
 * The CSP nonce of this page, for style elements created in the browser (the policy allows no others). The
 * page's scripts carry it; browsers hide the attribute but keep the property. Undefined while rendering on
 * the server and in development (no policy there).
 */
export function pageNonce(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined;
}
