import test from 'ava';
import { Revalidated } from '../../src/server/services/terminal/revalidated.ts';

/** Work whose every run is counted and answers when the test says. */
function controlled() {
  const runs: Array<{ resolve(value: number): void; reject(err: Error): void }> = [];
  const work = () => new Promise<number>((resolve, reject) => runs.push({ resolve, reject }));
  return { runs, work };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

test('only the first caller waits: past its age the value found is answered at once and renewed behind it', async (t) => {
  const { runs, work } = controlled();
  let now = 0;
  const kept = new Revalidated(work, 1000, () => now);
  const first = kept.get();
  t.is(runs.length, 1);
  runs[0]!.resolve(1);
  t.is(await first, 1);
  now = 500;
  t.is(await kept.get(), 1, 'fresh: no work');
  t.is(runs.length, 1);
  now = 1500;
  t.is(await kept.get(), 1, 'stale: the old value at once');
  t.is(runs.length, 1, 'the renewal starts after the answer');
  await settle();
  t.is(await kept.get(), 1, 'a renewal under way is not started twice');
  await settle();
  t.is(runs.length, 2);
  runs[1]!.resolve(2);
  await settle();
  t.is(await kept.get(), 2, 'the renewed value');
  now = 2400;
  t.is(await kept.get(), 2, 'its age counts from the renewal');
  t.is(runs.length, 2);
});

test('a renewal that fails keeps the value; forget makes the next caller wait and drops a renewal started before it', async (t) => {
  const { runs, work } = controlled();
  let now = 0;
  const kept = new Revalidated(work, 1000, () => now);
  const first = kept.get();
  runs[0]!.resolve(1);
  await first;
  now = 2000;
  t.is(await kept.get(), 1);
  await settle();
  runs[1]!.reject(new Error('probe failed'));
  await settle();
  t.is(await kept.get(), 1, 'kept after a failed renewal');
  await settle();
  t.is(runs.length, 3, 'and renewed again on the next call');
  kept.forget();
  const waited = kept.get();
  t.is(runs.length, 4, 'forgotten: worked out afresh');
  runs[2]!.resolve(99);
  runs[3]!.resolve(3);
  await settle();
  t.is(await waited, 3);
  t.is(await kept.get(), 3, 'the renewal started before forget is not kept');
});
