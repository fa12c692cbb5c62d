/**
 * Names the system itself creates are stored in both languages and each reader gets theirs (issue 17
 * item 7): menu rules, groups, config titles, security rules, admin log titles, member messages. A name
 * staff entered in one language reaches English readers in Chinese, with nothing in `_en` (clients mark it).
 */
import test from 'ava';
import { createMember, memberToken } from '../helpers/accounts.ts';
import { superToken } from '../helpers/admins.ts';
import { api, startServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let token: string;
test.before(async () => {
  server = await startServer();
  token = await superToken(server);
});
test.after.always(async () => {
  await server?.stop();
});

type Row = Record<string, unknown>;
const CJK = /[\u4e00-\u9fff]/;
const admin = <T = Row>(path: string, lang: string, body?: unknown) => api<T>(server.url, path, { headers: { batoken: token }, lang, body });

test('a fresh install has an English name beside every Chinese one it seeds', async (t) => {
  const { knex } = server.app;
  const pairs: [string, string][] = [
    ['admin_rule', 'title'],
    ['user_rule', 'title'],
    ['admin_group', 'name'],
    ['user_group', 'name'],
    ['security_data_recycle', 'name'],
    ['security_sensitive_data', 'name'],
    ['config', 'title'],
  ];
  for (const [table, column] of pairs) {
    const rows = (await knex(table).select(column, `${column}_en`)) as Row[];
    t.true(rows.length > 0, table);
    for (const row of rows) {
      const [zh, en] = [String(row[column]), String(row[`${column}_en`])];
      t.true(en.trim() !== '' && !CJK.test(en), `${table}: "${zh}" has an English name ("${en}")`);
    }
  }
  // Config titles are no longer catalogue keys: the Chinese column reads in Chinese.
  t.like(await knex('config').where({ name: 'site_name' }).first(), { title: '站点名称', title_en: 'Site name' });
  t.like(await knex('user_group').first(), { name: '默认分组', name_en: 'Default group' });
});

test('menus of both index calls come in the reader language, with the stored English beside them', async (t) => {
  const walk = (nodes: Row[], out: Row[] = []) => {
    for (const n of nodes) {
      out.push(n);
      if (n.children) walk(n.children as Row[], out);
    }
    return out;
  };
  const zh = walk(((await admin<{ menus: Row[] }>('/admin/index/index', 'zh-cn')).body.data.menus));
  const en = walk(((await admin<{ menus: Row[] }>('/admin/index/index', 'en')).body.data.menus));
  const named = (nodes: Row[], name: string) => nodes.find((n) => n.name === name)!;
  t.like(named(zh, 'auth/group'), { title: '角色组管理', title_en: 'Role groups' });
  t.like(named(en, 'auth/group'), { title: 'Role groups', title_en: 'Role groups' });
  t.like(named(en, 'auth/group/add'), { title: 'Add' });
  t.false(en.some((n) => CJK.test(String(n.title))), 'no Chinese left in the English admin menu');

  // A rule staff named in Chinese only: English readers get the Chinese, and an empty title_en says so.
  const added = await admin('/admin/auth.Rule/add', 'zh-cn', { type: 'menu_dir', title: '纤道工具', name: 'towpath', pid: 0, menu_type: 'tab', status: '1' });
  t.is(added.body.code, 1, added.body.msg);
  const towpath = named(walk((await admin<{ menus: Row[] }>('/admin/index/index', 'en')).body.data.menus), 'towpath');
  t.like(towpath, { title: '纤道工具', title_en: '' });

  const member = await createMember(server);
  const memberToken_ = await memberToken(server, member.id);
  const index = await api<{ menus: Row[] }>(server.url, '/api/index/index', { headers: { 'ba-user-token': memberToken_ }, lang: 'en' });
  t.like(named(walk(index.body.data.menus), 'account/overview'), { title: 'Overview', title_en: 'Overview' });
  const zhIndex = await api<{ menus: Row[] }>(server.url, '/api/index/index', { headers: { 'ba-user-token': memberToken_ } });
  t.like(named(walk(zhIndex.body.data.menus), 'account'), { title: '我的账户', title_en: 'My account' });
});

test('admin log titles are written in both languages', async (t) => {
  const { knex } = server.app;
  await admin('/admin/ajax/clearCache', 'en', { type: 'all' });
  // Found by their Chinese title: the other tests of this file write admin-log rows at the same time.
  t.like(await knex('admin_log').where({ title: '清理缓存' }).orderBy('id', 'desc').first(), { title_en: 'Clear cache' });
  const group = (await knex('admin_group').orderBy('id', 'desc').first<{ id: number }>('id')).id;
  await admin('/admin/auth.Group/edit', 'zh-cn', { id: group, name: '三级管理员', name_en: 'Level 3 administrators' });
  t.like(await knex('admin_log').where({ title: '角色组管理-编辑' }).orderBy('id', 'desc').first(), { title_en: 'Role groups-Edit' });

  const entry = (await knex('admin_log').where({ title: '清理缓存' }).orderBy('id', 'desc').first<{ id: number }>('id')).id;
  const listed = async (lang: 'en' | 'zh-cn') =>
    (await admin<{ list: Row[] }>('/admin/auth.AdminLog/index?limit=100', lang)).body.data.list.find((r) => r.id === entry);
  t.like(await listed('en'), { title: 'Clear cache', title_en: 'Clear cache' }, 'the list shows the reader\'s language and keeps the English beside it');
  t.like(await listed('zh-cn'), { title: '清理缓存', title_en: 'Clear cache' });
});

test('member messages are written in both languages and read back that way', async (t) => {
  const member = await createMember(server);
  const added = await admin('/admin/user.MoneyLog/add', 'zh-cn', { user_id: member.id, money: '5.00', memo: '活动奖励' });
  t.is(added.body.code, 1, added.body.msg);
  const inbox = await api<{ list: Row[] }>(server.url, '/api/account/message', { headers: { 'ba-user-token': await memberToken(server, member.id) }, lang: 'en' });
  t.is(inbox.body.code, 1, inbox.body.msg);
  t.like(inbox.body.data.list[0], { title: '余额变动通知', title_en: 'Balance changed' });
  t.regex(String(inbox.body.data.list[0]!.content), /^您的余额变动/);
  t.regex(String(inbox.body.data.list[0]!.content_en), /^Your balance changed by \+5\.00 yuan/);
  t.false(String(inbox.body.data.list[0]!.title).includes(' / '));
});

test('config titles: the reader language from the index, a staff item without English falls back', async (t) => {
  const zh = await admin<{ list: Record<string, { list: Row[] }> }>('/admin/routine.Config/index', 'zh-cn');
  const en = await admin<{ list: Record<string, { list: Row[] }> }>('/admin/routine.Config/index', 'en');
  const item = (res: typeof zh, name: string) => Object.values(res.body.data.list).flatMap((g) => g.list).find((i) => i.name === name)!;
  t.like(item(zh, 'no_access_ip'), { title: '禁止访问的 IP', tip: '每行一个 IP 或 CIDR', title_en: 'Blocked IPs' });
  t.like(item(en, 'no_access_ip'), { title: 'Blocked IPs', tip: 'One IP or CIDR per line' });

  const added = await admin('/admin/routine.Config/add', 'zh-cn', { group: 'basics', type: 'string', name: 'hotline', title: '服务热线', tip: '对外电话', weigh: 0 });
  t.is(added.body.code, 1, added.body.msg);
  t.like(item(await admin('/admin/routine.Config/index', 'en'), 'hotline'), { title: '服务热线', title_en: '', tip: '对外电话', tip_en: '' });
  const both = await admin('/admin/routine.Config/add', 'zh-cn', { group: 'basics', type: 'string', name: 'hotline2', title: '服务热线', title_en: 'Hotline', tip: '', weigh: 0 });
  t.is(both.body.code, 1, both.body.msg);
  t.like(item(await admin('/admin/routine.Config/index', 'en'), 'hotline2'), { title: 'Hotline', title_en: 'Hotline' });
  // A value the item refuses is named by its title in the reader's language.
  const bad = await admin('/admin/routine.Config/edit', 'en', { smtp_sender_mail: 'not an address' });
  t.is(bad.body.code, 0);
  t.regex(bad.body.msg, /Sender address/);
});
