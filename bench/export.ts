import fs from 'node:fs';
import { LIMITS } from './budgets.ts';
import { residentMemory } from './smallHost.ts';

// The export row of `npm run bench`: the admin news list (the bench's 100,000 rows and the demo's) downloaded as
// CSV and as XLSX from the running production server, one at a time, with the time it took and the server's
// resident memory at its highest meanwhile.

export interface ExportFigure {
  format: 'csv' | 'xlsx';
  seconds: number;
  bytes: number;
  lines: number;
  /** The server's RSS just before the download and its highest during it, in MB. */
  before: number;
  peak: number;
}

/** Sets the process's "highest RSS" (VmHWM) back to its current RSS, so the next peak read is this step's own. */
function resetPeak(pid: number): void {
  fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/** Downloads the export as a reader would, counting bytes and line ends, keeping nothing. */
async function download(url: string, token: string): Promise<{ bytes: number; lines: number }> {
  const res = await fetch(url, { headers: { server: 'true', batoken: token, 'accept-encoding': 'identity' } });
  if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}`);
  if ((res.headers.get('content-type') ?? '').startsWith('application/json')) throw new Error(`export refused: ${await res.text()}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  return { bytes, lines };
}

/**
 * Each format exported once from the server `pid` at `appUrl`. Resets the server's peak RSS before each, so
 * the caller must read the whole bench's peak before calling (`peakBefore`) and take the larger.
 */
export async function exportFigures(appUrl: string, token: string, pid: number): Promise<ExportFigure[]> {
  const figures: ExportFigure[] = [];
  for (const format of ['csv', 'xlsx'] as const) {
    resetPeak(pid);
    const before = residentMemory(pid)?.rss ?? NaN;
    const started = performance.now();
    const { bytes, lines } = await download(`${appUrl}/admin/content.News/export?format=${format}`, token);
    figures.push({ format, seconds: (performance.now() - started) / 1000, bytes, lines, before, peak: residentMemory(pid)?.peak ?? NaN });
  }
  return figures;
}

export function printExports(rows: number, figures: readonly ExportFigure[]): void {
  console.log(`\nExport of the admin news list (${rows.toLocaleString('en')}+ rows), one download at a time (budget: RSS peak ≤ ${LIMITS.exportPeakMb} MB)\n`);
  console.log(['format', 'time s', 'size', 'CSV lines', 'RSS before MB', 'RSS peak MB'].join(' | '));
  console.log('--- | ---: | ---: | ---: | ---: | ---:');
  for (const f of figures) {
    console.log([f.format, f.seconds.toFixed(1), `${(f.bytes / 1024 / 1024).toFixed(1)} MB`, f.format === 'csv' ? f.lines.toLocaleString('en') : '', f.before.toFixed(1), f.peak.toFixed(1)].join(' | '));
  }
}
