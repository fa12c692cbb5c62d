import test from 'ava';
import fs from 'node:fs';
import { databaseBefore } from '../helpers/migrations.ts';

const MIGRATION = '20261123151000_rule_views_and_icons.ts';

test('rule views and icons: short components become view paths, seeded Bootstrap icons BuildAdmin names', async (t) => {
  const { knex, dir } = await databaseBefore(MIGRATION);
  try {
    const now = Math.floor(Date.now() / 1000);
    const rule = (fields: Record<string, unknown>) => ({ pid: 0, type: 'menu', title: 'x', path: '', url: '', remark: '', weigh: 0, status: '1', menu_type: 'tab', extend: 'none', create_time: now, update_time: now, ...fields });
    await knex('admin_rule').insert([
      rule({ name: 'dashboard', icon: 'bi-speedometer2', component: 'dashboard' }),
      rule({ name: 'auth/admin', icon: 'bi-person-badge', component: 'auth/admin' }),
      rule({ name: 'routine/adminInfo', icon: 'bi-person-circle', component: 'routine/adminInfo' }),
      rule({ name: 'content', type: 'menu_dir', icon: 'bi-collection', component: '' }),
      // Staff-made: a picked icon with a nearest name, one without, a Windows path, and an already converted row.
      rule({ name: 'towpath/map', icon: 'bi-star', component: 'towpath\\map' }),
      rule({ name: 'towpath/other', icon: 'bi-emoji-smile', component: '/src/views/backend/towpath/other/index.vue' }),
      rule({ name: 'towpath/map/add', type: 'button', icon: '', component: '' }),
    ]);
    await knex('user_rule').insert([
      rule({ name: 'account/overview', icon: 'bi-house', component: 'account/overview', no_login_valid: 0 }),
      rule({ name: 'account/message', icon: 'bi-envelope', component: 'account/message', no_login_valid: 0 }),
    ]);
    await knex.migrate.up();

    const rows = async (table: string) => Object.fromEntries((await knex(table).select('name', 'icon', 'component')).map((r: { name: string; icon: string; component: string }) => [r.name, [r.component, r.icon]]));
    t.deepEqual(await rows('admin_rule'), {
      dashboard: ['/src/views/backend/dashboard.vue', 'fa fa-dashboard'],
      'auth/admin': ['/src/views/backend/auth/admin/index.vue', 'el-icon-UserFilled'],
      'routine/adminInfo': ['/src/views/backend/routine/adminInfo.vue', 'fa fa-user'],
      content: ['', 'fa fa-files-o'],
      'towpath/map': ['/src/views/backend/towpath/map/index.vue', 'fa fa-star'],
      'towpath/other': ['/src/views/backend/towpath/other/index.vue', 'bi-emoji-smile'],
      'towpath/map/add': ['', ''],
    });
    t.deepEqual(await rows('user_rule'), {
      'account/overview': ['/src/views/frontend/user/account/overview.vue', 'fa fa-home'],
      'account/message': ['/src/views/frontend/user/account/message.vue', 'fa fa-envelope'],
    });

    await knex.migrate.down();
    t.deepEqual((await rows('admin_rule')).dashboard, ['dashboard', 'fa fa-dashboard']);
    t.deepEqual((await rows('admin_rule'))['auth/admin']![0], 'auth/admin');
    t.deepEqual((await rows('user_rule'))['account/overview']![0], 'account/overview');
  } finally {
    await knex.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
