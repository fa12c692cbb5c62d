import { randomInt } from 'node:crypto';

// A cryptographic source throughout: what is drawn, and where, must not be predictable from earlier images.
const STEPS = 2 ** 30;

/** A float in [min, max). */
export function between(min: number, max: number): number {
  return min + (randomInt(STEPS) / STEPS) * (max - min);
}

/** An integer in [min, max], both included. */
export function intBetween(min: number, max: number): number {
  return randomInt(min, max + 1);
}

export function chance(probability: number): boolean {
  return between(0, 1) < probability;
}

export function pick<T>(items: readonly T[]): T {
  return items[randomInt(items.length)]!;
}

/** `count` distinct items in random order (partial Fisher-Yates). */
export function sample<T>(items: readonly T[], count: number): T[] {
  const pool = [...items];
  for (let i = 0; i < count; i++) {
    const j = intBetween(i, pool.length - 1);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, count);
}
