import type { Middleware } from 'koa';
import type { UploadService } from '../services/upload.ts';

/** Seconds a signed link to a private bucket's file works; browsers may keep the redirect a tenth of that. */
export const SIGNED_URL_SECONDS = 3600;

/**
 * With uploads in a bucket, `/storage/...` on the portal still works (stored content and old links use it):
 * it redirects to the file's public address, or, for a private bucket, to a short-lived signed URL.
 */
export function storageRedirect(upload: UploadService): Middleware {
  const { storage } = upload;
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !ctx.path.startsWith('/storage/')) return next();
    let key: string | null = null;
    try {
      key = upload.keyOf(decodeURIComponent(ctx.path));
    } catch {
      // A malformed escape is no file of ours.
    }
    if (!key) return next();
    if (storage.publicUrl) {
      ctx.set('Cache-Control', 'public, max-age=3600');
      ctx.redirect(`${storage.publicUrl}/${key.split('/').map(encodeURIComponent).join('/')}`);
      return;
    }
    const signed = await storage.signedUrl(key, SIGNED_URL_SECONDS);
    if (!signed) return next();
    ctx.set('Cache-Control', `private, max-age=${SIGNED_URL_SECONDS / 10}`);
    ctx.redirect(signed);
  };
}
