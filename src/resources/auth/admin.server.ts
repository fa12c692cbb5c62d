import type { Knex } from 'knex';
import { localizedText } from '../../shared/localized.ts';
import { Refusal } from '../../server/errors.ts';
import { covers, groupsOf, type GroupRow } from '../../server/services/adminGroups.ts';
import type { Permissions } from '../../server/services/auth.ts';
import type { Row } from '../../server/services/crud/call.ts';
import { defineUnit, type SaveContext } from '../../server/services/crud/unit.ts';
import { assertAssignable as assertOrganisation } from '../../server/services/organisation.ts';
import { parseIds } from '../../server/services/ruleAdmin.ts';
import { assertSignInNames, takePassword } from '../accounts.server.ts';
import adminResource from './admin.ts';

/** Reference 2.4: a letter, then 2 to 15 letters, digits or underscores. */
const ADMIN_USERNAME = /^[a-zA-Z][a-zA-Z0-9_]{2,15}$/;
const ADMIN_TOKEN_TYPES = ['admin', 'admin-refresh'];

/**
 * Groups whose membership the caller changes must be covered by them with extra rules (reference 3.1);
 * that applies to groups taken away as well as to groups given, so a subordinate cannot strip a superior
 * group from anyone.
 */
async function assertAssignable(db: Knex, perms: Permissions, changed: number[]): Promise<void> {
  if (changed.length === 0) return;
  const groups = await db<GroupRow>('admin_group').whereIn('id', changed);
  if (groups.length !== changed.length) throw new Refusal('admin-auth:groupNotFound');
  if (!perms.super && groups.some((g) => !covers(perms, g, true))) throw new Refusal('admin-auth:groupAssignDenied');
}

async function validate(data: Row, ctx: SaveContext): Promise<Row> {
  const { trx, mode, current, call } = ctx;
  const selfId = Number(current?.id ?? 0);
  await assertSignInNames(ctx, 'admin', data, { valid: (name) => ADMIN_USERNAME.test(name), refusal: 'admin-auth:adminUsername' });
  if ('department_id' in data) await assertOrganisation(trx, 'department', data.department_id);
  if ('job_id' in data) await assertOrganisation(trx, 'job', data.job_id);
  await takePassword(ctx, data);
  if (mode === 'edit' && selfId === call.actor.admin.id && data.status === '0') throw new Refusal('admin-auth:cannotDisableSelf');
  return data;
}

/** auth/admin: admin accounts and their group membership (reference 3.1, without its gaps). */
export default defineUnit(adminResource, ({ auth, knex }) => ({
  /**
   * An admin inside the data scope may still belong to a group the caller does not cover (e.g. also the
   * super group); only the caller themself or an admin all of whose groups they cover may be changed.
   */
  async guard(row, { call, trx }) {
    const { admin, permissions } = call.actor;
    const id = Number(row.id);
    if (permissions.super || id === admin.id) return;
    const groups = await trx<GroupRow>('admin_group').whereIn('id', await groupsOf(trx, id));
    if (groups.some((g) => !covers(permissions, g, true))) throw new Refusal('admin-auth:adminNoPermission');
  },
  async output(rows, call) {
    const ids = rows.map((r) => Number(r.id));
    const memberships = await knex('admin_group_access')
      .join('admin_group', 'admin_group.id', 'admin_group_access.group_id')
      .whereIn('admin_group_access.uid', ids)
      .orderBy('admin_group.id')
      .select<{ uid: number; id: number; name: string; name_en: string }[]>('admin_group_access.uid', 'admin_group.id', 'admin_group.name', 'admin_group.name_en');
    // The names beside the ids (reference 3.1), in the reader's language.
    return rows.map((row) => {
      const groups = memberships.filter((m) => Number(m.uid) === Number(row.id));
      return { ...row, group_arr: groups.map((g) => g.id), group_name_arr: groups.map((g) => localizedText(g, 'name', call.lang).text) };
    });
  },
  async beforeSave(data, ctx) {
    const { mode, call, trx, current, virtual } = ctx;
    // The data limit column is the admin's own id: the engine's owner auto-fill must not become the new id.
    if (mode === 'add') delete data.id;
    if ('group_arr' in virtual) {
      const wanted = parseIds(virtual.group_arr);
      const had = mode === 'edit' ? await groupsOf(trx, Number(current!.id)) : [];
      const changed = [...wanted.filter((id) => !had.includes(id)), ...had.filter((id) => !wanted.includes(id))];
      await assertAssignable(trx, call.actor.permissions, changed);
    }
    return validate(data, ctx);
  },
  async afterSave(row, { mode, trx, virtual, call }) {
    const id = Number(row.id);
    if ('group_arr' in virtual) {
      await trx('admin_group_access').where({ uid: id }).delete();
      const groups = parseIds(virtual.group_arr);
      if (groups.length) await trx('admin_group_access').insert(groups.map((group_id) => ({ uid: id, group_id })));
    }
    // Disabled: every session ends now, and none comes back if the account is enabled again.
    if (mode === 'edit' && !auth.isEnabled('admin', String(row.status))) {
      await trx('token').where({ user_id: id }).whereIn('type', ADMIN_TOKEN_TYPES).delete();
    }
    // A new password signs the account out everywhere, except the session that made the change.
    if (mode === 'edit' && typeof call.input.password === 'string' && call.input.password !== '') {
      await trx('token').where({ user_id: id }).whereIn('type', ADMIN_TOKEN_TYPES).whereNot('token', call.actor.session).delete();
    }
  },
  beforeDelete(rows, { call }) {
    return rows.filter((r) => Number(r.id) !== call.actor.admin.id);
  },
  async afterDelete(rows, { trx }) {
    const ids = rows.map((r) => Number(r.id));
    await trx('admin_group_access').whereIn('uid', ids).delete();
    await trx('token').whereIn('user_id', ids).whereIn('type', ADMIN_TOKEN_TYPES).delete();
  },
}));
