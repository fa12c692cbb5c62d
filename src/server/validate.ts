import type { z } from 'zod';
import { Refusal } from './errors.ts';

/** Parses input with a shared schema; the first problem becomes a code-0 answer in the caller's language. */
export function parseInput<S extends z.ZodType>(schema: S, input: Record<string, unknown>): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  // Schema messages are catalogue keys ('validate:required'); anything else is zod's own English text,
  // which means the value had the wrong type: say so in the caller's language instead.
  const key = issue && /^[a-z][\w-]*:[\w.]+$/.test(issue.message) ? issue.message : 'validate:invalidField';
  throw new Refusal(key, 0, null, { field: issue?.path.join('.') ?? '' });
}
