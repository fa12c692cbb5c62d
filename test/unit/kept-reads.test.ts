import test from 'ava';
import { KeptReads } from '../../src/server/services/keptReads.ts';

test('a total is counted once per key until the next clear', async (t) => {
  const totals = new KeptReads();
  let counted = 0;
  const count = async () => ++counted;
  t.is(await totals.of('news 1', count), 1);
  t.is(await totals.of('news 1', count), 1);
  t.is(await totals.of('news 2', count), 2, 'another filter is another count');
  totals.clear();
  t.is(await totals.of('news 1', count), 3);
});

test('a count that a clear overtakes is answered but not kept', async (t) => {
  const totals = new KeptReads();
  let release!: (n: number) => void;
  const slow = totals.of('news', () => new Promise<number>((resolve) => (release = resolve)));
  totals.clear();
  release(7);
  t.is(await slow, 7);
  t.is(await totals.of('news', async () => 8), 8, 'counted again');
});

test('a kept read may be any value, and a kept undefined is kept too', async (t) => {
  const kept = new KeptReads();
  let reads = 0;
  const categories = async () => [{ id: ++reads }];
  t.deepEqual(await kept.of('news_category', categories), [{ id: 1 }]);
  t.deepEqual(await kept.of('news_category', categories), [{ id: 1 }]);
  const nothing = async () => {
    reads++;
    return undefined;
  };
  t.is(await kept.of('none', nothing), undefined);
  t.is(await kept.of('none', nothing), undefined);
  t.is(reads, 2);
});
