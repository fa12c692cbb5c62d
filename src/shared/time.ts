import type { Lang } from './i18n/langs.ts';

export const DEFAULT_TIME_FORMAT = 'yyyy-mm-dd hh:MM:ss';
/** The site's time zone unless the `time_zone` config item says otherwise. */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/** A timestamp in milliseconds; 10-digit numbers (and numeric strings) are Unix seconds (spec section 9). */
export function toMillis(value: number | string): number {
  const n = typeof value === 'string' ? Number(value.trim()) : value;
  if (!Number.isFinite(n)) return Number.NaN;
  // Ten digits before the point, counted without making a string: every date of a page comes through here.
  const whole = Math.trunc(Math.abs(n));
  return whole >= 1e9 && whole < 1e10 ? n * 1000 : n;
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

/**
 * The default zone's offset, kept by hand from the date its rules last changed: China has kept UTC+8 with no
 * summer time since September 1991 (tzdata). Asking ICU instead loads its zone data on the first date, 12 ms of
 * a cold start and 8 MB resident for good; dates before then, and every other zone, still ask ICU.
 */
const FIXED_OFFSETS: ReadonlyMap<string, { since: number; offset: number }> = new Map([[DEFAULT_TIME_ZONE, { since: Date.UTC(1992, 0, 1), offset: 8 * 3_600_000 }]]);

/** Whether the IANA name is a time zone this runtime knows (an unknown one would throw at format time). */
export function isTimeZone(name: string): boolean {
  return FIXED_OFFSETS.has(name) || wallClock(name) !== null;
}

/** How many milliseconds the zone's clocks are ahead of UTC at this instant (to the second). */
function offsetAt(ms: number, format: Intl.DateTimeFormat): number {
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const { type, value } of format.formatToParts(ms)) part[type] = Number(value);
  const wall = Date.UTC(part.year ?? 1970, (part.month ?? 1) - 1, part.day ?? 1, part.hour ?? 0, part.minute ?? 0, part.second ?? 0);
  return wall - Math.floor(ms / 1000) * 1000;
}

// Offsets already worked out, by zone and hour: formatToParts is most of the cost of a date, and a list (an
// export of a hundred thousand rows above all) shows dates of many different seconds but few different hours.
// An hour whose offset is the same at its first and last millisecond has that offset throughout (no zone
// changes its offset twice within an hour); one whose offset changes inside is worked out by the second.
// Bounded, since a long list of old dates would fill it.
const OFFSETS_KEPT = 4096;
const HOUR = 3_600_000;
const offsets = new Map<Intl.DateTimeFormat, Map<number, number | null>>();

function cachedOffsetAt(ms: number, format: Intl.DateTimeFormat): number {
  let byZone = offsets.get(format);
  if (!byZone) offsets.set(format, (byZone = new Map()));
  const hour = Math.floor(ms / HOUR);
  let offset = byZone.get(hour);
  if (offset === undefined) {
    if (byZone.size >= OFFSETS_KEPT) byZone.clear();
    const first = offsetAt(hour * HOUR, format);
    offset = first === offsetAt(hour * HOUR + HOUR - 1, format) ? first : null;
    byZone.set(hour, offset);
  }
  return offset ?? offsetAt(ms, format);
}

/** How many milliseconds the zone (the default one when unknown) is ahead of UTC at this instant. */
function zoneOffsetAt(ms: number, timeZone: string): number {
  const zone = isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  const fixed = FIXED_OFFSETS.get(zone);
  if (fixed && ms >= fixed.since) return fixed.offset;
  return cachedOffsetAt(ms, wallClock(zone)!);
}

/** The fields of a wall clock. */
interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * The one way to a wall clock: a timestamp (seconds or milliseconds) seen in a time zone; null when empty or
 * invalid.
 */
