import test from 'ava';
import { startServer } from '../helpers/server.ts';

interface Health {
  status: string;
  version: string;
  uptimeSeconds: number;
  checks: { database: { ok: boolean; ms: number }; disk: { ok: boolean; freeBytes: number; minFreeBytes: number } };
}

test('GET /healthz: 200 with database, disk and version, and nothing secret in it', async (t) => {
  const server = await startServer({ ADMIN_PASSWORD: 'health-secret-9181' });
  try {
    const res = await fetch(`${server.url}/healthz`);
    t.is(res.status, 200);
    t.is(res.headers.get('cache-control'), 'no-store');
    const text = await res.text();
    const body = JSON.parse(text) as Health;
    t.is(body.status, 'ok');
    t.regex(body.version, /^\d+\.\d+\.\d+/);
    t.true(body.checks.database.ok);
    t.true(body.checks.disk.ok);
    t.true(body.checks.disk.freeBytes > body.checks.disk.minFreeBytes);
    t.false(text.includes(server.dataDir), 'no paths');
    t.false(text.includes('health-secret-9181'), 'no settings');
    t.is((await fetch(`${server.url}/healthz`, { method: 'HEAD' })).status, 200);
    t.is((await fetch(`${server.url}/healthz`, { method: 'POST' })).status, 405, 'other methods fall through to the pages');
  } finally {
    await server.stop();
  }
});

test('GET /healthz: 503 when the disk is below the threshold or the database is gone', async (t) => {
  const server = await startServer({ HEALTH_MIN_FREE_MB: '10000000' });
  try {
    const low = await fetch(`${server.url}/healthz`);
    t.is(low.status, 503);
    const body = (await low.json()) as Health;
    t.is(body.status, 'fail');
    t.false(body.checks.disk.ok);
    t.true(body.checks.database.ok);
    // The start's search check, begun by that first answer, reads the database: it ends before the database goes.
    await server.app.services.search.idle();
    await server.app.knex.destroy();
    const down = (await (await fetch(`${server.url}/healthz`)).json()) as Health;
    t.false(down.checks.database.ok);
  } finally {
    await server.stop().catch(() => undefined);
  }
});
