import type { SeedContext } from '../../src/server/seed.ts';
import { bilingual, columns } from '../../src/server/services/bilingual.ts';
import { firstAdmin } from '../../src/server/firstAdmin.ts';
import { buttons, insertRuleTree, menuTitles, type RuleSeed } from '../../src/server/services/ruleTree.ts';
import { adminView, memberView } from '../../src/shared/views.ts';

/**
 * The admin menu tree of reference section 6.2, adapted: no module store, no external link rows. Components are
 * view paths and icons Font Awesome / Element Plus names, as BuildAdmin's client reads them (src/shared/views.ts,
 * src/shared/icons.ts).
 */
const ADMIN_MENU: RuleSeed[] = [
  { type: 'menu', name: 'dashboard', ...menuTitles('admin', 'menu.dashboard'), icon: 'fa fa-dashboard', component: adminView('dashboard'), weigh: 999, keepalive: 1, children: buttons('dashboard', ['index']) },
  {
    type: 'menu_dir', name: 'auth', ...menuTitles('admin', 'menu.auth'), icon: 'fa fa-group', weigh: 100,
    children: [
      { type: 'menu', name: 'auth/group', ...menuTitles('admin', 'menu.auth/group'), icon: 'fa fa-group', component: adminView('auth/group'), weigh: 99, keepalive: 1, children: buttons('auth/group', ['index', 'add', 'edit', 'del']) },
      { type: 'menu', name: 'auth/admin', ...menuTitles('admin', 'menu.auth/admin'), icon: 'el-icon-UserFilled', component: adminView('auth/admin'), weigh: 98, keepalive: 1, children: buttons('auth/admin', ['index', 'add', 'edit', 'del']) },
      { type: 'menu', name: 'auth/rule', ...menuTitles('admin', 'menu.auth/rule'), icon: 'el-icon-Grid', component: adminView('auth/rule'), weigh: 97, keepalive: 1, children: buttons('auth/rule', ['index', 'add', 'edit', 'del', 'sortable']) },
      { type: 'menu', name: 'auth/adminLog', ...menuTitles('admin', 'menu.auth/adminLog'), icon: 'el-icon-List', component: adminView('auth/adminLog'), weigh: 96, keepalive: 1, children: buttons('auth/adminLog', ['index']) },
    ],
  },
  {
    type: 'menu_dir', name: 'user', ...menuTitles('admin', 'menu.user'), icon: 'fa fa-drivers-license', weigh: 95,
    children: [
      { type: 'menu', name: 'user/user', ...menuTitles('admin', 'menu.user/user'), icon: 'fa fa-user', component: adminView('user/user'), weigh: 94, keepalive: 1, children: buttons('user/user', ['index', 'add', 'edit', 'del']) },
      { type: 'menu', name: 'user/group', ...menuTitles('admin', 'menu.user/group'), icon: 'fa fa-group', component: adminView('user/group'), weigh: 93, keepalive: 1, children: buttons('user/group', ['index', 'add', 'edit', 'del']) },
      { type: 'menu', name: 'user/rule', ...menuTitles('admin', 'menu.user/rule'), icon: 'fa fa-th-list', component: adminView('user/rule'), weigh: 92, keepalive: 1, children: buttons('user/rule', ['index', 'add', 'edit', 'del', 'sortable']) },
      { type: 'menu', name: 'user/moneyLog', ...menuTitles('admin', 'menu.user/moneyLog'), icon: 'el-icon-Money', component: adminView('user/moneyLog'), weigh: 91, keepalive: 1, children: buttons('user/moneyLog', ['index', 'add']) },
      { type: 'menu', name: 'user/scoreLog', ...menuTitles('admin', 'menu.user/scoreLog'), icon: 'el-icon-Discount', component: adminView('user/scoreLog'), weigh: 90, keepalive: 1, children: buttons('user/scoreLog', ['index', 'add']) },
    ],
  },
  {
    type: 'menu_dir', name: 'routine', ...menuTitles('admin', 'menu.routine'), icon: 'fa fa-cogs', weigh: 89,
    children: [
      { type: 'menu', name: 'routine/config', ...menuTitles('admin', 'menu.routine/config'), icon: 'el-icon-Tools', component: adminView('routine/config'), weigh: 88, keepalive: 1, children: buttons('routine/config', ['index', 'edit', 'add', 'del', 'sendTestMail']) },
      { type: 'menu', name: 'routine/attachment', ...menuTitles('admin', 'menu.routine/attachment'), icon: 'fa fa-folder', component: adminView('routine/attachment'), weigh: 87, keepalive: 1, remark: 'attachmentRemark', children: buttons('routine/attachment', ['index', 'edit', 'del']) },
      { type: 'menu', name: 'routine/adminInfo', ...menuTitles('admin', 'menu.routine/adminInfo'), icon: 'fa fa-user', component: adminView('routine/adminInfo'), weigh: 86, keepalive: 1, children: buttons('routine/adminInfo', ['index', 'edit']) },
    ],
  },
  {
    type: 'menu_dir', name: 'security', ...menuTitles('admin', 'menu.security'), icon: 'fa fa-shield', weigh: 85,
    children: [
      { type: 'menu', name: 'security/dataRecycleLog', ...menuTitles('admin', 'menu.security/dataRecycleLog'), icon: 'fa fa-database', component: adminView('security/dataRecycleLog'), weigh: 84, keepalive: 1, children: buttons('security/dataRecycleLog', ['index', 'del', 'restore', 'info']) },
      { type: 'menu', name: 'security/sensitiveDataLog', ...menuTitles('admin', 'menu.security/sensitiveDataLog'), icon: 'fa fa-expeditedssl', component: adminView('security/sensitiveDataLog'), weigh: 83, keepalive: 1, children: buttons('security/sensitiveDataLog', ['index', 'del', 'rollback', 'info']) },
      { type: 'menu', name: 'security/dataRecycle', ...menuTitles('admin', 'menu.security/dataRecycle'), icon: 'fa fa-database', component: adminView('security/dataRecycle'), weigh: 82, keepalive: 1, remark: 'dataRecycleRemark', children: buttons('security/dataRecycle', ['index', 'add', 'edit', 'del']) },
      { type: 'menu', name: 'security/sensitiveData', ...menuTitles('admin', 'menu.security/sensitiveData'), icon: 'fa fa-expeditedssl', component: adminView('security/sensitiveData'), weigh: 81, keepalive: 1, remark: 'sensitiveDataRemark', children: buttons('security/sensitiveData', ['index', 'add', 'edit', 'del']) },
    ],
  },
];