function zoned(value: number | string | null | undefined, timeZone: string): WallClock | null {
  if (value === null || value === undefined || value === '' || value === 0) return null;
  const ms = toMillis(value);
  if (!Number.isFinite(ms)) return null;
  const wall = new Date(ms + zoneOffsetAt(ms, timeZone));
  if (Number.isNaN(wall.getTime())) return null;
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate(), hour: wall.getUTCHours(), minute: wall.getUTCMinutes(), second: wall.getUTCSeconds() };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

// The spec's tokens: yyyy (year), mm (month), dd (day), hh (hour, 24 h), MM (minute), ss (second).
const TOKENS: Record<string, (w: WallClock) => string> = {
  yyyy: (w) => pad(w.year, 4),
  mm: (w) => pad(w.month),
  dd: (w) => pad(w.day),
  hh: (w) => pad(w.hour),
  MM: (w) => pad(w.minute),
  ss: (w) => pad(w.second),
};

/**
 * Formats a timestamp in the site's time zone with the tokens yyyy (year), mm (month), dd (day), hh (hour,
 * 24 h), MM (minute) and ss (second); anything else is written as it is. Empty or invalid input gives ''
 * rather than "Invalid Date" on screen.
 */
export function formatTime(value: number | string | null | undefined, format = DEFAULT_TIME_FORMAT, timeZone: string = DEFAULT_TIME_ZONE): string {
  const wall = zoned(value, timeZone);
  if (!wall) return '';
  return format.replace(/yyyy|mm|dd|hh|MM|ss/g, (token) => TOKENS[token]!(wall));
}

/**
 * A wall-clock date-time ('YYYY-MM-DD', 'YYYY-MM-DD HH:mm' or 'YYYY-MM-DDTHH:mm:ss', as forms send it) read in
 * the time zone: Unix seconds, or NaN when it is not such a text.
 */
export function parseWallClock(text: string, timeZone: string = DEFAULT_TIME_ZONE): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!m) return Number.NaN;
  const [y, mo, d, h, mi, s] = m.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  // 2026-02-30 or 24:00 would roll over into the next day: a wall clock that does not read back the same does not exist.
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(asUtc);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || back.getUTCHours() !== h || back.getUTCMinutes() !== mi || back.getUTCSeconds() !== s) return Number.NaN;
  // The offset at the wall clock read as UTC, then at the instant that gives: right on both sides of a change.
  return (asUtc - zoneOffsetAt(asUtc - zoneOffsetAt(asUtc, timeZone), timeZone)) / 1000;
}

const MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const readable = (lang: Lang, wall: WallClock) => (lang === 'en' ? `${wall.day} ${MONTHS_EN[wall.month - 1]} ${wall.year}` : `${wall.year}年${wall.month}月${wall.day}日`);
// Written out rather than through formatTime's token pattern: every card's date takes this path.
const iso = (wall: WallClock) => `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`;

/** A date for reading, in the site's time zone: 2026年11月21日 / 21 Nov 2026; '' for none. */
export function formatDate(lang: Lang, value: number | string | null | undefined, timeZone: string = DEFAULT_TIME_ZONE): string {
  const wall = zoned(value, timeZone);
  return wall ? readable(lang, wall) : '';
}

/** The ISO date (YYYY-MM-DD) in the site's time zone, for `<time datetime>` and the sitemap. */
export function isoDate(value: number | string | null | undefined, timeZone: string = DEFAULT_TIME_ZONE): string {
  const wall = zoned(value, timeZone);
  return wall ? iso(wall) : '';
}

/** A date's two forms: as a machine reads it (`<time datetime>`) and as the page shows it. */
export type DateForms = {
  dateTime: string;
  text: string;
};

/** A date's forms from one reading of the wall clock: `dateTime` as isoDate gives it, `text` as formatDate. */
export function dateForms(lang: Lang, value: number | string | null | undefined, timeZone: string = DEFAULT_TIME_ZONE): DateForms {
  const wall = zoned(value, timeZone);
  return wall ? { dateTime: iso(wall), text: readable(lang, wall) } : { dateTime: '', text: '' };
}
