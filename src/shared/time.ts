import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { Lang } from './i18n/langs.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

export const DEFAULT_TIME_FORMAT = 'yyyy-mm-dd hh:MM:ss';
/** The site's time zone unless the `time_zone` config item says otherwise. */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/** A timestamp in milliseconds; 10-digit numbers (and numeric strings) are Unix seconds (spec section 9). */
export function toMillis(value: number | string): number {
  const n = typeof value === 'string' ? Number(value.trim()) : value;
  if (!Number.isFinite(n)) return Number.NaN;
  return String(Math.trunc(Math.abs(n))).length === 10 ? n * 1000 : n;
}

// Building an Intl.DateTimeFormat costs far more than formatting with one, and every date formatted asks:
// each name is checked once (dayjs keeps its own formatter per zone).
const knownZones = new Map<string, boolean>();

/** Whether the IANA name is a time zone this runtime knows (an unknown one would throw at format time). */
export function isTimeZone(name: string): boolean {
  let known = knownZones.get(name);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: name });
      known = name.trim() !== '';
    } catch {
      known = false;
    }
    knownZones.set(name, known);
  }
  return known;
}

/** The one way to a wall clock: a timestamp (seconds or milliseconds) seen in a time zone; null when empty or invalid. */
export function zoned(value: number | string | null | undefined, timeZone: string = DEFAULT_TIME_ZONE): Dayjs | null {
  if (value === null || value === undefined || value === '' || value === 0) return null;
  const ms = toMillis(value);
  if (!Number.isFinite(ms)) return null;
  return dayjs(ms).tz(isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE);
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
  return dayjs.tz(wall, isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE).unix();
}

/** A date for reading, in the site's time zone: 2026年11月21日 / 21 Nov 2026; '' for none. */
export function formatDate(lang: Lang, value: number | string | null | undefined, timeZone: string = DEFAULT_TIME_ZONE): string {
  return zoned(value, timeZone)?.format(lang === 'en' ? 'D MMM YYYY' : 'YYYY年M月D日') ?? '';
}

/** The ISO date (YYYY-MM-DD) in the site's time zone, for `<time datetime>` and the sitemap. */
export function isoDate(value: number | string | null | undefined, timeZone: string = DEFAULT_TIME_ZONE): string {
  return zoned(value, timeZone)?.format('YYYY-MM-DD') ?? '';
}
