/**
 * The speed issue's budgets (issue 31), one row each, with the figure `npm run bench` measured for it in the
 * same run and a verdict. The other tables of the bench print the detail; this one says where the portal
 * stands. A figure the run did not measure (a part run alone) shows as "not measured", never as met.
 */

/**
 * Starts on the existing data folder, one after another; its row is their median. One start decided it before,
 * and the same code measured 195, 211 and 234 ms in three runs of one day.
 */
export const EXISTING_STARTS = 5;

/** What one run measured; any of it may be missing when the bench ran a part only. */
export interface BenchFigures {
  /** Medians of the paired rounds: the cached pages against the Koa baseline, a hard reload against a cached /news. */
  newsCachedRatio?: number;
  newsInfoCachedRatio?: number;
  newsHardReloadRatio?: number;
  /** Medians of the paired rounds against the render baseline. */
  newsUncachedRatio?: number;
  newsInfoUncachedRatio?: number;
  idleMb?: number;
  peakMb?: number;
  coldExistingMs?: number;
  coldNewMs?: number;
  /** Gzip bytes of a first visit. */
  adminScript?: number;
  adminStyles?: number;
  userLoginScript?: number;
  /** The slowest p95 of the admin list's request kinds, and over how many rows. */
  adminListWorstP95?: number;
  adminListRows?: number;
}

interface BudgetRow {
  what: string;
  measured(f: BenchFigures): number | undefined;
  format(value: number): string;
  /** The budget as read, and whether a value meets it. */
  budget: string;
  meets(value: number): boolean;
}

const ratio = (n: number) => n.toFixed(2);
const ms = (n: number) => `${n.toFixed(0)} ms`;
const mb = (n: number) => `${n.toFixed(1)} MB`;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** Every limit the bench judges by, in one place: the budget table, the page weights and the part tables read it. */
export const LIMITS = {
  cachedVsKoa: 0.9,
  hardReloadVsCached: 0.9,
  newsUncachedVsRender: 0.9,
  newsInfoUncachedVsRender: 1.0,
  idleMb: 75,
  peakMb: 150,
  coldExistingMs: 200,
  coldNewMs: 600,
  /** Gzip KB of a first visit. */
  adminScriptKb: 100,
  adminStylesKb: 30,
  userLoginScriptKb: 60,
  adminLoginAllKb: 150,
  publicHtmlCssKb: 15,
  /** The admin list's p95 of each request kind, and the site search's median of each query. */
  adminListP95Ms: 10,
  searchMedianMs: 20,
  /** The server's RSS peak while it streams the 100,000-row export (the export work's own bound). */
  exportPeakMb: 200,
} as const;

const atLeast = (limit: number) => ({ budget: `≥ ${limit.toFixed(1)}`, meets: (v: number) => v >= limit });
const atMost = (limit: number, unit: string) => ({ budget: `≤ ${limit} ${unit}`, meets: (v: number) => v <= limit });
/** A figure in bytes against a limit in KB. */
const kbAtMost = (limit: number) => ({ budget: `≤ ${limit} KB`, meets: (v: number) => v <= limit * 1024 });

export const BUDGETS: readonly BudgetRow[] = [
  { what: 'cached `/news` vs the Koa baseline (median of rounds)', measured: (f) => f.newsCachedRatio, format: ratio, ...atLeast(LIMITS.cachedVsKoa) },
  { what: 'cached `/news/info` vs the Koa baseline (median of rounds)', measured: (f) => f.newsInfoCachedRatio, format: ratio, ...atLeast(LIMITS.cachedVsKoa) },
  // A hard reload is answered from the cache: it should cost what a cached answer costs.
  { what: 'hard reload of `/news` vs cached `/news` (median of rounds)', measured: (f) => f.newsHardReloadRatio, format: ratio, ...atLeast(LIMITS.hardReloadVsCached) },
  { what: 'uncached `/news` vs the render baseline (median of rounds)', measured: (f) => f.newsUncachedRatio, format: ratio, ...atLeast(LIMITS.newsUncachedVsRender) },
  { what: 'uncached `/news/info` vs the render baseline (median of rounds)', measured: (f) => f.newsInfoUncachedRatio, format: ratio, ...atLeast(LIMITS.newsInfoUncachedVsRender) },
  { what: 'RSS idle after start', measured: (f) => f.idleMb, format: mb, ...atMost(LIMITS.idleMb, 'MB') },
  { what: 'RSS peak over the whole bench', measured: (f) => f.peakMb, format: mb, ...atMost(LIMITS.peakMb, 'MB') },
  { what: `cold start to the first page, existing data directory (median of ${EXISTING_STARTS} starts)`, measured: (f) => f.coldExistingMs, format: ms, ...atMost(LIMITS.coldExistingMs, 'ms') },
  { what: 'cold start to the first page, new data directory', measured: (f) => f.coldNewMs, format: ms, ...atMost(LIMITS.coldNewMs, 'ms') },
  { what: 'admin after login: script, gzip', measured: (f) => f.adminScript, format: kb, ...kbAtMost(LIMITS.adminScriptKb) },
  { what: 'admin after login: stylesheets, gzip', measured: (f) => f.adminStyles, format: kb, ...kbAtMost(LIMITS.adminStylesKb) },
  { what: '`/user/login` script, gzip', measured: (f) => f.userLoginScript, format: kb, ...kbAtMost(LIMITS.userLoginScriptKb) },
  {
    what: 'admin list: the slowest request kind, p95',
    measured: (f) => f.adminListWorstP95,
    format: (v) => `${v.toFixed(1)} ms`,
    budget: `< ${LIMITS.adminListP95Ms} ms`,
    meets: (v) => v < LIMITS.adminListP95Ms,
  },
];

/** The budget table, as Markdown like the bench's other tables. */
export function printBudgets(figures: BenchFigures): void {
  const rows = figures.adminListRows === undefined ? '' : ` (admin list over ${figures.adminListRows.toLocaleString('en')} rows)`;
  console.log(`\nBudgets of the speed issue, from this run${rows}\n`);
  console.log(['what', 'measured', 'budget', 'verdict'].join(' | '));
  console.log('--- | ---: | ---: | ---');
  for (const row of BUDGETS) {
    const value = row.measured(figures);
    const measured = value === undefined || Number.isNaN(value) ? undefined : value;
    console.log([row.what, measured === undefined ? 'not measured' : row.format(measured), row.budget, measured === undefined ? '' : row.meets(measured) ? 'ok' : 'OVER'].join(' | '));
  }
}
