import { ClientError } from '../server/errors.ts';

/**
 * Bounds on any parsed request input (query, form or JSON body). They are checked, iteratively, before any
 * other code walks the input: recursive code (JSON.stringify, masking, validation) cannot overflow the stack
 * on it, and no loop or SQL `IN (...)` gets an unbounded list. Real payloads stay far below them.
 */
export const INPUT_LIMITS = { depth: 16, values: 20_000, listLength: 5_000 } as const;

/**
 * Names that reach or shadow Object.prototype (`__proto__`, `constructor`, `toString`...): as keys of input
 * they turn `input[name]` lookups and `String(value)` conversions into prototype pollution or crashes.
 */
export function isHostileKey(key: string): boolean {
  return key === 'prototype' || key in Object.prototype;
}

/** Refuses input that breaks INPUT_LIMITS or carries a hostile key, with a 4xx saying which. */
export function checkInput(input: unknown): void {
  const stack: Array<{ value: unknown; depth: number }> = [{ value: input, depth: 0 }];
  let values = 0;
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (++values > INPUT_LIMITS.values) throw new ClientError(413, 'security:inputTooLarge', { max: INPUT_LIMITS.values });
    if (value === null || typeof value !== 'object') continue;
    if (depth >= INPUT_LIMITS.depth) throw new ClientError(400, 'security:inputTooDeep', { max: INPUT_LIMITS.depth });
    if (Array.isArray(value)) {
      if (value.length > INPUT_LIMITS.listLength) throw new ClientError(413, 'security:listTooLong', { max: INPUT_LIMITS.listLength });
      for (const item of value as unknown[]) stack.push({ value: item, depth: depth + 1 });
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      if (isHostileKey(key)) throw new ClientError(400, 'security:forbiddenKey', { key: key.slice(0, 40) });
      stack.push({ value: item, depth: depth + 1 });
    }
  }
}
