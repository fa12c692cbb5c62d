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

/**
 * Gives every resource its admin menu entry and permission buttons (and its recycle rule when it is marked
 * for the recycle bin), once per database: a resource added later (a new content type) appears in the menu
 * on the next start, while a rule an admin deleted on purpose is not brought back (the seed_log remembers
 * what was created).
 */
export async function ensureResourceRules(knex: Knex, resources: readonly ResourceDef[]): Promise<string[]> {
  const created: string[] = [];
  const done = new Set((await knex('seed_log').where('name', 'like', 'rules:%').select<{ name: string }[]>('name')).map((r) => r.name));
  for (const def of resources) {
    const marker = `rules:${def.name}`;
    if (done.has(marker)) continue;
    await knex.transaction(async (trx) => {
      const exists = await trx('admin_rule').where({ name: def.name }).first();
      if (!exists) {
        let parent = await trx('admin_rule').where({ name: def.menu.parent, type: 'menu_dir' }).first<{ id: number } | undefined>('id');
        if (!parent) {
          const ids = await insertRuleTree(trx, 'admin_rule', [
            { type: 'menu_dir', name: def.menu.parent, ...menuTitles('resources', `menu.${def.menu.parent}`), ...(PARENT_MENUS[def.menu.parent] ?? OTHER_PARENT) },
          ]);
          parent = { id: ids.get(def.menu.parent)! };
        }
        const menu: RuleSeed = {
          type: 'menu',
          name: def.name,
          ...columns('title', titleOf(def), 50),
          icon: def.menu.icon,
          component: adminView(def.name),
          weigh: def.menu.weigh,
          keepalive: 1,
          children: buttons(def.name, [...actionsOf(def)]),
        };
        await insertRuleTree(trx, 'admin_rule', [menu], parent.id);
        created.push(def.name);
      }
      if (def.recycle && !(await trx('security_data_recycle').where({ controller: def.name }).first())) {
        const time = now();
        await trx('security_data_recycle').insert({
          ...columns('name', titleOf(def), 50),
          controller: def.name,
          controller_as: controllerAlias(def.name),
          data_table: def.table,
          connection: '',
          primary_key: def.pk,
          status: '1',
          create_time: time,
          update_time: time,
        });
      }
      await trx('seed_log').insert({ name: marker, run_time: now() });
    });
  }
  return created;
}
