import type { SeedContext } from '../../src/server/seed.ts';
import { buttons, insertRuleTree, menuTitles } from '../../src/server/services/ruleTree.ts';
import { adminView } from '../../src/shared/views.ts';

/**
 * Routine → Backups. Its API is for super admins only whatever the groups hold; the menu rule places the
 * screen, and its buttons name the actions for the admin log.
 */
export async function seed({ knex }: SeedContext): Promise<void> {
  const routine = await knex('admin_rule').where({ name: 'routine', type: 'menu_dir' }).first<{ id: number } | undefined>('id');
  if (!routine || (await knex('admin_rule').where({ name: 'routine/backup' }).first())) return;
  await insertRuleTree(
    knex,
    'admin_rule',
    [
      {
        type: 'menu',
        name: 'routine/backup',
        ...menuTitles('admin', 'menu.routine/backup'),
        icon: 'fa fa-database',
        component: adminView('routine/backup'),
        weigh: 86,
        keepalive: 1,
        children: buttons('routine/backup', ['index', 'create', 'verify', 'restore', 'download', 'upload', 'del']),
      },
    ],
    routine.id,
  );
}
