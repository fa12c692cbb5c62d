/**
 * The speed issue's budgets (issue 31), one row each, with the figure `npm run bench` measured for it in the
 * same run and a verdict. The other tables of the bench print the detail; this one says where the portal
 * stands. A figure the run did not measure (a part run alone) shows as "not measured", never as met.
 */

/** What one run measured; any of it may be missing when the bench ran a part only. */
export interface BenchFigures {
  /** Requests a second of the Koa baseline, and of the cached pages against the same run's baseline. */
  koaBaseline?: number;
  newsCached?: number;
  newsInfoCached?: number;
  newsHardReload?: number;
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
const per = (a: number | undefined, b: number | undefined) => (a === undefined || b === undefined ? undefined : a / b);

export const BUDGETS: readonly BudgetRow[] = [
  { what: 'cached `/news` vs the Koa baseline', measured: (f) => per(f.newsCached, f.koaBaseline), format: ratio, budget: '≥ 0.9', meets: (v) => v >= 0.9 },
  { what: 'cached `/news/info` vs the Koa baseline', measured: (f) => per(f.newsInfoCached, f.koaBaseline), format: ratio, budget: '≥ 0.9', meets: (v) => v >= 0.9 },
  // A hard reload is answered from the cache: it should cost what a cached answer costs.
  { what: 'hard reload of `/news` vs cached `/news`', measured: (f) => per(f.newsHardReload, f.newsCached), format: ratio, budget: '≥ 0.9', meets: (v) => v >= 0.9 },
  { what: 'uncached `/news` vs the render baseline (median of rounds)', measured: (f) => f.newsUncachedRatio, format: ratio, budget: '≥ 0.9', meets: (v) => v >= 0.9 },
  { what: 'uncached `/news/info` vs the render baseline (median of rounds)', measured: (f) => f.newsInfoUncachedRatio, format: ratio, budget: '≥ 1.0', meets: (v) => v >= 1.0 },
  { what: 'RSS idle after start', measured: (f) => f.idleMb, format: mb, budget: '≤ 75 MB', meets: (v) => v <= 75 },
  { what: 'RSS peak over the whole bench', measured: (f) => f.peakMb, format: mb, budget: '≤ 150 MB', meets: (v) => v <= 150 },
  { what: 'cold start to the first page, existing data directory', measured: (f) => f.coldExistingMs, format: ms, budget: '≤ 200 ms', meets: (v) => v <= 200 },
  { what: 'cold start to the first page, new data directory', measured: (f) => f.coldNewMs, format: ms, budget: '≤ 600 ms', meets: (v) => v <= 600 },
  { what: 'admin after login: script, gzip', measured: (f) => f.adminScript, format: kb, budget: '≤ 100 KB', meets: (v) => v <= 100 * 1024 },
  { what: 'admin after login: stylesheets, gzip', measured: (f) => f.adminStyles, format: kb, budget: '≤ 30 KB', meets: (v) => v <= 30 * 1024 },
  { what: '`/user/login` script, gzip', measured: (f) => f.userLoginScript, format: kb, budget: '≤ 60 KB', meets: (v) => v <= 60 * 1024 },
  {
    what: 'admin list: the slowest request kind, p95',
    measured: (f) => f.adminListWorstP95,
    format: (v) => `${v.toFixed(1)} ms`,
    budget: '< 10 ms',
    meets: (v) => v < 10,
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
