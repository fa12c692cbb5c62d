import os from 'node:os';
import v8 from 'node:v8';

// V8 takes a code cache only when it was made under the same flags, and Node's own modules carry one made
// under none: a server started with heap-size flags (npm start's semi-space, the bench's 128 MB old space)
// compiled every Node module it loaded from source, about 20 ms of a 200 ms cold start. V8 reads these flags
// once, when it sets up the heap; set back to their defaults afterwards, they leave its limits as they are
// and V8 takes the caches again, the launcher's own too, which so fits a start whatever heap flags it was given.
// Imported first by the launcher, before it loads anything else.

/** V8's heap-size flags (all read at the heap's set-up only); 0 is each one's default. */
const HEAP_SIZE_FLAGS = ['max-old-space-size', 'max-semi-space-size', 'min-semi-space-size', 'initial-old-space-size', 'max-heap-size', 'initial-heap-size'] as const;

for (const flag of HEAP_SIZE_FLAGS) v8.setFlagsFromString(`--${flag}=0`);

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
