import type { Knex } from 'knex';
import ruleResource from '../../../resources/auth/rule.ts';
import { actionUrl } from '../../../resources/naming.ts';
import type { ResourceDef } from '../../../resources/types.ts';
import type { RuleRow } from '../../../server/services/accounts.ts';
import type { Services } from '../../../server/services/index.ts';
import {
  assertChildrenIncluded,
  assertParent,
  flattenWithPrefix,
  grantWithParent,
  heldRuleIds,
  isTrue,
  nest,
  revokeFromGroups,
  wantsTree,
  whereAllWords,
  whereInitValue,
  type GroupTable,
  type RuleTable,
} from '../../../server/services/ruleAdmin.ts';
import type { ApiRequest, ApiRoute } from '../../types.ts';
import { crudRoutes, remarkOf } from '../crud.ts';
import { Refusal } from '../../../server/errors.ts';

export interface RuleTreeOptions {
  ruleTable: RuleTable;
  groupTable: GroupTable;
  /** Rule types offered by the `select` lookup (used to pick a parent). */
  parentTypes: readonly string[];
  /** Integer columns edited with a switch (which posts '0'/'1'). */
  flags: readonly string[];
  /** Rules the caller may list; null for all. */
  visible(req: ApiRequest): Promise<Set<number> | null>;
  /** Rules the caller may change, move or delete (edit, del, sortable). */
  scope?(query: Knex.QueryBuilder, req: ApiRequest): void;
  /** Whether the caller may put a rule under this (existing, non-root) parent. */
  parentAllowed?(pid: number, req: ApiRequest): boolean;
}

/**
 * A rule tree screen (reference 3.3 / 3.7): the tree index and parent select, validated add/edit with a
 * unique name and no cycles, new rules inherited by the groups holding their parent, deletes that need
 * the children in the batch and clean the groups' rule lists.
 */
export function ruleTreeRoutes(services: Services, def: ResourceDef, options: RuleTreeOptions): ApiRoute[] {
  const { knex } = services;
  const { ruleTable, groupTable } = options;

  const { routes } = crudRoutes(services, def, {
    actions: ['add', 'edit', 'del', 'sortable'],
    hooks: {
      scope: options.scope,
      async beforeSave(data, { mode, req, trx, current }) {
        // Component paths are URL-like; a Windows path typed in the form would never resolve.
        if (typeof data.component === 'string') data.component = data.component.replace(/\\/g, '/');
        for (const flag of options.flags) if (flag in data) data[flag] = Number(data[flag]);
        if (typeof data.name === 'string') {
          // Permission names are compared in lower case, so uniqueness is too.
          const taken = await trx(ruleTable).whereRaw('lower(name) = ?', [data.name.toLowerCase()]).whereNot('id', Number(current?.id ?? 0)).first();
          if (taken) throw new Refusal('admin-auth:ruleNameTaken');
        }
        if ('pid' in data) {
          const pid = Number(data.pid ?? 0);
          if (mode === 'add' || pid !== Number(current!.pid)) {
            await assertParent(trx, ruleTable, current ? Number(current.id) : null, pid);
            if (pid && options.parentAllowed && !options.parentAllowed(pid, req)) throw new Refusal('admin-auth:parentNotAllowed');
          }
        }
        return data;
      },
      async afterSave(row, { mode, trx }) {
        if (mode === 'add') await grantWithParent(trx, groupTable, Number(row.id), Number(row.pid));
      },
      async beforeDelete(rows, { trx }) {
        await assertChildrenIncluded(trx, ruleTable, rows.map((r) => Number(r.id)));
        return rows;
      },
      async afterDelete(rows, { trx }) {
        await revokeFromGroups(trx, groupTable, rows.map((r) => Number(r.id)));
      },
    },
  });

  const index: ApiRoute = {
    methods: ['GET'],
    path: actionUrl(def, 'index'),
    auth: 'adminRule',
    async handler(req) {
      const { input } = req;
      const query = knex<RuleRow>(ruleTable).select('*').orderBy('weigh', 'desc').orderBy('id', 'asc');
      whereAllWords(query, 'title', input.quickSearch);
      const visible = await options.visible(req);
      if (visible) query.whereIn('id', [...visible]);
      const filtered = whereInitValue(query, def, input);
      const rows = (await query) as RuleRow[];
      if (isTrue(input.select)) {
        const parents = rows.filter((r) => r.status === '1' && options.parentTypes.includes(r.type));
        return { options: filtered ? parents : flattenWithPrefix(nest(parents), 'title') };
      }
      return { list: !filtered && wantsTree(input.isTree) ? nest(rows) : rows, remark: await remarkOf(services, def, req) };
    },
  };

  return [index, ...routes];
}

/**
 * auth/rule: the admin menu tree. A non-super admin lists the rules of their groups and may only change,
 * move under, or delete rules they hold: renaming someone else's rule would rewrite their permissions.
 */
export function ruleRoutes(services: Services): ApiRoute[] {
  const held = (req: ApiRequest) => req.adminPermissions!.ruleIds;
  return ruleTreeRoutes(services, ruleResource, {
    ruleTable: 'admin_rule',
    groupTable: 'admin_group',
    parentTypes: ['menu_dir', 'menu'],
    flags: ['keepalive'],
    visible: async (req) => (req.adminPermissions!.super ? null : heldRuleIds(services.knex, req.admin!.id)),
    scope(query, req) {
      if (!req.adminPermissions!.super) query.whereIn('admin_rule.id', [...held(req)]);
    },
    parentAllowed: (pid, req) => req.adminPermissions!.super || held(req).has(pid),
  });
}
