import type { Middleware } from 'koa';
import { SECURITY_HEADERS, nextNonce, type CspOf } from '../request/security.ts';

// The policy this middleware is configured with; the early answers are given the same (request/early.ts).
export { contentSecurityPolicy } from '../request/security.ts';

/**
 * Security headers on every response and a fresh CSP nonce per request for any inline script the renderer
 * emits. The dev server's hot reload needs inline scripts and websockets, so development sends no CSP.
 */
export function securityHeaders(production: boolean, csp: CspOf): Middleware {
  return (ctx, next) => {
    ctx.state.cspNonce = nextNonce();
    for (let i = 0; i < SECURITY_HEADERS.length; i += 2) ctx.res.setHeader(SECURITY_HEADERS[i]!, SECURITY_HEADERS[i + 1]!);
    if (production) ctx.res.setHeader('Content-Security-Policy', csp(ctx.state.cspNonce));
    return next();
  };
}
