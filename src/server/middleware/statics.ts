import fs from 'node:fs';
import path from 'node:path';
import type { Context, Middleware } from 'koa';
import send from 'koa-send';

export interface StaticMount {
  /** URL prefix, e.g. '/assets/' or '/storage/'. '/' mounts a folder at the root (files only, no index). */
  prefix: string;
  root: string;
  /** Cache-Control for files of this mount. */
  cacheControl: string;
  /** Extra headers, e.g. a sandbox CSP for user uploads. */
  headers?: Record<string, string>;
  /**
   * The folder never changes while the process runs (the production build): its file list is read once, so
   * a request for a page costs a set lookup instead of a disk probe for a file that is not there.
   */
  frozen?: boolean;
}

/** Every file below `root`, as URL paths ('/favicon.svg', '/images/a.svg'). */
function listFiles(root: string): Set<string> {
  if (!fs.existsSync(root)) return new Set();
  return new Set(
    fs
      .readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => '/' + path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/')),
  );
}

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'public, max-age=0, must-revalidate';

async function serve(ctx: Context, mount: StaticMount, rel: string): Promise<boolean> {
  try {
    await send(ctx, rel, {
      root: mount.root,
      index: false,
      hidden: false,
      // Weak validator from size and mtime: cheap, and changes whenever the file does.
      setHeaders(res, _path, stats) {
        res.setHeader('ETag', `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`);
        res.setHeader('Cache-Control', mount.cacheControl);
        for (const [k, v] of Object.entries(mount.headers ?? {})) res.setHeader(k, v);
      },
    });
  } catch (err) {
    const status = (err as { status?: number }).status;
    // koa-send answers 404 for missing files and 400/403 for malformed or escaping paths: all mean "not ours".
    if (status === 404 || status === 400 || status === 403) return false;
    throw err;
  }
  if (ctx.fresh) {
    ctx.status = 304;
    ctx.body = null;
  }
  return true;
}

/** Serves files of several folders; a request that matches no file falls through to the next middleware. */
export function statics(mounts: StaticMount[]): Middleware {
  const indexes = new Map(mounts.filter((m) => m.frozen).map((m) => [m, listFiles(m.root)]));
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    for (const mount of mounts) {
      if (!ctx.path.startsWith(mount.prefix)) continue;
      const rel = mount.prefix === '/' ? ctx.path : ctx.path.slice(mount.prefix.length - 1);
      if (rel === '/' || rel.endsWith('/')) continue;
      const normalized = path.posix.normalize(rel);
      const index = indexes.get(mount);
      if (index && !index.has(normalized)) continue;
      if (await serve(ctx, mount, normalized)) return;
    }
    await next();
  };
}
