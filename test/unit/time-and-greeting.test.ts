import test from 'ava';
import { DEFAULT_TIME_ZONE, dateForms, formatDate, formatTime, isTimeZone, isoDate, parseWallClock, toMillis } from '../../src/shared/time.ts';
import { toUnixSeconds } from '../../src/resources/schema.ts';
import { greetingKey, type GreetingKey } from '../../src/shared/greeting.ts';
import { CONTENT_TOP_OFFSET, MENU_COLLAPSED_WIDTH, MENU_WIDTH, mobileBaseFontSize } from '../../src/shared/constants/layout.ts';
import { TaskStatus } from '../../src/shared/constants/terminal.ts';

test('10-digit timestamps are seconds, others milliseconds', (t) => {
  t.is(toMillis(1795269739), 1795269739000);
  t.is(toMillis('1795269739'), 1795269739000);
  t.is(toMillis(1795269739123), 1795269739123);
  t.is(toMillis(999999999), 999999999, 'nine digits are milliseconds');
  t.is(toMillis(-1795269739.5), -1795269739500, 'the sign and the fraction do not count as digits');
  t.is(toMillis(9999999999.9), 9999999999900);
  t.is(toMillis(10000000000), 10000000000, 'eleven digits are milliseconds');
  t.true(Number.isNaN(toMillis('soon')));
});

test('default format is yyyy-mm-dd hh:MM:ss', (t) => {
  // 2014-06-22 14:30:05 in Beijing, the day the Grand Canal was inscribed.
  const ts = Date.UTC(2014, 5, 22, 6, 30, 5) / 1000;
  t.is(formatTime(ts, undefined, 'Asia/Shanghai'), '2014-06-22 14:30:05');
  t.is(formatTime(ts * 1000, 'yyyy/mm/dd', 'Asia/Shanghai'), '2014/06/22');
  t.is(formatTime(ts, 'hh:MM', 'UTC'), '06:30');
  t.is(formatTime(null), '');
  t.is(formatTime('not a time'), '');
});

test('every date is written in the site time zone, Asia/Shanghai unless configured, whatever the machine says', (t) => {
  // 23:30 on 23 November in UTC is already 24 November in Shanghai.
  const late = Date.UTC(2026, 10, 23, 23, 30, 0) / 1000;
  t.is(DEFAULT_TIME_ZONE, 'Asia/Shanghai');
  t.is(formatTime(late), '2026-11-24 07:30:00');
  t.is(formatTime(late, undefined, 'Europe/London'), '2026-11-23 23:30:00');
  t.is(formatTime(late, 'yyyy-mm-ddThh:MM', 'Asia/Shanghai'), '2026-11-24T07:30', 'letters that are no token stay as they are');
  t.is(formatTime(late, undefined, 'Mars/Olympus'), '2026-11-24 07:30:00', 'an unknown zone falls back to the default');
  t.is(isoDate(late), '2026-11-24');
  t.is(isoDate(late, 'UTC'), '2026-11-23');
  t.is(formatDate('en', late), '24 Nov 2026');
  t.is(formatDate('zh-cn', late, 'America/New_York'), '2026年11月23日');
  t.is(formatDate('en', 0), '');
  for (const [lang, zone] of [['en', 'UTC'], ['zh-cn', 'America/New_York'], ['zh-cn', DEFAULT_TIME_ZONE]] as const) {
    t.deepEqual(dateForms(lang, late, zone), { dateTime: isoDate(late, zone), text: formatDate(lang, late, zone) });
  }
  t.deepEqual(dateForms('en', 0), { dateTime: '', text: '' });
  t.true(isTimeZone('Europe/London'));
  t.false(isTimeZone('Mars/Olympus'));
  t.false(isTimeZone(''));
});

test('wall-clock date-times from forms are read in the site time zone', (t) => {
  const ts = Date.UTC(2014, 5, 22, 6, 30, 5) / 1000;
  t.is(parseWallClock('2014-06-22 14:30:05'), ts);
  t.is(parseWallClock('2014-06-22T14:30:05', 'Asia/Shanghai'), ts);
  t.is(parseWallClock('2014-06-22 07:30:05', 'Europe/London'), ts, 'British summer time');
  t.is(parseWallClock('2014-06-22'), Date.UTC(2014, 5, 21, 16) / 1000, 'a date alone is its midnight');
  t.true(Number.isNaN(parseWallClock('2014-02-30 10:00')), 'no 30 February');
  t.true(Number.isNaN(parseWallClock('yesterday')));
  t.is(toUnixSeconds('2014-06-22 06:30:05', 'UTC'), ts);
  t.is(toUnixSeconds(String(ts)), ts);
  t.is(toUnixSeconds(''), null);
});

