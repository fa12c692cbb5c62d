/** Keeps the thread busy for `ms`: a request's CPU, for tests of what a loaded event loop does. */
export function spin(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}
