import { ApiCode, type FieldFault, type FieldFaults } from '../shared/api/envelope.ts';
import { isBadValueError } from './dialect.ts';

/**
 * The failures and results the server's code reports, whoever calls it: the router turns them into the
 * envelope and an HTTP status at its edge; services and the resource engine know nothing of HTTP.
 */

/**
 * A call refused for a reason the caller can act on. `msgKey` is a catalogue key (translated into the
 * caller's language) unless `raw` is set, for texts that come from elsewhere (a mail server's answer).
 */
export class Refusal extends Error {
  constructor(
    readonly msgKey: string,
    readonly code: number = ApiCode.failure,
    readonly data: unknown = null,
    readonly params: Record<string, unknown> = {},
    readonly raw = false,
  ) {
    super(msgKey);
  }

  static raw(text: string): Refusal {
    return new Refusal(text, ApiCode.failure, null, {}, true);
  }

  /**
   * A refusal of values a form sent, naming every field at fault (at least one): the message is the first
   * one's, and `data.fields` lists them all so the form marks each field at once.
   */
  static fields(faults: readonly [FieldFault, ...FieldFault[]]): Refusal {
    const [first] = faults;
    return new Refusal(first.message, ApiCode.failure, { fields: faults } satisfies FieldFaults, { field: first.field });
  }
}

/**
 * A successful result with a message to show (the client shows it when the call opted in). `replayed` says
 * it is the answer an earlier call with the same idempotency key already got: nothing changed this time.
 */
export class Success<T> {
  constructor(
    readonly data: T,
    readonly msgKey: string,
    readonly params: Record<string, unknown> = {},
    readonly replayed = false,
  ) {}
}

/**
 * A request refused because of how the client sent it (malformed or oversized data, an encoding it cannot
 * produce, an unknown host, a reused idempotency key): `status` is the 4xx the edge answers with.
 */
export class ClientError extends Error {
  constructor(
    readonly status: number,
    readonly msgKey: string,
    readonly params: Record<string, unknown> = {},
  ) {
    super(msgKey);
  }
}

// Failures of body parsers and other libraries that carry a 4xx status: say what was wrong.
const CLIENT_ERROR_KEYS: Record<number, string> = {
  400: 'api:invalidBody',
  413: 'api:bodyTooLarge',
  415: 'api:unsupportedBody',
};

/** The client error an exception stands for, or null when it is the server's own failure. */
export function asClientError(err: unknown): ClientError | null {
  if (err instanceof ClientError) return err;
  if (isBadValueError(err)) return new ClientError(400, 'api:invalidValue');
  const status = (err as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) return new ClientError(status, CLIENT_ERROR_KEYS[status] ?? 'api:invalidBody');
  return null;
}
