import test from 'ava';
import fs from 'node:fs';
import { databaseBefore } from '../helpers/migrations.ts';

const MIGRATION = '20261123231001_bilingual_system_names.ts';

type Row = Record<string, unknown>;

test('bilingual names: English siblings added and filled for what the system created, staff names left to fall back', async (t) => {
  const { knex, dir } = await databaseBefore(MIGRATION);
  try {
    const now = Math.floor(Date.now() / 1000);
    const rule = (fields: Row) => ({ pid: 0, type: 'menu', path: '', icon: '', url: '', component: '', remark: '', weigh: 0, status: '1', menu_type: 'tab', extend: 'none', create_time: now, update_time: now, ...fields });
    await knex('admin_rule').insert([
      rule({ name: 'auth/group', title: '角色组管理' }),
      rule({ name: 'auth/group/add', type: 'button', title: '添加' }),
      rule({ name: 'content', type: 'menu_dir', title: '内容管理' }),
      rule({ name: 'content/news', title: '新闻资讯' }),
      // Menus of the modules seeded by their own files: backups, payments, SMS, WeChat, departments.
      rule({ name: 'routine/backup', title: '备份与恢复' }),
      rule({ name: 'pay', type: 'menu_dir', title: '支付管理' }),
      rule({ name: 'pay/config', title: '支付配置' }),
      rule({ name: 'pay/config/refund', type: 'button', title: '退款' }),
      rule({ name: 'sms', type: 'menu_dir', title: '短信管理' }),
      rule({ name: 'wechat/config', title: '公众号配置' }),
      rule({ name: 'auth/department', title: '部门管理' }),
      // Renamed by staff: no English can be known.
      rule({ name: 'auth/admin', title: '后台账号' }),
    ]);
    await knex('user_rule').insert(rule({ name: 'account/overview', title: '账户概览', no_login_valid: 0 }));
    await knex('admin_group').insert([{ pid: 0, name: '超级管理组', rules: '*', status: '1' }, { pid: 0, name: '编辑部', rules: '', status: '1' }]);
    await knex('user_group').insert({ name: '默认分组', rules: '*', status: '1' });
    await knex('config').insert([
      { name: 'site_name', group: 'basics', title: 'Site Name', tip: '', type: 'string', value: 'x', content: '', rule: '', extend: '', allow_del: false, weigh: 0 },
      { name: 'no_access_ip', group: 'basics', title: 'No access ip', tip: 'One IP or CIDR per line', type: 'textarea', value: '', content: '', rule: '', extend: '', allow_del: false, weigh: 0 },
      { name: 'my_item', group: 'basics', title: '我的配置', tip: '', type: 'string', value: '', content: '', rule: '', extend: '', allow_del: true, weigh: 0 },
    ]);
    await knex('security_data_recycle').insert({ name: '管理员', controller: 'auth/admin', controller_as: 'auth/admin', data_table: 'admin', connection: '', primary_key: 'id', status: '1' });
    await knex('security_sensitive_data').insert({ name: '会员数据', controller: 'user/user', controller_as: 'user/user', data_table: 'user', connection: '', primary_key: 'id', data_fields: '{}', status: '1' });
    const log = (title: string) => ({ admin_id: 1, username: 'admin', url: '/admin/x', title, data: '{}', ip: '127.0.0.1', useragent: 'ua', create_time: now });
    await knex('admin_log').insert([log('Login'), log('角色组管理-添加'), log('角色组管理-Unknown(export)'), log('something else')]);
    const [member] = await knex('user').insert({ username: 'm1', nickname: 'm1', email: '', mobile: '', password: 'x', status: 'enable', group_id: 1 }).returning('id');
    const userId = typeof member === 'object' ? (member as { id: number }).id : (member as number);
    await knex('user_message').insert([
      { user_id: userId, title: '步道申报已通过 / Trail application approved', content: '你的申报已通过。\n\nYour application was approved.', create_time: now },
      { user_id: userId, title: '手工消息', content: '第一段\n\n第二段\n\n第三段', create_time: now },
    ]);

    await knex.migrate.up();

    const byName = async (table: string, key: string, columns: string[]) =>
      Object.fromEntries(((await knex(table).select(key, ...columns)) as Row[]).map((r) => [String(r[key]), columns.map((c) => r[c])]));
    t.deepEqual(await byName('admin_rule', 'name', ['title', 'title_en']), {
      'auth/group': ['角色组管理', 'Role groups'],
      'auth/group/add': ['添加', 'Add'],
      content: ['内容管理', 'Content'],
      'content/news': ['新闻资讯', 'News'],
      'routine/backup': ['备份与恢复', 'Backups'],
      pay: ['支付管理', 'Payments'],
      'pay/config': ['支付配置', 'Payment settings'],
      'pay/config/refund': ['退款', 'Refund'],
      sms: ['短信管理', 'SMS'],
      'wechat/config': ['公众号配置', 'Official account'],
      'auth/department': ['部门管理', 'Departments'],
      'auth/admin': ['后台账号', ''],
    });
    t.deepEqual(await byName('user_rule', 'name', ['title_en']), { 'account/overview': ['Overview'] });
    t.deepEqual(await byName('admin_group', 'name', ['name_en']), { 超级管理组: ['Super administrators'], 编辑部: [''] });
    t.deepEqual(await byName('user_group', 'name', ['name_en']), { 默认分组: ['Default group'] });
    t.deepEqual(await byName('config', 'name', ['title', 'title_en', 'tip', 'tip_en']), {
      site_name: ['站点名称', 'Site name', '', ''],
      no_access_ip: ['禁止访问的 IP', 'Blocked IPs', '每行一个 IP 或 CIDR', 'One IP or CIDR per line'],
      my_item: ['我的配置', '', '', ''],
    });
    t.deepEqual(await byName('security_data_recycle', 'controller', ['name_en']), { 'auth/admin': ['Administrators'] });
    t.deepEqual(await byName('security_sensitive_data', 'controller', ['name_en']), { 'user/user': ['Member data'] });
    t.deepEqual(((await knex('admin_log').orderBy('id').select('title', 'title_en')) as Row[]).map((r) => [r.title, r.title_en]), [
      ['登录', 'Login'],
      ['角色组管理-添加', 'Role groups-Add'],
      ['角色组管理-未知（export）', 'Role groups-Unknown (export)'],
      ['something else', ''],
    ]);
    t.deepEqual(((await knex('user_message').orderBy('id').select('title', 'title_en', 'content', 'content_en')) as Row[]).map((r) => [r.title, r.title_en, r.content, r.content_en]), [
      ['步道申报已通过', 'Trail application approved', '你的申报已通过。', 'Your application was approved.'],
      ['手工消息', '', '第一段\n\n第二段\n\n第三段', null],
    ]);
    t.deepEqual(Object.keys(await knex('user_money_log').columnInfo()).includes('memo_en'), true);

    await knex.migrate.down();
    t.false('title_en' in (await knex('admin_rule').columnInfo()));
    t.false('content_en' in (await knex('user_message').columnInfo()));
  } finally {
    await knex.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
