import type { Knex } from 'knex';
import { centsToYuan } from '../../shared/account.ts';
import { isAccountName, isMobile, isPassword } from '../../shared/validation.ts';
import { Refusal } from '../../server/errors.ts';
import { now } from '../../server/services/clock.ts';
import { defineUnit } from '../../server/services/crud/unit.ts';
import { MEMBER_TOKEN_TYPES } from '../../server/services/members.ts';
import { hashPassword } from '../../server/services/passwords.ts';
import { isTrue } from '../../server/services/ruleAdmin.ts';
import userResource from './user.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A column value must not belong to another member (e-mail compared case-insensitively, as at login). */
async function assertUnique(db: Knex, column: 'username' | 'email' | 'mobile', value: string, exceptId: number): Promise<void> {
  const query = db('user').whereNot('id', exceptId);
  if (column === 'email') query.whereRaw('lower(email) = ?', [value.toLowerCase()]);
  else query.where(column, value);
  if (await query.first()) throw new Refusal(`admin-auth:${column}Taken`);
}

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
  async beforeSave(data, { mode, trx, current, call }) {
    const selfId = Number(current?.id ?? 0);
    if (typeof data.username === 'string') {
      if (!isAccountName(data.username)) throw new Refusal('validate:account');
      await assertUnique(trx, 'username', data.username, selfId);
    }
    for (const column of ['email', 'mobile'] as const) {
      const value = data[column];
      if (typeof value !== 'string' || value === '') continue;
      if (column === 'email' ? !EMAIL.test(value) : !isMobile(value)) throw new Refusal(`validate:${column}`);
      await assertUnique(trx, column, value, selfId);
    }
    if ('group_id' in data && !(await trx('user_group').where({ id: Number(data.group_id) }).first('id'))) {
      throw new Refusal('admin-auth:memberGroupNotFound');
    }
    const password = typeof call.input.password === 'string' ? call.input.password : '';
    if (mode === 'add' && password === '') throw new Refusal('admin-auth:passwordRequired');
    if (password !== '') {
      if (!isPassword(password)) throw new Refusal('validate:password');
      Object.assign(data, { password: await hashPassword(password), salt: '', login_failure: 0, last_failure_time: null });
    }
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
