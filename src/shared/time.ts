export const DEFAULT_TIME_FORMAT = 'yyyy-mm-dd hh:MM:ss';

/** A timestamp in milliseconds; 10-digit numbers (and numeric strings) are Unix seconds (spec section 9). */
export function toMillis(value: number | string): number {
  const n = typeof value === 'string' ? Number(value.trim()) : value;
  if (!Number.isFinite(n)) return Number.NaN;
  return String(Math.trunc(Math.abs(n))).length === 10 ? n * 1000 : n;
}

/** One formatter per time zone ('' = the runtime's): making an Intl.DateTimeFormat is the expensive part. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function parts(ms: number, timeZone?: string): Record<string, string> {
  let fmt = formatters.get(timeZone ?? '');
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone ?? '', fmt);
  }
  return Object.fromEntries(fmt.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
}

/**
 * Formats a timestamp with the tokens yyyy (year), mm (month), dd (day), hh (hour, 24 h), MM (minute) and
 * ss (second). Empty or invalid input gives '' rather than "Invalid Date" on screen.
 */
export function formatTime(value: number | string | null | undefined, format = DEFAULT_TIME_FORMAT, timeZone?: string): string {
  if (value === null || value === undefined || value === '' || value === 0) return '';
  const ms = toMillis(value);
  if (!Number.isFinite(ms)) return '';
  const p = parts(ms, timeZone);
  const tokens: Record<string, string> = { yyyy: p.year!, mm: p.month!, dd: p.day!, hh: p.hour!, MM: p.minute!, ss: p.second! };
  return format.replace(/yyyy|mm|dd|hh|MM|ss/g, (t) => tokens[t]!);
}
