import os from 'node:os';
import v8 from 'node:v8';

/** Hosts of at most this many cores collect the young generation on the main thread alone. */
const SMALL_HOST_CORES = 2;

/**
 * On a host of one or two cores, young-generation collections (scavenges) run on the main thread alone. V8
 * spreads each over helper threads, which there wait for a core the process and its neighbours (the proxy, the
 * database, in the bench the load generator) are using: an uncached /news paused 51 µs a page in scavenges
 * with helpers and 24–30 without (wrk at 8 connections, V8's GC trace), and the bench's uncached pages came
 * 9–12% faster. Set once the start's first answer is out, so the start itself is as measured before; V8 leaves
 * this flag out of the ones a code cache must match.
 */
export function scavengeOnMainThread(cores = os.availableParallelism()): void {
  if (cores <= SMALL_HOST_CORES) v8.setFlagsFromString('--no-parallel-scavenge');
}
