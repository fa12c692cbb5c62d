/**
 * A schema (or a set of them) made the first time it is asked for, then kept. Schemas at a module's top level
 * were made when the module loaded: on the server some 1,300 zod objects at every start, for requests most
 * starts never see, and they made the start load zod itself, which the server's bundle now reads only when the
 * first schema is made (scripts/bundle.ts).
 */
export function lazySchema<S>(make: () => S): () => S {
  let made: S | undefined;
  return () => (made ??= make());
}
