import fs from 'node:fs';
import path from 'node:path';
import type { Context, Middleware } from 'koa';
import send from 'koa-send';

export interface StaticMount {
  /** URL prefix, e.g. '/assets/' or '/storage/'. '/' mounts a folder at the root (files only, no index). */
  prefix: string;
  /** A folder, or where it is right now (the page build changes when the terminal swaps in a new one; null: none). */
  root: string | (() => string | null);
  /** Cache-Control for files of this mount. */
  cacheControl: string;
  /** Extra headers, e.g. a sandbox CSP for user uploads. */
  headers?: Record<string, string>;
  /**
   * The folder's files never change (a production build): its file list is read once per folder, so a
   * request for a page costs a set lookup instead of a disk probe for a file that is not there.
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

async function serve(ctx: Context, mount: StaticMount, root: string, rel: string): Promise<boolean> {
  try {
    await send(ctx, rel, {
      root,
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
  // File lists of frozen folders, by folder; a swapped-out build's list goes when its folder is no longer mounted.
  const indexes = new Map<string, Set<string>>();
  const indexOf = (root: string): Set<string> => {
    let index = indexes.get(root);
    if (!index) {
      index = listFiles(root);
      indexes.set(root, index);
      const live = new Set(mounts.map((m) => (typeof m.root === 'function' ? m.root() : m.root)));
      for (const known of indexes.keys()) if (!live.has(known)) indexes.delete(known);
    }
    return index;
  };
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    for (const mount of mounts) {
      if (!ctx.path.startsWith(mount.prefix)) continue;
      const root = typeof mount.root === 'function' ? mount.root() : mount.root;
      if (root === null) continue;
      const rel = mount.prefix === '/' ? ctx.path : ctx.path.slice(mount.prefix.length - 1);
      if (rel === '/' || rel.endsWith('/')) continue;
      const normalized = path.posix.normalize(rel);
      if (mount.frozen && !indexOf(root).has(normalized)) continue;
      if (await serve(ctx, mount, root, normalized)) return;
    }
    await next();
  };
}
