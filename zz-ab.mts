// A/B: the build before the resource units (ea64b28) against main, side by side, alternating rounds.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import knexFactory from 'knex';
import { knexSettings } from './src/server/db.ts';

const ROWS = 100_000;
const PASSWORD = 'bench-admin-2014';
const builds = { old: '/work/wt/ab-old', new: '/work/wt/ab-new' } as const;
type Name = keyof typeof builds;

function start(dir: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--max-semi-space-size=2', path.join(dir, 'dist/portal/start.cjs')], { cwd: dir, env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'silent', ADMIN_PASSWORD: PASSWORD, ADMIN_LOGIN_CAPTCHA: '0', SEED_DEMO: '1', RATE_LIMIT_FACTOR: '0', ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}
async function up(url: string) {
  for (let i = 0; i < 300; i++) { try { if ((await fetch(url)).status < 500) return; } catch {} await new Promise((r) => setTimeout(r, 200)); }
  throw new Error(url);
}
async function stop(c: ChildProcess) { c.kill('SIGTERM'); await new Promise((r) => c.once('exit', r)); }

const servers: Record<Name, { url: string; uncached: string; token: string; newsId: number; procs: ChildProcess[] }> = {} as never;
let port = 18100;
for (const name of ['old', 'new'] as Name[]) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `ab-${name}-`));
  const p = port++;
  let c = start(builds[name], { PORT: String(p), DATA_DIR: dataDir });
  await up(`http://127.0.0.1:${p}/`);
  await stop(c);
  const knex = knexFactory(knexSettings(path.join(dataDir, 'portal.sqlite')));
  const category = await knex('news_category').first('id');
  const now = Math.floor(Date.now() / 1000);
  await knex.transaction(async (trx) => {
    for (let i = 0; i < ROWS; i += 500) {
      await trx('news').insert(Array.from({ length: 500 }, (_, j) => ({ category_id: category.id, title: `运河新闻 ${i + j}`, title_en: `Canal news ${i + j}`, summary: '大运河', summary_en: 'Canal', content: '<p>运河</p>', content_en: '<p>Canal</p>', publish_time: now - (i + j) * 60, status: '0', weigh: 0, create_time: now, update_time: now })));
    }
  });
  const newsId = (await knex('news').where({ status: '1' }).orderBy('id').first('id')).id;
  await knex.destroy();
  c = start(builds[name], { PORT: String(p), DATA_DIR: dataDir });
  await up(`http://127.0.0.1:${p}/`);
  const up2 = port++;
  // Uncached: main has PAGE_CACHE=off; the old build rendered afresh for a hard reload (sent below).
  const u = name === 'new' ? start(builds[name], { PORT: String(up2), DATA_DIR: dataDir, PAGE_CACHE: 'off' }) : null;
  if (u) await up(`http://127.0.0.1:${up2}/`);
  const login = (await (await fetch(`http://127.0.0.1:${p}/admin/index/login`, { method: 'POST', headers: { server: 'true', 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: PASSWORD }) })).json()) as { data: { userInfo: { token: string } } };
  servers[name] = { url: `http://127.0.0.1:${p}`, uncached: u ? `http://127.0.0.1:${up2}` : `http://127.0.0.1:${p}`, token: login.data.userInfo.token, newsId, procs: u ? [c, u] : [c] };
}

const targets: Array<[string, (n: Name) => [string, Record<string, string>]]> = [
  ['/news cached', (n) => [`${servers[n].url}/news`, {}]],
  ['/news/info cached', (n) => [`${servers[n].url}/news/info?id=${servers[n].newsId}`, {}]],
  ['/news uncached', (n) => [`${servers[n].uncached}/news`, n === 'old' ? { 'cache-control': 'no-cache' } : {}]],
  ['/news/info uncached', (n) => [`${servers[n].uncached}/news/info?id=${servers[n].newsId}`, n === 'old' ? { 'cache-control': 'no-cache' } : {}]],
  ['GET /api/index/index', (n) => [`${servers[n].url}/api/index/index`, { server: 'true' }]],
  ['admin list page 2 (100k rows)', (n) => [`${servers[n].url}/admin/content.News/index?page=2&limit=10`, { server: 'true', batoken: servers[n].token }]],
  ['admin list quick search', (n) => [`${servers[n].url}/admin/content.News/index?page=1&limit=10&quickSearch=8888`, { server: 'true', batoken: servers[n].token }]],
  ['admin list sorted', (n) => [`${servers[n].url}/admin/content.News/index?page=1&limit=10&order=publish_time,asc`, { server: 'true', batoken: servers[n].token }]],
];
const results: Record<string, Record<Name, number[]>> = {};
const ROUNDS = 3;
for (let round = 0; round < ROUNDS; round++) {
  for (const [label, of] of targets) {
    for (const n of (round % 2 ? ['new', 'old'] : ['old', 'new']) as Name[]) {
      const [url, headers] = of(n);
      const check = await fetch(url, { headers });
      if (check.status !== 200) throw new Error(`${n} ${label}: ${check.status}`);
      const r = await autocannon({ url, headers, connections: 20, duration: 5 });
      ((results[label] ??= { old: [], new: [] })[n]).push(r.requests.average);
    }
  }
}
const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
console.log('what | before (ea64b28) req/s | now req/s | now/before | rounds before | rounds now');
console.log('--- | ---: | ---: | ---: | --- | ---');
for (const [label, r] of Object.entries(results)) console.log([label, med(r.old).toFixed(0), med(r.new).toFixed(0), (med(r.new) / med(r.old)).toFixed(2), r.old.map((x) => x.toFixed(0)).join(', '), r.new.map((x) => x.toFixed(0)).join(', ')].join(' | '));
for (const s of Object.values(servers)) for (const p of s.procs) await stop(p);
process.exit(0);
