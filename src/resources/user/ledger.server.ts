import { bilingual } from '../../server/services/bilingual.ts';
import { ClientError, Refusal, Success } from '../../server/errors.ts';
import type { Row } from '../../server/services/crud/call.ts';
import { checkIdempotencyKey, isUniqueViolation } from '../../server/services/idempotency.ts';
import type { Behaviour } from '../../server/services/crud/unit.ts';
import type { Services } from '../../server/services/index.ts';
import { moveLedger } from '../../server/services/ledger.ts';
import { notifyMember } from '../../server/services/memberMessages.ts';

export interface LedgerOptions {
  table: 'user_money_log' | 'user_score_log';
  /** The user column the ledger moves, also the log's amount column. */
  column: 'money' | 'score';
  /** The posted change in stored units (cents, points); null when malformed. */
  parse(value: unknown): number | null;
  /** Stored units as the API shows them. */
  show(units: number): string | number;
  /** Message keys of the `admin-auth` catalogue. */
  keys: { invalid: string; insufficient: string; messageTitle: string; messageContent: string };
}

const MEMO_MAX = 255;

/** '+12.50' / '-2.50' / '+10': the change with its sign, for the member's message. */
function signed(value: string | number, units: number): string {
  return units > 0 ? `+${String(value)}` : String(value);
}

/**
 * An insert-only ledger (reference 3.8 / 3.9): the generic list, joined with the member's display columns,
 * and an add that moves the balance and writes the log line in one transaction. The member is told in their
 * inbox. An add with an Idempotency-Key (unique per admin, stored with the line) is done once: a retry gets
 * the first answer and changes nothing.
 */
export function ledgerBehaviour({ knex }: Services, options: LedgerOptions): Behaviour {
  const { table, column, keys } = options;
  return {
    output: (rows) => rows.map((row) => ({ ...row, ...Object.fromEntries([column, 'before', 'after'].map((c) => [c, options.show(Number(row[c]))])) })),
    actions: {
      add: {
        async get({ input }) {
          const id = Number(input.userId);
          const user = Number.isInteger(id) && id > 0 ? await knex('user').where({ id }).first<Row | undefined>('id', 'username', 'nickname', column) : undefined;
          if (!user) throw new Refusal('admin-auth:userNotFound');
          return { user: { ...user, [column]: options.show(Number(user[column])) } };
        },
        async post({ input, actor, idempotencyKey }) {
          const key = checkIdempotencyKey(idempotencyKey);
          const adminId = actor.admin.id;
          const userId = Number(input.user_id);
          if (!Number.isInteger(userId) || userId <= 0) throw new Refusal('admin-auth:userNotFound');
          const change = options.parse(input[column]);
          if (change === null) throw new Refusal(keys.invalid);
          if (change === 0) throw new Refusal('admin-auth:zeroChange');
          const memo = typeof input.memo === 'string' ? input.memo.trim() : '';
          if (memo === '') throw new Refusal('admin-auth:memoRequired');
          if (memo.length > MEMO_MAX) throw new Refusal('validate:tooLong');

          /** The answer already given to this key: the same change again changes nothing. */
          const earlier = async (): Promise<Success<null> | null> => {
            if (key === null) return null;
            const first = await knex(table).where({ admin_id: adminId, idempotency_key: key }).first<Row | undefined>('user_id', column, 'memo');
            if (!first) return null;
            if (Number(first.user_id) !== userId || Number(first[column]) !== change || first.memo !== memo) {
              throw new ClientError(422, 'security:idempotencyKeyReused');
            }
            return new Success(null, 'crud:added', {}, true);
          };
          const replayed = await earlier();
          if (replayed) return replayed;

          try {
            await knex.transaction(async (trx) => {
              const moved = await moveLedger(trx, { userId, column, change, memo, adminId, idempotencyKey: key });
              if (!moved.ok) {
                if (moved.reason === 'noUser') throw new Refusal('admin-auth:userNotFound');
                throw new Refusal(keys.insufficient, 0, null, { balance: options.show(moved.balance), amount: options.show(-change) });
              }
              const params = { change: signed(options.show(change), change), after: options.show(moved.after), memo };
              await notifyMember(trx, userId, { title: bilingual('admin-auth', keys.messageTitle), content: bilingual('admin-auth', keys.messageContent, params) }, moved.time);
            });
          } catch (err) {
            // A twin of this request with the same key committed first (the unique index stopped this one, and
            // the rollback undid its balance move): answer as the twin did.
            const twin = key !== null && isUniqueViolation(err) ? await earlier() : null;
            if (twin) return twin;
            throw err;
          }
          return new Success(null, 'crud:added');
        },
      },
    },
  };
}
