import type { Knex } from 'knex';
import { localizedText } from '../../../shared/localized.ts';
import adminResource from '../../../resources/auth/admin.ts';
import { isMobile, isPassword } from '../../../shared/validation.ts';
import { covers, groupsOf, type GroupRow } from '../../../server/services/adminGroups.ts';
import type { Permissions } from '../../../server/services/auth.ts';
import type { SaveContext } from '../../../server/services/crud/engine.ts';
import type { Row } from '../../../server/services/crud/security.ts';
import type { Services } from '../../../server/services/index.ts';
import { hashPassword } from '../../../server/services/passwords.ts';
import { parseIds } from '../../../server/services/ruleAdmin.ts';
import type { ApiRoute } from '../../types.ts';
import { crudRoutes } from '../crud.ts';
import { assertAssignable as assertOrganisation } from './organisation.ts';
import { Refusal } from '../../../server/errors.ts';

/** Reference 2.4: a letter, then 2 to 15 letters, digits or underscores. */
const ADMIN_USERNAME = /^[a-zA-Z][a-zA-Z0-9_]{2,15}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ADMIN_TOKEN_TYPES = ['admin', 'admin-refresh'];

/** A column value must not belong to another admin (e-mail compared case-insensitively). */
async function assertUnique(db: Knex, column: 'username' | 'email' | 'mobile', value: string, exceptId: number): Promise<void> {
  const query = db('admin').whereNot('id', exceptId);
  if (column === 'email') query.whereRaw('lower(email) = ?', [value.toLowerCase()]);
  else query.where(column, value);
  if (await query.first()) throw new Refusal(`admin-auth:${column}Taken`);
}

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

/**
 * An admin inside the data scope may still belong to a group the caller does not cover (e.g. also the
 * super group); only the caller themself or an admin all of whose groups they cover may be changed.
 */
async function assertManageable(db: Knex, perms: Permissions, callerId: number, adminId: number): Promise<void> {
  if (perms.super || adminId === callerId) return;
  const groups = await db<GroupRow>('admin_group').whereIn('id', await groupsOf(db, adminId));
  if (groups.some((g) => !covers(perms, g, true))) throw new Refusal('admin-auth:adminNoPermission');
}

async function validate(data: Row, ctx: SaveContext): Promise<Row> {
  const { trx, mode, current, req, input } = ctx;
  const selfId = Number(current?.id ?? 0);
  if (typeof data.username === 'string') {
    if (!ADMIN_USERNAME.test(data.username)) throw new Refusal('admin-auth:adminUsername');
    await assertUnique(trx, 'username', data.username, selfId);
  }
  for (const column of ['email', 'mobile'] as const) {
    const value = data[column];
    if (typeof value !== 'string' || value === '') continue;
    if (column === 'email' ? !EMAIL.test(value) : !isMobile(value)) throw new Refusal(`validate:${column}`);
    await assertUnique(trx, column, value, selfId);
  }
  if ('department_id' in data) await assertOrganisation(trx, 'department', data.department_id);
  if ('job_id' in data) await assertOrganisation(trx, 'job', data.job_id);
  const password = typeof input.password === 'string' ? input.password : '';
  if (mode === 'add' && password === '') throw new Refusal('admin-auth:passwordRequired');
  if (password !== '') {
    if (!isPassword(password)) throw new Refusal('validate:password');
    Object.assign(data, { password: await hashPassword(password), salt: '', login_failure: 0, last_failure_time: null });
  }
  if (mode === 'edit' && selfId === req.admin!.id && data.status === '0') throw new Refusal('admin-auth:cannotDisableSelf');
  return data;
}

/** auth/admin: admin accounts and their group membership (reference 3.1, without its gaps). */
export function adminRoutes(services: Services): ApiRoute[] {
  const { knex, tokens } = services;
  const def = adminResource;

  const groupsOfAdmin = (uid: number) =>
    knex('admin_group_access')
      .join('admin_group', 'admin_group.id', 'admin_group_access.group_id')
      .where('admin_group_access.uid', uid)
      .orderBy('admin_group.id')
      .select<{ id: number; name: string; name_en: string }[]>('admin_group.id', 'admin_group.name', 'admin_group.name_en');

  const { routes } = crudRoutes(services, def, {
    actions: ['index', 'add', 'edit', 'del'],
    hooks: {
      // The login before the last one feeds "last login" only; list rows keep the reference's columns.
      hidden: ['password', 'salt', 'login_failure', 'last_failure_time', 'prev_login_time', 'prev_login_ip'],
      async output(row, req) {
        const groups = await groupsOfAdmin(Number(row.id));
        // The names beside the ids (reference 3.1), in the reader's language.
        return { ...row, group_arr: groups.map((g) => g.id), group_name_arr: groups.map((g) => localizedText(g, 'name', req.ctx.state.lang).text) };
      },
      async beforeSave(data, ctx) {
        const { mode, req, trx, current, virtual } = ctx;
        const perms = req.adminPermissions!;
        // The data limit column is the admin's own id: the engine's owner auto-fill must not become the new id.
        if (mode === 'add') delete data.id;
        if (mode === 'edit') await assertManageable(trx, perms, req.admin!.id, Number(current!.id));
        if ('group_arr' in virtual) {
          const wanted = parseIds(virtual.group_arr);
          const had = mode === 'edit' ? await groupsOf(trx, Number(current!.id)) : [];
          const changed = [...wanted.filter((id) => !had.includes(id)), ...had.filter((id) => !wanted.includes(id))];
          await assertAssignable(trx, perms, changed);
        }
        return validate(data, ctx);
      },
      async afterSave(row, { mode, trx, virtual, input, req }) {
        const id = Number(row.id);
        if ('group_arr' in virtual) {
          await trx('admin_group_access').where({ uid: id }).delete();
          const groups = parseIds(virtual.group_arr);
          if (groups.length) await trx('admin_group_access').insert(groups.map((group_id) => ({ uid: id, group_id })));
        }
        // Disabled: every session ends now, and none comes back if the account is enabled again.
        if (mode === 'edit' && !services.auth.isEnabled('admin', String(row.status))) {
          await trx('token').where({ user_id: id }).whereIn('type', ADMIN_TOKEN_TYPES).delete();
        }
        // A new password signs the account out everywhere, except the session that made the change.
        if (mode === 'edit' && typeof input.password === 'string' && input.password !== '') {
          await trx('token').where({ user_id: id }).whereIn('type', ADMIN_TOKEN_TYPES).whereNot('token', tokens.hash(req.tokens.admin)).delete();
        }
      },
      async beforeDelete(rows, { req, trx }) {
        const perms = req.adminPermissions!;
        const others = rows.filter((r) => Number(r.id) !== req.admin!.id);
        for (const r of others) await assertManageable(trx, perms, req.admin!.id, Number(r.id));
        return others;
      },
      async afterDelete(rows, { trx }) {
        const ids = rows.map((r) => Number(r.id));
        await trx('admin_group_access').whereIn('uid', ids).delete();
        await trx('token').whereIn('user_id', ids).whereIn('type', ADMIN_TOKEN_TYPES).delete();
      },
    },
  });

  return routes;
}
