import { spawnSync } from 'node:child_process';
import path from 'node:path';
import knexFactory from 'knex';
import { knexSettings } from '../src/server/db.ts';
import os from 'node:os';
import { benchEnv, type ListTiming } from './smallHost.ts';
import { percentiles, timeRequests } from './timedRequests.ts';
import { LIMITS } from './budgets.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
/** Searches of each kind; the budget (`LIMITS.searchMedianMs`) is the median of one, over 100,000 published rows. */
const RUNS = 25;

/**
 * The site search's terminal command over the bench's data directory (the server may keep running: it only
 * reads meanwhile): how long building the index of every searchable row takes, in milliseconds.
 */
function timeSearchRebuild(env: Record<string, string>): number {
  const started = performance.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts', 'search-rebuild'], { cwd: ROOT, env: { ...benchEnv(), ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  if (run.status !== 0) throw new Error(`search-rebuild exited with ${run.status}`);
  return performance.now() - started;
}

/** Kinds of query the budget covers, each as a reader would type it, over the bench's news rows. */
const CASES: Array<[kind: string, query: string, lang: string]> = [
  ['one character, in every row', '运', 'zh-cn'],
  ['one character, in no row', '鼋', 'zh-cn'],
  ['two characters, in every row', '运河', 'zh-cn'],
  ['three characters, in every row', '大运河', 'zh-cn'],
  ['four characters, in every row', '运河新闻', 'zh-cn'],
  ['Chinese and a number, one row', '运河新闻 88888', 'zh-cn'],
  ['an English word, in every row', 'conservation', 'en'],
  ['part of an English word, in every row', 'servat', 'en'],
  ['English words, a few rows', 'canal news 4242', 'en'],
  ['an English word in no row', 'zzqx', 'en'],
  ['Chinese and English, in every row', '运河 grand', 'zh-cn'],
];

/** A kind of query's times, and the server's CPU per request (the time a quiet machine would take). */
type SearchTiming = ListTiming & { cpu: number };

export interface SearchRow {
  rows: number;
  rebuildMs: number;
  /** The machine's load while the queries ran (1-minute average) and its cores: wall times grow with it. */
  load: number;
  cores: number;
  timings: SearchTiming[];
}

/**
 * The bench's search row: its seeded news rows (drafts until now, so the page weights did not count them) are
 * published beside the server, indexed by the terminal command, then each kind of query is asked of
 * GET /api/search one request at a time.
 */
export async function searchRow(appUrl: string, serverPid: number, databaseFile: string, env: Record<string, string>): Promise<SearchRow> {
  const knex = knexFactory(knexSettings(databaseFile));
  let rows: number;
  try {
    rows = await knex('news').where('title', 'like', '运河新闻 %').update({ status: '1' });
  } finally {
    await knex.destroy();
  }
  const rebuildMs = timeSearchRebuild(env);
  const kinds = CASES.map(([name, q, lang]) => ({ name: `${name} ("${q}")`, url: `${appUrl}/api/search?q=${encodeURIComponent(q)}`, headers: { server: 'true', 'think-lang': lang } }));
  const timings = (await timeRequests({ kinds, runs: RUNS, serverPid })).map(({ name, times, cpu, body }): SearchTiming => {
    const data = body.data as { total: number; capped: boolean; list: unknown[] };
    const { median, p95 } = percentiles(times);
    return { name, median, p95, cpu, note: `${data.list.length} of ${data.capped ? 'more than ' : ''}${data.total.toLocaleString('en')}` };
  });
  return { rows, rebuildMs, load: os.loadavg()[0]!, cores: os.cpus().length, timings };
}

export function printSearch({ rows, rebuildMs, load, cores, timings }: SearchRow): void {
  console.log(`\nSite search GET /api/search over ${rows.toLocaleString('en')} published news rows, ${RUNS} requests of each, one at a time (budget: median under ${LIMITS.searchMedianMs} ms)`);
  console.log(`Load average ${load.toFixed(1)} on ${cores} cores while measuring; server CPU is the server process's CPU time per request (mean)\n`);
  console.log(`Index rebuild (npm run search:rebuild, every searchable row in both languages): ${(rebuildMs / 1000).toFixed(1)} s\n`);
  console.log(['query', 'median ms', 'p95 ms', 'server CPU ms', 'answer', 'budget'].join(' | '));
  console.log('--- | ---: | ---: | ---: | --- | ---');
  for (const l of timings) console.log([l.name, l.median.toFixed(1), l.p95.toFixed(1), l.cpu.toFixed(1), l.note, l.median < LIMITS.searchMedianMs ? 'ok' : 'OVER'].join(' | '));
}
