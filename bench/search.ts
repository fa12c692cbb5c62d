import { spawnSync } from 'node:child_process';
import path from 'node:path';
import knexFactory from 'knex';
import { knexSettings } from '../src/server/db.ts';
import type { ListTiming } from './smallHost.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * The site search's terminal command over the bench's data directory (the server stopped): how long building
 * the index of every searchable row takes, in milliseconds.
 */
export function timeSearchRebuild(env: Record<string, string>): number {
  const started = performance.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts', 'search-rebuild'], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  if (run.status !== 0) throw new Error(`search-rebuild exited with ${run.status}`);
  return performance.now() - started;
}

/**
 * GET /api/search one request at a time over the bench's news rows, published for the purpose (after the
 * page weights, which must not count them): a word in one row, a few, every row, and none.
 */
export async function searchTimings(appUrl: string, databaseFile: string): Promise<ListTiming[]> {
  const knex = knexFactory(knexSettings(databaseFile));
  try {
    await knex('news').where('title', 'like', '运河新闻 %').update({ status: '1' });
  } finally {
    await knex.destroy();
  }
  const cases: Array<[string, string, string]> = [
    ['words of 3+ characters, one row ("运河新闻 88888")', '运河新闻 88888', 'zh-cn'],
    ['English words, a few rows ("canal news 4242")', 'canal news 4242', 'en'],
    ['two Chinese characters in every row ("运河")', '运河', 'zh-cn'],
    ['one Chinese character in no row ("鼋")', '鼋', 'zh-cn'],
    ['a word in no row ("zzqx")', 'zzqx', 'en'],
  ];
  const timings: ListTiming[] = [];
  for (const [name, q, lang] of cases) {
    const times: number[] = [];
    let note = '';
    for (let i = 0; i < 25; i++) {
      const started = performance.now();
      const res = await fetch(`${appUrl}/api/search?q=${encodeURIComponent(q)}`, { headers: { server: 'true', 'think-lang': lang } });
      const body = (await res.json()) as { code: number; msg: string; data: { total: number; list: unknown[] } };
      times.push(performance.now() - started);
      if (body.code !== 1) throw new Error(`${name}: ${body.msg}`);
      note = `${body.data.list.length} of ${body.data.total.toLocaleString('en')}`;
    }
    times.sort((a, b) => a - b);
    timings.push({ name, median: times[Math.floor(times.length / 2)]!, p95: times[Math.floor(times.length * 0.95)]!, note });
  }
  return timings;
}

export function printSearch(rows: number, rebuildMs: number, timings: ListTiming[]): void {
  console.log(`\nSite search GET /api/search over ${rows.toLocaleString('en')} published news rows, one request at a time (budget: median under 20 ms)\n`);
  console.log(`Index rebuild (npm run search:rebuild, every searchable row in both languages): ${(rebuildMs / 1000).toFixed(1)} s\n`);
  console.log(['query', 'median ms', 'p95 ms', 'answer'].join(' | '));
  console.log('--- | ---: | ---: | ---');
  for (const l of timings) console.log([l.name, l.median.toFixed(1), l.p95.toFixed(1), l.note].join(' | '));
}
