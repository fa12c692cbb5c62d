/** Unix seconds: the time unit of every table and of the envelope (reference convention). */
export function now(): number {
  return Math.floor(Date.now() / 1000);
}
