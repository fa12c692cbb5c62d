import moneyLogResource from '../../../resources/user/moneyLog.ts';
import { actionUrl } from '../../../resources/naming.ts';
import type { ResourceDef } from '../../../resources/types.ts';
import { centsToYuan, yuanToCents } from '../../../shared/account.ts';
import { bilingual } from '../../../server/services/bilingual.ts';
import { idempotencyKeyOf, isUniqueViolation } from '../../../server/services/idempotency.ts';
import { moveLedger } from '../../../server/services/ledger.ts';
import { notifyMember } from '../../../server/services/memberMessages.ts';
import { applyListParams, likeValue, type Relation } from '../../../server/services/crud/query.ts';
import { likeSql } from '../../../server/dialect.ts';
import type { Row } from '../../../server/services/crud/security.ts';
import type { Services } from '../../../server/services/index.ts';
import type { ApiRoute } from '../../types.ts';
import { remarkOf } from '../crud.ts';
import { Refusal, ClientError, Success } from '../../../server/errors.ts';

export interface LedgerOptions {
  def: ResourceDef;
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
 * An insert-only ledger (reference 3.8 / 3.9): a list joined with the member's display columns, and an add
 * that moves the balance and writes the log line in one transaction. The member is told in their inbox. An
 * add with an Idempotency-Key (unique per admin, stored with the line) is done once: a retry gets the first
 * answer and changes nothing.
 */
export function adminLedgerRoutes(services: Services, options: LedgerOptions): ApiRoute[] {
  const { knex } = services;
  const { def, table, column, keys } = options;
  const userField = def.fields.find((f) => f.name === 'user_id')!;
  const relations: Relation[] = [{ name: 'user', field: userField, table: 'user', pk: 'id', labelField: 'username', localizedLabel: false }];

  const present = (row: Row): Row => {
    const { user__username, user__nickname, ...log } = row;
    const amounts = Object.fromEntries([column, 'before', 'after'].map((c) => [c, options.show(Number(log[c]))]));
    return { ...log, ...amounts, user: { username: user__username ?? '', nickname: user__nickname ?? '' } };
  };

  const index: ApiRoute = {
    methods: ['GET'],
    path: actionUrl(def, 'index'),
    auth: 'adminRule',
    async handler(req) {
      const { input } = req;
      const query = knex(table).leftJoin('user', 'user.id', `${table}.user_id`);
      // The generic relation offers one label column; the ledger is searched by username and nickname.
      const quick = typeof input.quickSearch === 'string' ? input.quickSearch.trim() : '';
      if (quick) {
        query.where((q) => {
          for (const c of ['user.username', 'user.nickname']) q.orWhereRaw(likeSql(knex), [c, likeValue(quick)]);
        });
      }
      const { page, limit } = applyListParams(query, def, relations, { ...input, quickSearch: '' }, [], await services.settings.timeZone());
      const [{ total }] = (await query.clone().clearOrder().count(`${table}.id as total`)) as [{ total: number }];
      const rows = (await query
        .select(`${table}.*`, 'user.username as user__username', 'user.nickname as user__nickname')
        .limit(limit)
        .offset((page - 1) * limit)) as Row[];
      return { list: rows.map(present), total: Number(total), remark: await remarkOf(services, def, req) };
    },
  };

  const addRead: ApiRoute = {
    methods: ['GET'],
    path: actionUrl(def, 'add'),
    auth: 'adminRule',
    async handler({ input }) {
      const id = Number(input.userId);
      const user = Number.isInteger(id) && id > 0 ? await knex('user').where({ id }).first<Row | undefined>('id', 'username', 'nickname', column) : undefined;
      if (!user) throw new Refusal('admin-auth:userNotFound');
      return { user: { ...user, [column]: options.show(Number(user[column])) } };
    },
  };

  const addSave: ApiRoute = {
    methods: ['POST'],
    path: actionUrl(def, 'add'),
    auth: 'adminRule',
    async handler({ input, ctx, admin }) {
      const key = idempotencyKeyOf(ctx);
      const adminId = admin!.id;
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
        ctx.set('Idempotent-Replayed', 'true');
        return new Success(null, 'crud:added');
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
  };

  return [index, addRead, addSave];
}

/** user/moneyLog: balance changes in yuan (stored in cents). */
export function moneyLogRoutes(services: Services): ApiRoute[] {
  return adminLedgerRoutes(services, {
    def: moneyLogResource,
    table: 'user_money_log',
    column: 'money',
    parse: yuanToCents,
    show: centsToYuan,
    keys: {
      invalid: 'admin-auth:invalidMoney',
      insufficient: 'admin-auth:insufficientMoney',
      messageTitle: 'admin-auth:moneyMessageTitle',
      messageContent: 'admin-auth:moneyMessageContent',
    },
  });
}
