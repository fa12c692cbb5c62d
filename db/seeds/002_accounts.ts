import { randomBytes } from 'node:crypto';
import type { SeedContext } from '../../src/server/seed.ts';
import { hashPassword } from '../../src/server/services/passwords.ts';
import { buttons, insertRuleTree, type RuleSeed } from '../../src/server/services/ruleTree.ts';
import { adminView, memberView } from '../../src/shared/views.ts';

/**
 * The admin menu tree of reference section 6.2, adapted: no module store, no external link rows. Components are
 * view paths and icons Font Awesome / Element Plus names, as BuildAdmin's client reads them (src/shared/views.ts,
 * src/shared/icons.ts).
 */
const ADMIN_MENU: RuleSeed[] = [
  { type: 'menu', name: 'dashboard', title: '控制台', icon: 'fa fa-dashboard', component: adminView('dashboard'), weigh: 999, keepalive: 1, children: buttons('dashboard', ['index']) },
  {
    type: 'menu_dir', name: 'auth', title: '权限管理', icon: 'fa fa-group', weigh: 100,
    children: [
      { type: 'menu', name: 'auth/group', title: '角色组管理', icon: 'fa fa-group', component: adminView('auth/group'), weigh: 99, keepalive: 1, children: buttons('auth/group', ['index', 'add', 'edit', 'del']) },
      { type: 'menu', name: 'auth/admin', title: '管理员管理', icon: 'el-icon-UserFilled', component: adminView('auth/admin'), weigh: 98, keepalive: 1, children: buttons('auth/admin', ['index', 'add', 'edit', 'del']) },
      { type: 'menu', name: 'auth/rule', title: '菜单规则管理', icon: 'el-icon-Grid', component: adminView('auth/rule'), weigh: 97, keepalive: 1, children: buttons('auth/rule', ['index', 'add', 'edit', 'del', 'sortable']) },
      { type: 'menu', name: 'auth/adminLog', title: '管理员日志管理', icon: 'el-icon-List', component: adminView('auth/adminLog'), weigh: 96, keepalive: 1, children: buttons('auth/adminLog', ['index']) },
    ],
  },
  {
    type: 'menu_dir', name: 'user', title: '会员管理', icon: 'fa fa-drivers-license', weigh: 95,
    children: [
      { type: 'menu', name: 'user/user', title: '会员管理', icon: 'fa fa-user', component: adminView('user/user'), weigh: 94, keepalive: 1, children: buttons('user/user', ['index', 'add', 'edit', 'del']) },
      { type: 'menu', name: 'user/group', title: '会员分组管理', icon: 'fa fa-group', component: adminView('user/group'), weigh: 93, keepalive: 1, children: buttons('user/group', ['index', 'add', 'edit', 'del']) },
      { type: 'menu', name: 'user/rule', title: '会员规则管理', icon: 'fa fa-th-list', component: adminView('user/rule'), weigh: 92, keepalive: 1, children: buttons('user/rule', ['index', 'add', 'edit', 'del', 'sortable']) },
      { type: 'menu', name: 'user/moneyLog', title: '会员余额管理', icon: 'el-icon-Money', component: adminView('user/moneyLog'), weigh: 91, keepalive: 1, children: buttons('user/moneyLog', ['index', 'add']) },
      { type: 'menu', name: 'user/scoreLog', title: '会员积分管理', icon: 'el-icon-Discount', component: adminView('user/scoreLog'), weigh: 90, keepalive: 1, children: buttons('user/scoreLog', ['index', 'add']) },
    ],
  },
  {
    type: 'menu_dir', name: 'routine', title: '常规管理', icon: 'fa fa-cogs', weigh: 89,
    children: [
      { type: 'menu', name: 'routine/config', title: '系统配置', icon: 'el-icon-Tools', component: adminView('routine/config'), weigh: 88, keepalive: 1, children: buttons('routine/config', ['index', 'edit', 'add', 'del', 'sendTestMail']) },
      { type: 'menu', name: 'routine/attachment', title: '附件管理', icon: 'fa fa-folder', component: adminView('routine/attachment'), weigh: 87, keepalive: 1, remark: 'attachmentRemark', children: buttons('routine/attachment', ['index', 'edit', 'del']) },
      { type: 'menu', name: 'routine/adminInfo', title: '个人资料', icon: 'fa fa-user', component: adminView('routine/adminInfo'), weigh: 86, keepalive: 1, children: buttons('routine/adminInfo', ['index', 'edit']) },
    ],
  },
  {
    type: 'menu_dir', name: 'security', title: '数据安全管理', icon: 'fa fa-shield', weigh: 85,
    children: [
      { type: 'menu', name: 'security/dataRecycleLog', title: '数据回收站', icon: 'fa fa-database', component: adminView('security/dataRecycleLog'), weigh: 84, keepalive: 1, children: buttons('security/dataRecycleLog', ['index', 'del', 'restore', 'info']) },
      { type: 'menu', name: 'security/sensitiveDataLog', title: '敏感数据修改记录', icon: 'fa fa-expeditedssl', component: adminView('security/sensitiveDataLog'), weigh: 83, keepalive: 1, children: buttons('security/sensitiveDataLog', ['index', 'del', 'rollback', 'info']) },
      { type: 'menu', name: 'security/dataRecycle', title: '数据回收规则管理', icon: 'fa fa-database', component: adminView('security/dataRecycle'), weigh: 82, keepalive: 1, remark: 'dataRecycleRemark', children: buttons('security/dataRecycle', ['index', 'add', 'edit', 'del']) },
      { type: 'menu', name: 'security/sensitiveData', title: '敏感字段规则管理', icon: 'fa fa-expeditedssl', component: adminView('security/sensitiveData'), weigh: 81, keepalive: 1, remark: 'sensitiveDataRemark', children: buttons('security/sensitiveData', ['index', 'add', 'edit', 'del']) },
    ],
  },
];

