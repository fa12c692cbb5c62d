import type { SeedContext } from '../../src/server/seed.ts';
import { buttons, insertRuleTree, menuTitles } from '../../src/server/services/ruleTree.ts';
import { adminView } from '../../src/shared/views.ts';

/**
 * The payments menu: its folder and the settings screen. The orders screen joins the folder from its
 * resource definition (pay/order), whose rules are made after the seeds.
 */
export async function seed({ knex }: SeedContext): Promise<void> {
  if (await knex('admin_rule').where({ name: 'pay' }).first()) return;
  await insertRuleTree(knex, 'admin_rule', [
    {
      type: 'menu_dir',
      name: 'pay',
      ...menuTitles('resources', 'menu.pay'),
      icon: 'el-icon-Wallet',
      weigh: 90,
      children: [
        { type: 'menu', name: 'pay/config', ...menuTitles('resources', 'pay/config.title'), icon: 'fa fa-credit-card', component: adminView('pay/config'), weigh: 1, keepalive: 1, children: buttons('pay/config', ['index', 'edit', 'check']) },
      ],
    },
  ]);
}
