import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';

// src/server/heapFlags.ts: a server started with heap-size flags takes V8's code caches (Node's own and the
// launcher's) as one started without them, and keeps the limits its flags set. src/server/scavenger.ts: on small
// hosts scavenges run on the main thread.

const ROOT = path.resolve(import.meta.dirname, '../..');
const HEAP_FLAGS = ['--max-old-space-size=128', '--max-semi-space-size=2'];
const MB = 2 ** 20;

/** What `script` (an ES module run from the repository's root) prints, run by Node with `flags`. */
function node(flags: string[], script: string): string {
  return execFileSync(process.execPath, [...flags, '--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
}

interface Seen {
  /** V8's tag of the caches it accepts (its version, CPU features and the flags that count). */
  tag: number;
  heapLimitMb: number;
  /** The largest new space seen while making a million short-lived objects. */
  newSpaceMb: number;
}

/** Node run with `flags`, importing heapFlags.ts or not, and what V8 then says. */
function heap(flags: string[], reset: boolean): Seen {
  const printed = node(
    flags,
    `
    ${reset ? "await import('./src/server/heapFlags.ts');" : ''}
    const v8 = await import('node:v8');
    let newSpace = 0;
    const kept = [];
    for (let i = 0; i < 1e6; i++) {
      kept.push({ i, text: 'x' + i });
      if (kept.length > 5000) kept.length = 0;
      if (i % 5000 === 0) newSpace = Math.max(newSpace, v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size);
    }
    console.log(JSON.stringify({ tag: v8.cachedDataVersionTag(), heapLimitMb: v8.getHeapStatistics().heap_size_limit / ${MB}, newSpaceMb: newSpace / ${MB} }));
  `,
  );
  return JSON.parse(printed) as Seen;
}

test('after heapFlags.ts, V8 takes the caches of a start without heap flags and keeps the heap limits the flags set', (t) => {
  const plain = heap([], false);
  const flagged = heap(HEAP_FLAGS, false);
  const reset = heap(HEAP_FLAGS, true);
  t.not(flagged.tag, plain.tag, 'the heap flags alone make V8 refuse caches made without them');
  t.is(reset.tag, plain.tag);
  t.is(reset.heapLimitMb, flagged.heapLimitMb);
  t.true(reset.heapLimitMb < 200 && reset.heapLimitMb < plain.heapLimitMb, `heap limit ${reset.heapLimitMb} MB, ${plain.heapLimitMb} MB without the flags`);
  // A semi-space of at most 2 MB: a new space of at most two of them.
  t.true(reset.newSpaceMb <= 4, `new space ${reset.newSpaceMb} MB`);
  t.true(plain.newSpaceMb > 4, `new space without the flags ${plain.newSpaceMb} MB`);
});

const SET = 'scavenger set';
const LATE_LINES = 10;

/** Milliseconds helper threads spent in each scavenge of a million short-lived objects (V8's GC trace), after `scavengeOnMainThread(cores)`. */
function helperTimes(cores: number): number[] {
  const script = `
    const { scavengeOnMainThread } = await import('./src/server/scavenger.ts');
    scavengeOnMainThread(${cores});
    console.log('${SET}');
    const kept = [];
    for (let i = 0; i < 1e6; i++) {
      kept.push({ i, text: 'x' + i });
      if (kept.length > 20000) kept.length = 0;
    }
  `;
  const trace = node([...HEAP_FLAGS, '--trace-gc-nvp'], script);
  // Scavenges before the call (tsx loading) had helpers either way. V8 prints its trace through C's buffered
  // output and Node prints the mark straight out, so up to a buffer's worth of lines from before the call (4 KB,
  // about four) can come after the mark: the first LATE_LINES after it are left out.
  const after = trace.slice(trace.indexOf(SET));
  return [...after.matchAll(/gc=s .*?background\.scavenge\.parallel=([\d.]+)/g)].map((m) => Number(m[1])).slice(LATE_LINES);
}

test('on two cores or fewer, scavenges run on the main thread alone; with more, V8 keeps its helper threads', (t) => {
  const small = helperTimes(2);
  t.true(small.length > 20, `${small.length} scavenges`);
  t.deepEqual(small.filter((ms) => ms > 0), []);
  // Helper threads need a second core to run on.
  if (os.availableParallelism() > 1) t.true(helperTimes(64).some((ms) => ms > 0), 'with helpers, some of their time shows');
});
