import type { Knex } from 'knex';
import { localizedText } from '../../../shared/localized.ts';
import groupResource from '../../../resources/auth/group.ts';
import { actionUrl } from '../../../resources/naming.ts';
import { covers, groupsOf, type GroupRow } from '../../../server/services/adminGroups.ts';
import type { Permissions } from '../../../server/services/auth.ts';
import type { Row } from '../../../server/services/crud/security.ts';
import type { Services } from '../../../server/services/index.ts';
import {
  assertChildrenIncluded,
  assertParent,
  assertRulesExist,
  flattenWithPrefix,
  isTrue,
  nest,
  parseIds,
  rulesForForm,
  storedRules,
  wantsTree,
  whereAllWords,
  whereInitValue,
} from '../../../server/services/ruleAdmin.ts';
import type { ApiRequest, ApiRoute } from '../../types.ts';
import { crudRoutes, remarkOf } from '../crud.ts';
import { Refusal } from '../../../server/errors.ts';

/** Editing or deleting a group needs all its rules and at least one more (reference 3.2). */
function assertManageable(perms: Permissions, group: GroupRow): void {
  if (!perms.super && !covers(perms, group, true)) throw new Refusal('admin-auth:groupNoPermission');
}

/** Groups a caller may see: all for a super admin; otherwise those they cover with extras, plus their own. */
function visibleGroups(perms: Permissions, own: number[], coveredOnly: boolean, rows: GroupRow[]): GroupRow[] {
  if (perms.super) return rows;
  return rows.filter((g) => covers(perms, g, true) || (!coveredOnly && own.includes(g.id)));
}

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
async function rulesSummary(db: Knex, req: ApiRequest, rows: GroupRow[]): Promise<Map<number, string>> {
  const t = req.ctx.state.t;
  const firstIds = rows.map((g) => parseIds(g.rules)[0]).filter((id): id is number => id !== undefined);
  const lang = req.ctx.state.lang;
  const titles = new Map(
    (await db('admin_rule').whereIn('id', firstIds).select<{ id: number; title: string; title_en: string }[]>('id', 'title', 'title_en')).map((r) => [r.id, localizedText(r, 'title', lang).text]),
  );
  return new Map(
    rows.map((g) => {
      if (g.rules.trim() === '*') return [g.id, t('admin-auth:superAdministrator')];
      const ids = parseIds(g.rules);
      if (ids.length === 0) return [g.id, t('admin-auth:noRules')];
      const title = titles.get(ids[0]!) ?? `#${ids[0]}`;
      return [g.id, ids.length === 1 ? title : t('admin-auth:rulesSummary', { title, count: ids.length, more: ids.length - 1 })];
    }),
  );
}

/** auth/group: role groups (reference 3.2) with the rule-subset check the reference lacks. */
export function groupRoutes(services: Services): ApiRoute[] {
  const { knex } = services;
  const def = groupResource;

  const { engine, routes } = crudRoutes(services, def, {
    actions: ['add', 'del'],
    hooks: {
      async beforeSave(data, { mode, req, trx, current }) {
        const perms = req.adminPermissions!;
        const own = await groupsOf(trx, req.admin!.id);
        if (mode === 'edit') {
          // The own-group refusal first: it says why better than the generic coverage message.
          if (own.includes(Number(current!.id))) throw new Refusal('admin-auth:cannotEditOwnGroup');
          assertManageable(perms, current as unknown as GroupRow);
        }
        if ('pid' in data && Number(data.pid) !== Number(current?.pid ?? 0)) {
          const pid = Number(data.pid ?? 0);
          await assertParent(trx, 'admin_group', current ? Number(current.id) : null, pid);
          if (pid && !perms.super) {
            const parent = (await trx<GroupRow>('admin_group').where({ id: pid }).first())!;
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
      async beforeDelete(rows, { req, trx }) {
        const perms = req.adminPermissions!;
        const own = await groupsOf(trx, req.admin!.id);
        const deletable = (rows as unknown as GroupRow[]).filter((g) => !own.includes(g.id));
        for (const g of deletable) assertManageable(perms, g);
        await assertChildrenIncluded(trx, 'admin_group', deletable.map((g) => g.id));
        return deletable as unknown as Row[];
      },
      async afterDelete(rows, { trx }) {
        // The reference leaves the access rows behind; admins would keep pointing at a missing group.
        const ids = rows.map((r) => Number(r.id));
        if (ids.length) await trx('admin_group_access').whereIn('group_id', ids).delete();
      },
    },
  });

  const index: ApiRoute = {
    methods: ['GET'],
    path: actionUrl(def, 'index'),
    auth: 'adminRule',
    async handler(req) {
      const { input } = req;
      const perms = req.adminPermissions!;
      const own = await groupsOf(knex, req.admin!.id);
      const query = knex('admin_group').select('*').orderBy('id', 'asc');
      whereAllWords(query, 'name', input.quickSearch);
      const filtered = whereInitValue(query, def, input);
      const rows = visibleGroups(perms, own, isTrue(input.absoluteAuth), (await query) as GroupRow[]);
      if (isTrue(input.select)) {
        const enabled = rows.filter((g) => g.status === '1');
        return { options: filtered ? enabled : flattenWithPrefix(nest(enabled), 'name') };
      }
      const summary = await rulesSummary(knex, req, rows);
      const list = rows.map((g) => ({ ...g, rules: summary.get(g.id) ?? '' }));
      return { list: !filtered && wantsTree(input.isTree) ? nest(list) : list, group: own, remark: await remarkOf(services, def, req) };
    },
  };

  const editRead: ApiRoute = {
    methods: ['GET'],
    path: actionUrl(def, 'edit'),
    auth: 'adminRule',
    async handler(req) {
      const group = await knex<GroupRow>('admin_group').where({ id: Number(req.input.id) || 0 }).first();
      if (group) assertManageable(req.adminPermissions!, group);
      const { row } = await engine.read(req);
      return { row: { ...row, rules: await rulesForForm(knex, 'admin_rule', String(row.rules ?? '')) } };
    },
  };
  const editSave: ApiRoute = { methods: ['POST'], path: actionUrl(def, 'edit'), auth: 'adminRule', handler: (req) => engine.edit(req) };

  return [index, ...routes, editRead, editSave];
}
