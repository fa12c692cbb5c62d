import { centsToYuan } from '../../shared/account.ts';
import { isAccountName } from '../../shared/validation.ts';
import { Refusal } from '../../server/errors.ts';
import { now } from '../../server/services/clock.ts';
import { defineUnit } from '../../server/services/crud/unit.ts';
import { MEMBER_TOKEN_TYPES } from '../../server/services/members.ts';
import { isTrue } from '../../server/services/ruleAdmin.ts';
import { assertSignInNames, takePassword } from '../accounts.server.ts';
import userResource from './user.ts';

const passwordChanged = (input: Record<string, unknown>) => typeof input.password === 'string' && input.password !== '';

/**
 * user/user: member accounts (reference 3.5). Hashes and salts never leave the server; money and score are
 * read-only here (the reference lets the form post them back); a new password signs the member out.
 */
export default defineUnit(userResource, ({ auth }) => ({
  readonly: ['money', 'score'],
  output(rows, call) {
    return rows.map((row) => {
      const out = { ...row, money: centsToYuan(Number(row.money ?? 0)) };
      return isTrue(call.input.select) ? { ...out, nickname_text: `${String(row.username)}(ID:${String(row.id)})` } : out;
    });
  },
  async beforeSave(data, ctx) {
    const { mode, trx } = ctx;
    await assertSignInNames(ctx, 'user', data, { valid: isAccountName, refusal: 'validate:account' });
    if ('group_id' in data && !(await trx('user_group').where({ id: Number(data.group_id) }).first('id'))) {
      throw new Refusal('admin-auth:memberGroupNotFound');
    }
    await takePassword(ctx, data);
    if (mode === 'add') Object.assign(data, { join_time: now(), money: 0, score: 0 });
    return data;
  },
  async afterSave(row, { mode, trx, call }) {
    // A new password, or a disabled account (which must not come back to life when enabled again).
    if (mode === 'edit' && (passwordChanged(call.input) || !auth.isEnabled('user', String(row.status)))) {
      await trx('token').where({ user_id: Number(row.id) }).whereIn('type', [...MEMBER_TOKEN_TYPES]).delete();
    }
  },
  async afterDelete(rows, { trx }) {
    await trx('token').whereIn('user_id', rows.map((r) => Number(r.id))).whereIn('type', [...MEMBER_TOKEN_TYPES]).delete();
  },
}));
