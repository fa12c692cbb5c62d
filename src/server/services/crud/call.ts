import type { TFunction } from 'i18next';
import type { Lang } from '../../../shared/i18n/langs.ts';
import type { AdminRow } from '../accounts.ts';
import type { Permissions } from '../auth.ts';

export type Row = Record<string, unknown>;

/** Who makes a call: the admin and their permissions, and where they called from (for logs). */
export interface Actor {
  admin: AdminRow;
  permissions: Permissions;
  ip: string;
  userAgent: string;
  /** The keyed hash of the session that made the call: a password change ends every other session. */
  session: string;
}

/**
 * One call of a resource's action, as the engine takes it: plain data, no HTTP. The router's edge builds it
 * from a request (api/admin/resources.ts); a test or a terminal command can build one just as well.
 */
export interface Call {
  /** Query and body merged (reference section 0). */
  input: Record<string, unknown>;
  actor: Actor;
  lang: Lang;
  /** Translates catalogue keys into the caller's language. */
  t: TFunction;
  /** The site's origin as the caller sees it, for absolute links (messages, file URLs). */
  origin: string;
  /** The client's idempotency key for a write, when it sent one. */
  idempotencyKey: string | null;
}
