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
