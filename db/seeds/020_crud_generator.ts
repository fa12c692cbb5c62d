import type { SeedContext } from '../../src/server/seed.ts';
import { buttons, insertRuleTree, menuTitles } from '../../src/server/services/ruleTree.ts';
import { adminRuleView } from '../../src/shared/views.ts';

/** The CRUD generator's menu (reference admin-api 6.2, id 84): top level, with generate and delete buttons. */
export async function seed({ knex }: SeedContext): Promise<void> {
  if (await knex('admin_rule').where({ name: 'crud/crud' }).first()) return;
  await insertRuleTree(knex, 'admin_rule', [
    { type: 'menu', name: 'crud/crud', ...menuTitles('admin', 'menu.crud/crud'), icon: 'fa fa-code', component: adminRuleView('crud/crud'), weigh: 80, keepalive: 1, children: buttons('crud/crud', ['index', 'generate', 'delete']) },
  ]);
}
