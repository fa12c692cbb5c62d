import { ClientError } from '../errors.ts';

/** The header a client sends to make a retried write safe (one new key per intended change). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Printable ASCII, as the IETF draft and the big payment APIs allow; 100 characters fit a UUID with room. */
const KEY = /^[\x21-\x7e]{1,100}$/;

/** A client's Idempotency-Key as sent (null when none): a malformed one is refused (400). */
export function checkIdempotencyKey(raw: string | null): string | null {
  if (raw === null || raw === '') return null;
  if (!KEY.test(raw)) throw new ClientError(400, 'security:idempotencyKeyInvalid');
  return raw;
}

/** Whether a database error is a unique-constraint violation (SQLite or PostgreSQL). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown };
  return e.code === '23505' || (typeof e.code === 'string' && e.code.startsWith('SQLITE_CONSTRAINT_UNIQUE')) || /UNIQUE constraint failed/.test(String(e.message ?? ''));
}
