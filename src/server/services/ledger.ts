import type { Knex } from 'knex';
import { now } from './clock.ts';

export type LedgerColumn = 'money' | 'score';

const LOG_TABLE: Record<LedgerColumn, 'user_money_log' | 'user_score_log'> = { money: 'user_money_log', score: 'user_score_log' };

export interface LedgerMove {
  userId: number;
  column: LedgerColumn;
  /** Signed change in stored units (cents, points). */
  change: number;
  memo: string;
  /** The memo in English, when the system writes it (a top-up); staff write one memo in their language. */
  memo_en?: string;
  /** The admin who made the change (0: the system, e.g. a payment). */
  adminId?: number;
  /** The request's Idempotency-Key: unique per admin, so a retried change is written once. */
  idempotencyKey?: string | null;
}

/** Why a move was refused: no such member, or the result would be negative (`balance` is what they hold). */
export type LedgerRefusal = { reason: 'noUser' } | { reason: 'insufficient'; balance: number };

export type LedgerResult = { ok: true; before: number; after: number; time: number } | ({ ok: false } & LedgerRefusal);

/**
 * Moves a member's balance or points and writes the ledger line, inside the caller's transaction (so a
 * payment can change its order in the same one). One conditional UPDATE locks the row and refuses a
 * negative result, on SQLite and PostgreSQL alike; nothing is written when it is refused.
 */
export async function moveLedger(trx: Knex.Transaction, move: LedgerMove): Promise<LedgerResult> {
  const { userId, column, change, memo, memo_en = '', adminId = 0, idempotencyKey = null } = move;
  const time = now();
  const moved = await trx('user')
    .where('id', userId)
    .where(column, '>=', -change)
    .update({ [column]: trx.raw('?? + ?', [column, change]), update_time: time });
  if (moved === 0) {
    const user = await trx('user').where({ id: userId }).first<Record<LedgerColumn, number> | undefined>(column);
    return user ? { ok: false, reason: 'insufficient', balance: Number(user[column]) } : { ok: false, reason: 'noUser' };
  }
  const after = Number((await trx('user').where({ id: userId }).first<Record<LedgerColumn, number>>(column))[column]);
  const before = after - change;
  await trx(LOG_TABLE[column]).insert({ user_id: userId, [column]: change, before, after, memo, memo_en, create_time: time, admin_id: adminId, idempotency_key: idempotencyKey });
  return { ok: true, before, after, time };
}
