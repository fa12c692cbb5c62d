import test from 'ava';
import { PublicTotals } from '../../src/server/services/publicTotals.ts';

test('a total is counted once per key until the next clear', async (t) => {
  const totals = new PublicTotals();
  let counted = 0;
  const count = async () => ++counted;
  t.is(await totals.of('news 1', count), 1);
  t.is(await totals.of('news 1', count), 1);
  t.is(await totals.of('news 2', count), 2, 'another filter is another count');
  totals.clear();
  t.is(await totals.of('news 1', count), 3);
});

test('a count that a clear overtakes is answered but not kept', async (t) => {
  const totals = new PublicTotals();
  let release!: (n: number) => void;
  const slow = totals.of('news', () => new Promise<number>((resolve) => (release = resolve)));
  totals.clear();
  release(7);
  t.is(await slow, 7);
  t.is(await totals.of('news', async () => 8), 8, 'counted again');
});
