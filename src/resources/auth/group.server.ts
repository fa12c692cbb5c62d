import type { Knex } from 'knex';
import { localizedText } from '../../shared/localized.ts';
import { Refusal } from '../../server/errors.ts';
import { covers, groupsOf, type GroupRow } from '../../server/services/adminGroups.ts';
import type { Permissions } from '../../server/services/auth.ts';
import type { Call, Row } from '../../server/services/crud/call.ts';
import { defineUnit } from '../../server/services/crud/unit.ts';
import { assertChildrenIncluded, assertParent, isTrue, parseIds, rulesForForm, storedRules, assertRulesExist } from '../../server/services/ruleAdmin.ts';
import groupResource from './group.ts';

/**
 * The rules a caller may give a group: existing ids, all among the caller's own rules (the reference does
 * not check this), and for a non-super caller never every one of them (that group would be their peer).
 */
async function grantableRules(db: Knex, perms: Permissions, ids: number[]): Promise<string> {
  await assertRulesExist(db, 'admin_rule', ids);
  if (!perms.super) {
    if (ids.some((id) => !perms.ruleIds.has(id))) throw new Refusal('admin-auth:rulesNotHeld');
    if ([...perms.ruleIds].every((id) => ids.includes(id))) throw new Refusal('admin-auth:groupHasAllRights');
  }
  return storedRules(db, 'admin_rule', ids);
}

/** The `rules` column as the list shows it: "Super administrator", "<first title> and N more", "No permission". */
async function rulesSummary(db: Knex, call: Call, rows: Row[]): Promise<Map<number, string>> {
  const { t, lang } = call;
  const firstIds = rows.map((g) => parseIds(g.rules)[0]).filter((id): id is number => id !== undefined);
  const titles = new Map(
    (await db('admin_rule').whereIn('id', firstIds).select<{ id: number; title: string; title_en: string }[]>('id', 'title', 'title_en')).map((r) => [r.id, localizedText(r, 'title', lang).text]),
  );
  return new Map(
    rows.map((g) => {
      const rules = String(g.rules ?? '');
      if (rules.trim() === '*') return [Number(g.id), t('admin-auth:superAdministrator')];
      const ids = parseIds(rules);
      if (ids.length === 0) return [Number(g.id), t('admin-auth:noRules')];
      const title = titles.get(ids[0]!) ?? `#${ids[0]}`;
      return [Number(g.id), ids.length === 1 ? title : t('admin-auth:rulesSummary', { title, count: ids.length, more: ids.length - 1 })];
    }),
  );
}

/** Editing or deleting a group needs all its rules and at least one more, and never one's own group (reference 3.2). */
async function assertManageable(db: Knex, call: Call, row: Row): Promise<void> {
  const { admin, permissions } = call.actor;
  // The own-group refusal first: it says why better than the generic coverage message.
  if ((await groupsOf(db, admin.id)).includes(Number(row.id))) throw new Refusal('admin-auth:cannotEditOwnGroup');
  if (!permissions.super && !covers(permissions, row as unknown as GroupRow, true)) throw new Refusal('admin-auth:groupNoPermission');
}

/** auth/group: role groups (reference 3.2) with the rule-subset check the reference lacks. */
export default defineUnit(groupResource, ({ knex }) => ({
  guard: (row, { call, trx }) => assertManageable(trx, call, row),
  /** Groups a caller may see: all for a super admin; otherwise those they cover with extras, plus their own. */
  async visible(rows, call) {
    const { admin, permissions } = call.actor;
    if (permissions.super) return rows;
    const own = await groupsOf(knex, admin.id);
    const coveredOnly = isTrue(call.input.absoluteAuth);
    return rows.filter((g) => covers(permissions, g as unknown as GroupRow, true) || (!coveredOnly && own.includes(Number(g.id))));
  },
  selectable: (row) => row.status === '1',
  async output(rows, call, view) {
    if (view === 'form' || isTrue(call.input.select)) return rows;
    const summary = await rulesSummary(knex, call, rows);
    return rows.map((g) => ({ ...g, rules: summary.get(Number(g.id)) ?? '' }));
  },
  async listExtras(call) {
    return { group: await groupsOf(knex, call.actor.admin.id) };
  },
  async editForm(row, call) {
    const { permissions } = call.actor;
    if (!permissions.super && !covers(permissions, row as unknown as GroupRow, true)) throw new Refusal('admin-auth:groupNoPermission');
    return { row: { ...row, rules: await rulesForForm(knex, 'admin_rule', String(row.rules ?? '')) } };
  },
  async beforeSave(data, { mode, call, trx, current }) {
    const perms = call.actor.permissions;
    if ('pid' in data && Number(data.pid) !== Number(current?.pid ?? 0)) {
      const pid = Number(data.pid ?? 0);
      await assertParent(trx, 'admin_group', current ? Number(current.id) : null, pid);
      if (pid && !perms.super) {
        const parent = (await trx<GroupRow>('admin_group').where({ id: pid }).first())!;
        const own = await groupsOf(trx, call.actor.admin.id);
        if (!own.includes(pid) && !covers(perms, parent, true)) throw new Refusal('admin-auth:groupParentDenied');
      }
    }
    if ('rules' in data) {
      const ids = parseIds(data.rules);
      // An empty list on edit means "unchanged" (reference); a new group may start without rules.
      if (ids.length === 0 && mode === 'edit') delete data.rules;
      else data.rules = ids.length === 0 ? '' : await grantableRules(trx, perms, ids);
    }
    return data;
  },
  async beforeDelete(rows, { call, trx }) {
    // One's own groups are left out of a batch (the reference skips them too); the others must be manageable,
    // which is checked before their children, as it says more.
    const own = await groupsOf(trx, call.actor.admin.id);
    const deletable = rows.filter((g) => !own.includes(Number(g.id)));
    for (const g of deletable) await assertManageable(trx, call, g);
    await assertChildrenIncluded(trx, 'admin_group', deletable.map((g) => Number(g.id)));
    return deletable;
  },
  async afterDelete(rows, { trx }) {
    // The reference leaves the access rows behind; admins would keep pointing at a missing group.
    const ids = rows.map((r) => Number(r.id));
    if (ids.length) await trx('admin_group_access').whereIn('group_id', ids).delete();
  },
}));
