import type { Knex } from 'knex';
import { actionsOf, type ResourceDef } from '../../resources/types.ts';
import type { MenuIconName } from '../../shared/icons.ts';
import { adminView } from '../../shared/views.ts';
import { now } from './clock.ts';
import { bilingual, columns, type Bilingual } from './bilingual.ts';
import { buttons, insertRuleTree, menuTitles, type RuleSeed } from './ruleTree.ts';
import { controllerAlias } from './securityRules.ts';

/** Menu groups created for resources: content is what staff open every day, so it sits near the top. */
const PARENT_MENUS: Record<string, { weigh: number; icon: MenuIconName }> = { content: { weigh: 101, icon: 'fa fa-files-o' } };
const OTHER_PARENT = { weigh: 50, icon: 'fa fa-folder' } as const;

/** A resource's title: from the catalogue, or the labels a definition carries (a unit added at start). */
function titleOf(def: ResourceDef): Bilingual {
  return def.labels ? { zh: def.labels.title['zh-cn'], en: def.labels.title.en } : bilingual('resources', `${def.name}.title`);
}

/** A resource's menu entry with its permission buttons. */
function menuOf(def: ResourceDef): RuleSeed {
  return {
    type: 'menu',
    name: def.name,
    ...columns('title', titleOf(def), 50),
    icon: def.menu.icon,
    component: adminView(def.name),
    weigh: def.menu.weigh,
    keepalive: 1,
    children: buttons(def.name, [...actionsOf(def)]),
  };
}

/**
 * Gives every resource its admin menu entry and permission buttons (and its recycle rule when it is marked
 * for the recycle bin), once per database: a resource added later (a new content type) appears in the menu
 * on the next start, while a rule an admin deleted on purpose is not brought back (the seed_log remembers
 * what was created). The resources due are written in one transaction.
 */
export async function ensureResourceRules(knex: Knex, resources: readonly ResourceDef[]): Promise<string[]> {
  const done = new Set((await knex('seed_log').where('name', 'like', 'rules:%').select<{ name: string }[]>('name')).map((r) => r.name));
  const due = resources.filter((def) => !done.has(`rules:${def.name}`));
  if (due.length === 0) return [];
  return knex.transaction(async (trx) => {
    const present = new Set((await trx('admin_rule').whereIn('name', due.map((def) => def.name)).pluck('name')) as string[]);
    const missing = due.filter((def) => !present.has(def.name));
    const parents = new Map<string, number>();
    const dirs = (await trx('admin_rule').where({ type: 'menu_dir' }).whereIn('name', [...new Set(missing.map((def) => def.menu.parent))]).orderBy('id').select('id', 'name')) as Array<{ id: number; name: string }>;
    for (const dir of dirs) if (!parents.has(dir.name)) parents.set(dir.name, Number(dir.id));
    for (const def of missing) {
      const group = def.menu.parent;
      if (!parents.has(group)) {
        const ids = await insertRuleTree(trx, 'admin_rule', [{ type: 'menu_dir', name: group, ...menuTitles('resources', `menu.${group}`), ...(PARENT_MENUS[group] ?? OTHER_PARENT) }]);
        parents.set(group, ids.get(group)!);
      }
      await insertRuleTree(trx, 'admin_rule', [menuOf(def)], parents.get(group));
    }
    const recycled = due.filter((def) => def.recycle);
    const kept = new Set((await trx('security_data_recycle').whereIn('controller', recycled.map((def) => def.name)).pluck('controller')) as string[]);
    const time = now();
    const recycleRows = recycled
      .filter((def) => !kept.has(def.name))
      .map((def) => ({
        ...columns('name', titleOf(def), 50),
        controller: def.name,
        controller_as: controllerAlias(def.name),
        data_table: def.table,
        connection: '',
        primary_key: def.pk,
        status: '1',
        create_time: time,
        update_time: time,
      }));
    if (recycleRows.length > 0) await trx('security_data_recycle').insert(recycleRows);
    await trx('seed_log').insert(due.map((def) => ({ name: `rules:${def.name}`, run_time: time })));
    return missing.map((def) => def.name);
  });
}
