import type { Context } from 'koa';
import type { Services } from '../../server/services/index.ts';
import { UploadRefused, suffixSvg, type Uploader } from '../../server/services/upload.ts';
import type { UploadedFile } from '../../shared/upload.ts';
import type { ApiRoute } from '../types.ts';
import { Refusal, Success } from '../../server/errors.ts';

/** The icon depends on the query only; the admin twin carries a token in its URL, so only the browser keeps it. */
const PUBLIC_ICON_CACHE = 'public, max-age=31536000, immutable';
const PRIVATE_ICON_CACHE = 'private, max-age=31536000, immutable';

/**
 * Uploads (reference 6.2) and the file-type icon (6.3), for members under /api/ajax and admins under
 * /admin/ajax. Uploads read their own multipart body after the router has authorised the caller.
 */
export function uploadRoutes(services: Services): ApiRoute[] {
  async function upload(ctx: Context, uploader: Uploader): Promise<Success<{ file: UploadedFile }>> {
    try {
      return new Success({ file: await services.upload.upload(ctx, uploader) }, 'upload:uploaded');
    } catch (err) {
      if (err instanceof UploadRefused) throw new Refusal(`upload:${err.key}`, 0, null, err.params);
      throw err;
    }
  }

  function icon(ctx: Context, cacheControl: string): void {
    const { suffix, background } = ctx.query;
    ctx.set('Cache-Control', cacheControl);
    ctx.type = 'image/svg+xml';
    ctx.body = suffixSvg(typeof suffix === 'string' ? suffix : 'file', typeof background === 'string' ? background : undefined);
  }

  return [
    {
      methods: ['POST'],
      path: '/api/ajax/upload',
      auth: 'userRule',
      rawBody: true,
      handler: ({ ctx, user }) => upload(ctx, { adminId: 0, userId: user!.id }),
    },
    {
      methods: ['POST'],
      path: '/admin/ajax/upload',
      auth: 'admin',
      rawBody: true,
      logTitle: 'Upload',
      handler: ({ ctx, admin }) => upload(ctx, { adminId: admin!.id, userId: 0 }),
    },
    {
      methods: ['GET'],
      path: '/api/ajax/buildSuffixSvg',
      auth: 'none',
      handler: ({ ctx }) => icon(ctx, PUBLIC_ICON_CACHE),
    },
    {
      methods: ['GET'],
      path: '/admin/ajax/buildSuffixSvg',
      auth: 'admin',
      // An <img> URL: the reference client appends ?batoken=...&server=1.
      queryToken: true,
      handler: ({ ctx }) => icon(ctx, PRIVATE_ICON_CACHE),
    },
  ];
}
