import fs from 'node:fs';
import type { Knex } from 'knex';
import type { Middleware } from 'koa';
import { version } from './runtime.ts';

export const HEALTH_PATH = '/healthz';
/** A database that does not answer this fast is as good as down for a load balancer. */
const DB_TIMEOUT_MS = 2000;

export interface HealthReport {
  status: 'ok' | 'fail';
  version: string;
  uptimeSeconds: number;
  checks: {
    database: { ok: boolean; ms: number };
    disk: { ok: boolean; freeBytes: number; minFreeBytes: number };
  };
}

async function databaseCheck(knex: Knex): Promise<{ ok: boolean; ms: number }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), DB_TIMEOUT_MS)));
  const ok = await Promise.race([knex.raw('select 1').then(() => true, () => false), timeout]);
  clearTimeout(timer);
  return { ok, ms: Math.round(performance.now() - started) };
}

async function diskCheck(dataDir: string, minFreeBytes: number): Promise<{ ok: boolean; freeBytes: number; minFreeBytes: number }> {
  try {
    const stats = await fs.promises.statfs(dataDir);
    const freeBytes = stats.bavail * stats.bsize;
    return { ok: freeBytes >= minFreeBytes, freeBytes, minFreeBytes };
  } catch {
    return { ok: false, freeBytes: 0, minFreeBytes };
  }
}

export async function healthReport(knex: Knex, dataDir: string, minFreeBytes: number): Promise<HealthReport> {
  const [database, disk] = await Promise.all([databaseCheck(knex), diskCheck(dataDir, minFreeBytes)]);
  return {
    status: database.ok && disk.ok ? 'ok' : 'fail',
    version,
    uptimeSeconds: Math.round(process.uptime()),
    checks: { database, disk },
  };
}

/**
 * `GET /healthz` for monitors and load balancers: 200 when the database answers and DATA_DIR has room, 503
 * otherwise. Ahead of the access log (probes poll every few seconds) and free of paths, names or settings.
 */
export function health(knex: Knex, dataDir: string, minFreeBytes: number): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== HEALTH_PATH || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const report = await healthReport(knex, dataDir, minFreeBytes);
    ctx.status = report.status === 'ok' ? 200 : 503;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = report;
  };
}
