import type { z } from 'zod';
import { Refusal } from './errors.ts';
import type { FieldFault } from '../shared/api/envelope.ts';

/**
 * Parses input with a shared schema; what it rejects becomes a code-0 answer in the caller's language that
 * names every field at fault, each with its first problem (Refusal.fields).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: Record<string, unknown>): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const faults: FieldFault[] = [];
  for (const issue of result.error.issues) {
    const field = issue.path.join('.');
    if (faults.some((f) => f.field === field)) continue;
    // Schema messages are catalogue keys ('validate:required'); anything else is zod's own English text,
    // which means the value had the wrong type: say so in the caller's language instead.
    faults.push({ field, message: /^[a-z][\w-]*:[\w.]+$/.test(issue.message) ? issue.message : 'validate:invalidField' });
  }
  const [first, ...rest] = faults;
  throw Refusal.fields([first ?? { field: '', message: 'validate:invalidField' }, ...rest]);
}