test('zones with summer time: each instant gets the offset of its own moment, both ways', (t) => {
  // London moved from GMT to BST at 01:00 UTC on 30 March 2025, and back at 01:00 UTC on 26 October 2025.
  t.is(formatTime(Date.UTC(2025, 2, 30, 0, 59, 59), undefined, 'Europe/London'), '2025-03-30 00:59:59');
  t.is(formatTime(Date.UTC(2025, 2, 30, 1, 0, 0), undefined, 'Europe/London'), '2025-03-30 02:00:00');
  t.is(formatTime(Date.UTC(2025, 9, 26, 0, 30, 0), undefined, 'Europe/London'), '2025-10-26 01:30:00');
  t.is(formatTime(Date.UTC(2025, 9, 26, 1, 30, 0), undefined, 'Europe/London'), '2025-10-26 01:30:00');
  t.is(formatTime(Date.UTC(2025, 6, 1, 12, 0, 0), undefined, 'America/New_York'), '2025-07-01 08:00:00');
  t.is(formatTime(Date.UTC(2025, 0, 1, 12, 0, 0), undefined, 'America/New_York'), '2025-01-01 07:00:00');
  t.is(formatTime(Date.UTC(2025, 0, 1, 12, 0, 0) + 999, 'hh:MM:ss', 'Asia/Kolkata'), '17:30:00', 'half-hour zones; milliseconds never round up');
  // Lord Howe Island moves from +10:30 to +11:00 at 15:30 UTC, inside an hour of UTC: both halves of that hour.
  t.is(formatTime(Date.UTC(2025, 9, 4, 15, 29, 59), undefined, 'Australia/Lord_Howe'), '2025-10-05 01:59:59');
  t.is(formatTime(Date.UTC(2025, 9, 4, 15, 30, 0), undefined, 'Australia/Lord_Howe'), '2025-10-05 02:30:00');
  t.is(formatTime(Date.UTC(2025, 9, 4, 15, 0, 0), undefined, 'Australia/Lord_Howe'), '2025-10-05 01:30:00');
  t.is(parseWallClock('2025-07-01 08:00', 'America/New_York'), Date.UTC(2025, 6, 1, 12) / 1000);
  t.is(parseWallClock('2025-01-01 07:00', 'America/New_York'), Date.UTC(2025, 0, 1, 12) / 1000);
  t.is(parseWallClock('2025-03-30 03:00', 'Europe/London'), Date.UTC(2025, 2, 30, 2) / 1000, 'just after the change');
  t.is(parseWallClock('2025-03-30 00:30', 'Europe/London'), Date.UTC(2025, 2, 30, 0, 30) / 1000, 'just before it');
  t.is(parseWallClock('1970-01-01 08:00', 'Asia/Shanghai'), 0);
});

test('every hour of a year with two changes reads as the runtime itself reads it, twice (the second time from remembered offsets)', (t) => {
  // sv-SE writes the same yyyy-mm-dd hh:MM:ss. 9000 instants are more than the remembered offsets hold, so the
  // memory is also emptied and filled again on the way.
  const oracle = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
  const start = Date.UTC(2025, 0, 1, 0, 17, 3);
  for (let round = 0; round < 2; round++) {
    let differ = 0;
    for (let h = 0; h < 9000; h++) {
      const ms = start + h * 3_600_000;
      if (formatTime(ms, undefined, 'Europe/London') !== oracle.format(ms)) differ++;
    }
    t.is(differ, 0, `round ${round + 1}`);
  }
});

test('the default zone, kept by hand from 1992, reads as the runtime reads it, and its summer times before then still count', (t) => {
  const oracle = new Intl.DateTimeFormat('sv-SE', { timeZone: DEFAULT_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
  let differ = 0;
  // Every 7 hours and 13 minutes from 1985 to 2045: every hour of the day, and the summers of 1986-1991.
  for (let ms = Date.UTC(1985, 0, 1); ms < Date.UTC(2045, 0, 1); ms += 26_000_000) {
    if (formatTime(ms, undefined, DEFAULT_TIME_ZONE) !== oracle.format(ms)) differ++;
    if (parseWallClock(oracle.format(ms), DEFAULT_TIME_ZONE) !== Math.floor(ms / 1000)) differ++;
  }
  t.is(differ, 0);
  t.is(formatTime(Date.UTC(1990, 6, 1, 12), undefined, DEFAULT_TIME_ZONE), '1990-07-01 21:00:00', 'summer time of 1990: UTC+9');
  t.is(formatTime(Date.UTC(2030, 6, 1, 12), undefined, 'nowhere/Atlantis'), '2030-07-01 20:00:00', 'an unknown zone reads as the default');
});

test('greeting follows the hour', (t) => {
  const expected: Array<[number, GreetingKey]> = [
    [0, 'lateNight'], [4, 'lateNight'], [5, 'earlyMorning'], [8, 'earlyMorning'], [9, 'morning'], [11, 'morning'],
    [12, 'noon'], [13, 'noon'], [14, 'afternoon'], [17, 'afternoon'], [18, 'evening'], [23, 'evening'],
  ];
  for (const [hour, key] of expected) t.is(greetingKey(hour), key, `hour ${hour}`);
});

test('layout constants and terminal states match the spec', (t) => {
  t.is(MENU_WIDTH, 260);
  t.is(MENU_COLLAPSED_WIDTH, 64);
  t.deepEqual(CONTENT_TOP_OFFSET, { Default: 70, Classic: 50, Streamline: 60, member: 60 });
  t.is(mobileBaseFontSize(375), 37.5);
  t.deepEqual([TaskStatus.Waiting, TaskStatus.Connecting, TaskStatus.Executing, TaskStatus.Success, TaskStatus.Failed, TaskStatus.Unknown], [0, 1, 2, 3, 4, 5]);
});
