import type { SeedContext } from '../../src/server/seed.ts';
import { insertRuleTree, menuTitles, type RuleSeed } from '../../src/server/services/ruleTree.ts';
import { memberView } from '../../src/shared/views.ts';

const MEMBER_MENU: RuleSeed = {
  type: 'menu',
  name: 'account/trailApplication',
  ...menuTitles('user', 'menu.account/trailApplication'),
  icon: 'fa fa-map-signs',
  component: memberView('account/trailApplication'),
  weigh: 93,
};

/**
 * Trail applications: the member-centre page, under "My account" (the default member group holds '*').
 * The reviewers' approve / reject permissions come from the resource definition's actions.
 */
export async function seed({ knex }: SeedContext): Promise<void> {
  const account = await knex('user_rule').where({ name: 'account', type: 'menu_dir' }).first<{ id: number } | undefined>('id');
  if (account && !(await knex('user_rule').where({ name: MEMBER_MENU.name }).first())) {
    await insertRuleTree(knex, 'user_rule', [MEMBER_MENU], account.id);
  }
}