/** Member-centre rules of reference 3.8, plus our message inbox. */
const USER_MENU: RuleSeed[] = [
  {
    type: 'menu_dir', name: 'account', title: '我的账户', icon: 'fa fa-user-circle', weigh: 98,
    children: [
      { type: 'menu', name: 'account/overview', title: '账户概览', icon: 'fa fa-home', component: memberView('account/overview'), weigh: 99 },
      { type: 'menu', name: 'account/profile', title: '个人资料', icon: 'fa fa-user-circle-o', component: memberView('account/profile'), weigh: 98 },
      { type: 'menu', name: 'account/changePassword', title: '修改密码', icon: 'fa fa-shield', component: memberView('account/changePassword'), weigh: 97 },
      { type: 'menu', name: 'account/integral', title: '积分记录', icon: 'fa fa-tag', component: memberView('account/integral'), weigh: 96 },
      { type: 'menu', name: 'account/balance', title: '余额记录', icon: 'fa fa-money', component: memberView('account/balance'), weigh: 95 },
      { type: 'menu', name: 'account/message', title: '站内消息', icon: 'fa fa-envelope', component: memberView('account/message'), weigh: 94 },
    ],
  },
];

function idsOf(ids: Map<string, number>, prefixes: string[]): string {
  return [...ids]
    .filter(([name]) => prefixes.some((p) => name === p || name.startsWith(`${p}/`)))
    .map(([, id]) => id)
    .join(',');
}

export async function seed({ knex, config }: SeedContext): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  const adminIds = await insertRuleTree(knex, 'admin_rule', ADMIN_MENU);
  // Ids come from the database (no explicit ids: PostgreSQL sequences must stay in step).
  const insertId = async (table: string, row: Record<string, unknown>) => {
    const [r] = await knex(table).insert({ ...row, create_time: now, update_time: now }).returning('id');
    return typeof r === 'object' ? (r as { id: number }).id : (r as number);
  };
  const superGroup = await insertId('admin_group', { pid: 0, name: '超级管理组', rules: '*', status: '1' });
  const level1 = await insertId('admin_group', { pid: superGroup, name: '一级管理员', rules: idsOf(adminIds, ['dashboard', 'user', 'routine', 'security']), status: '1' });
  const level2 = await insertId('admin_group', { pid: level1, name: '二级管理员', rules: idsOf(adminIds, ['user']), status: '1' });
  await insertId('admin_group', { pid: level2, name: '三级管理员', rules: idsOf(adminIds, ['security']), status: '1' });

  const generated = !config.adminPassword;
  const password = config.adminPassword || randomBytes(9).toString('base64url');
  const adminId = await insertId('admin', { username: 'admin', nickname: 'Admin', password: await hashPassword(password), status: '1' });
  await knex('admin_group_access').insert({ uid: adminId, group_id: superGroup });
  if (generated) {
    // Printed once, on the first start only: the operator must note it (or set ADMIN_PASSWORD next time).
    process.stdout.write(
      `\n  First admin account created: username "admin", password "${password}"\n  Change it after logging in at /admin/login.\n\n`,
    );
  }

  await insertRuleTree(knex, 'user_rule', USER_MENU);
  await insertId('user_group', { name: '默认分组', rules: '*', status: '1' });
}
