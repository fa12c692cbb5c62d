import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import type { Lang } from './i18n/langs.ts';

dayjs.extend(utc);

export const DEFAULT_TIME_FORMAT = 'yyyy-mm-dd hh:MM:ss';
/** The site's time zone unless the `time_zone` config item says otherwise. */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/** A timestamp in milliseconds; 10-digit numbers (and numeric strings) are Unix seconds (spec section 9). */
export function toMillis(value: number | string): number {
  const n = typeof value === 'string' ? Number(value.trim()) : value;
  if (!Number.isFinite(n)) return Number.NaN;
  return String(Math.trunc(Math.abs(n))).length === 10 ? n * 1000 : n;
}

// One wall-clock formatter per zone, built once (null for a name the runtime does not know). Building an
// Intl.DateTimeFormat costs far more than formatting with one; dayjs's timezone plugin built one for every
// date, a fifth of the time of a public page.
const wallClocks = new Map<string, Intl.DateTimeFormat | null>();

function wallClock(zone: string): Intl.DateTimeFormat | null {
  let format = wallClocks.get(zone);
  if (format === undefined) {
    try {
      format = zone.trim() === '' ? null : new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    } catch {
      format = null;
    }
    wallClocks.set(zone, format);
  }
  return format;
}

/** Whether the IANA name is a time zone this runtime knows (an unknown one would throw at format time). */
export function isTimeZone(name: string): boolean {
  return wallClock(name) !== null;
}

/** How many milliseconds the zone's clocks are ahead of UTC at this instant. */
function offsetAt(ms: number, format: Intl.DateTimeFormat): number {
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const { type, value } of format.formatToParts(ms)) part[type] = Number(value);
  const wall = Date.UTC(part.year ?? 1970, (part.month ?? 1) - 1, part.day ?? 1, part.hour ?? 0, part.minute ?? 0, part.second ?? 0);
  return wall - Math.floor(ms / 1000) * 1000;
}

const zoneFormat = (timeZone: string) => wallClock(timeZone) ?? wallClock(DEFAULT_TIME_ZONE)!;

/**
 * The one way to a wall clock: a timestamp (seconds or milliseconds) seen in a time zone; null when empty or
 * invalid. The Dayjs holds the wall-clock fields (in UTC mode), for formatting.
 */
function zoned(value: number | string | null | undefined, timeZone: string): Dayjs | null {
  if (value === null || value === undefined || value === '' || value === 0) return null;
  const ms = toMillis(value);
  if (!Number.isFinite(ms)) return null;
  return dayjs.utc(ms + offsetAt(ms, zoneFormat(timeZone)));
}

// The spec's tokens (yyyy mm dd hh MM ss) in dayjs's spelling.
const TOKENS: Record<string, string> = { yyyy: 'YYYY', mm: 'MM', dd: 'DD', hh: 'HH', MM: 'mm', ss: 'ss' };

/**
 * Formats a timestamp in the site's time zone with the tokens yyyy (year), mm (month), dd (day), hh (hour,
 * 24 h), MM (minute) and ss (second); anything else is written as it is. Empty or invalid input gives ''
 * rather than "Invalid Date" on screen.
 */
export function formatTime(value: number | string | null | undefined, format = DEFAULT_TIME_FORMAT, timeZone: string = DEFAULT_TIME_ZONE): string {
  const time = zoned(value, timeZone);
  if (!time) return '';
  const pattern = format.replace(/yyyy|mm|dd|hh|MM|ss|[^ymdhMs]+|./g, (part) => TOKENS[part] ?? `[${part}]`);
  return time.format(pattern);
}

/**
 * A wall-clock date-time ('YYYY-MM-DD', 'YYYY-MM-DD HH:mm' or 'YYYY-MM-DDTHH:mm:ss', as forms send it) read in
 * the time zone: Unix seconds, or NaN when it is not such a text.
 */
export function parseWallClock(text: string, timeZone: string = DEFAULT_TIME_ZONE): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!m) return Number.NaN;
  const [, y, mo, d, h = '00', mi = '00', s = '00'] = m;
  const wall = `${y}-${mo}-${d} ${h}:${mi}:${s}`;
  // dayjs rolls 2026-02-30 over into March: a date that does not read back the same does not exist.
  if (!dayjs(wall).isValid() || dayjs(wall).format('YYYY-MM-DD HH:mm:ss') !== wall) return Number.NaN;
  // The offset at the wall clock read as UTC, then at the instant that gives: right on both sides of a change.
  const format = zoneFormat(timeZone);
  const asUtc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  return (asUtc - offsetAt(asUtc - offsetAt(asUtc, format), format)) / 1000;
}

/** A date for reading, in the site's time zone: 2026年11月21日 / 21 Nov 2026; '' for none. */
export function formatDate(lang: Lang, value: number | string | null | undefined, timeZone: string = DEFAULT_TIME_ZONE): string {
  return zoned(value, timeZone)?.format(lang === 'en' ? 'D MMM YYYY' : 'YYYY年M月D日') ?? '';
}

/** The ISO date (YYYY-MM-DD) in the site's time zone, for `<time datetime>` and the sitemap. */
export function isoDate(value: number | string | null | undefined, timeZone: string = DEFAULT_TIME_ZONE): string {
  return zoned(value, timeZone)?.format('YYYY-MM-DD') ?? '';
}