/** Member-centre rules of reference 3.8, plus our message inbox. */
const USER_MENU: RuleSeed[] = [
  {
    type: 'menu_dir', name: 'account', ...menuTitles('user', 'menu.account'), icon: 'fa fa-user-circle', weigh: 98,
    children: [
      { type: 'menu', name: 'account/overview', ...menuTitles('user', 'menu.account/overview'), icon: 'fa fa-home', component: memberView('account/overview'), weigh: 99 },
      { type: 'menu', name: 'account/profile', ...menuTitles('user', 'menu.account/profile'), icon: 'fa fa-user-circle-o', component: memberView('account/profile'), weigh: 98 },
      { type: 'menu', name: 'account/changePassword', ...menuTitles('user', 'menu.account/changePassword'), icon: 'fa fa-shield', component: memberView('account/changePassword'), weigh: 97 },
      { type: 'menu', name: 'account/integral', ...menuTitles('user', 'menu.account/integral'), icon: 'fa fa-tag', component: memberView('account/integral'), weigh: 96 },
      { type: 'menu', name: 'account/balance', ...menuTitles('user', 'menu.account/balance'), icon: 'fa fa-money', component: memberView('account/balance'), weigh: 95 },
      { type: 'menu', name: 'account/message', ...menuTitles('user', 'menu.account/message'), icon: 'fa fa-envelope', component: memberView('account/message'), weigh: 94 },
    ],
  },
];

/** A seeded group's name in both languages (admin_group.name is 100 long, user_group.name 50). */
function groupName(key: string) {
  return columns('name', bilingual('system-names', key), 50);
}

function idsOf(ids: Map<string, number>, prefixes: string[]): string {
  return [...ids]
    .filter(([name]) => prefixes.some((p) => name === p || name.startsWith(`${p}/`)))
    .map(([, id]) => id)
    .join(',');
}

export async function seed({ knex, config, admin }: SeedContext): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  // Ids come from the database (no explicit ids: PostgreSQL sequences must stay in step).
  const insertId = async (table: string, row: Record<string, unknown>) => {
    const [r] = await knex(table).insert({ ...row, create_time: now, update_time: now }).returning('id');
    return typeof r === 'object' ? (r as { id: number }).id : (r as number);
  };
  /** The menus and groups of both sides; resolves to the super administrators' group. */
  const menusAndGroups = async () => {
    const adminIds = await insertRuleTree(knex, 'admin_rule', ADMIN_MENU);
    const superGroup = await insertId('admin_group', { pid: 0, ...groupName('adminGroups.super'), rules: '*', status: '1' });
    const level1 = await insertId('admin_group', { pid: superGroup, ...groupName('adminGroups.level1'), rules: idsOf(adminIds, ['dashboard', 'user', 'routine', 'security']), status: '1' });
    const level2 = await insertId('admin_group', { pid: level1, ...groupName('adminGroups.level2'), rules: idsOf(adminIds, ['user']), status: '1' });
    await insertId('admin_group', { pid: level2, ...groupName('adminGroups.level3'), rules: idsOf(adminIds, ['security']), status: '1' });
    await insertRuleTree(knex, 'user_rule', USER_MENU);
    await insertId('user_group', { ...groupName('memberGroups.default'), rules: '*', status: '1' });
    return superGroup;
  };

  const { password, generated, hash } = admin ?? firstAdmin(config);
  // scrypt runs on libuv's thread pool while the menus and groups are written (and the start's earlier
  // steps, when the start that created the database began it): 35 ms of a first start.
  const [hashed, superGroup] = await Promise.all([hash, menusAndGroups()]);
  const adminId = await insertId('admin', { username: 'admin', nickname: 'Admin', password: hashed, status: '1' });
  await knex('admin_group_access').insert({ uid: adminId, group_id: superGroup });
  if (generated) {
    // Printed once, on the first start only: the operator must note it (or set ADMIN_PASSWORD next time).
    process.stdout.write(
      `\n  First admin account created: username "admin", password "${password}"\n  Change it after logging in at /admin/login.\n\n`,
    );
  }
}
