import test from 'ava';
import { formatTime, toMillis } from '../../src/shared/time.ts';
import { greetingKey, type GreetingKey } from '../../src/shared/greeting.ts';
import { CONTENT_TOP_OFFSET, MENU_COLLAPSED_WIDTH, MENU_WIDTH, mobileBaseFontSize } from '../../src/shared/constants/layout.ts';
import { TaskStatus } from '../../src/shared/constants/terminal.ts';

test('10-digit timestamps are seconds, others milliseconds', (t) => {
  t.is(toMillis(1795269739), 1795269739000);
  t.is(toMillis('1795269739'), 1795269739000);
  t.is(toMillis(1795269739123), 1795269739123);
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
