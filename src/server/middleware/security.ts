import { randomBytes } from 'node:crypto';
import type { Middleware } from 'koa';
import helmet from 'koa-helmet';
import compose from 'koa-compose';

/**
 * Security headers. Scripts may come only from our origin or carry this request's nonce; everything else
 * (images, styles, fonts, connections) only from our origin. The dev server's hot reload needs inline
 * scripts and websockets, so development gets helmet's other headers without a CSP.
 */
export function securityHeaders(production: boolean): Middleware {
  const nonce: Middleware = async (ctx, next) => {
    ctx.state.cspNonce = randomBytes(16).toString('base64');
    await next();
  };
  const headers = helmet({
    contentSecurityPolicy: production
      ? {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as { locals?: { nonce?: string } }).locals?.nonce ?? ''}'`],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", 'data:', 'blob:'],
            fontSrc: ["'self'", 'data:'],
            connectSrc: ["'self'"],
            frameSrc: ["'self'", 'https:'],
            objectSrc: ["'none'"],
            baseUri: ["'self'"],
            formAction: ["'self'"],
            frameAncestors: ["'self'"],
          },
        }
      : false,
    crossOriginEmbedderPolicy: false,
    // Same-origin referrers let the 404 page know whether "back" stays on this site.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Admin and member iframe menu items may embed other sites; our own pages may be framed by ourselves only.
    frameguard: { action: 'sameorigin' },
  });
  const exposeNonce: Middleware = async (ctx, next) => {
    (ctx.res as unknown as { locals: { nonce: string } }).locals = { nonce: ctx.state.cspNonce };
    await next();
  };
  return compose([nonce, exposeNonce, headers]);
}
