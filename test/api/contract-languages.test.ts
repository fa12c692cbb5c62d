import test from 'ava';
import { api, startServer, type TestServer } from '../helpers/server.ts';
import { superToken } from '../helpers/admins.ts';

// Contract: the lists BuildAdmin's client shows (rule tree, groups, admin log, config) carry their titles in the
// caller's language (think-lang): the client shows `title` / `name` as it is. The English sibling stays, and a
// name with no English shows in Chinese.

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
const get = async (path: string, lang: string) => (await api<{ list: Row[]; options?: Row[] }>(server.url, path, { headers: { batoken: token }, lang })).body.data;
const flatten = (rows: Row[]): Row[] => rows.flatMap((r) => [r, ...flatten((r.children as Row[] | undefined) ?? [])]);

test("rule tree, rule select, groups and admin log titles come in the caller's language", async (t) => {
  const { knex } = server.app;
  const dashboard = await knex('admin_rule').where({ name: 'dashboard' }).first<{ title: string; title_en: string }>('title', 'title_en');
  t.true(dashboard.title_en !== '' && dashboard.title_en !== dashboard.title);
  const ruleTitle = async (lang: string) => flatten((await get('/admin/auth.Rule/index?isTree=true', lang)).list).find((r) => r.name === 'dashboard')!.title;
  t.is(await ruleTitle('en'), dashboard.title_en);
  t.is(await ruleTitle('zh-cn'), dashboard.title);
  const parents = (await get('/admin/auth.Rule/index?select=true', 'en')).options!;
  const titled = parents.filter((o) => o.title_en);
  t.true(titled.length > 3);
  for (const o of titled) t.true(String(o.title).endsWith(String(o.title_en)), `${String(o.title)}: a parent choice in English, behind its tree prefix`);

  const groups = (await get('/admin/auth.Group/index', 'en')).list;
  const stored = await knex('admin_group').where({ id: groups[0]!.id as number }).first<{ name: string; name_en: string }>('name', 'name_en');
  t.is(groups[0]!.name, stored.name_en || stored.name);

  // A name staff wrote only in Chinese shows in Chinese, with its empty English sibling.
  await knex('admin_group').insert({ pid: 0, name: '巡河队', name_en: '', rules: '', status: '1' });
  const patrol = (await get('/admin/auth.Group/index', 'en')).list.find((g) => g.name === '巡河队');
  t.like(patrol, { name: '巡河队', name_en: '' });

  await api(server.url, '/admin/routine.Config/edit', { body: { site_name: '大运河' }, headers: { batoken: token }, lang: 'en' });
  const log = (await get('/admin/auth.AdminLog/index', 'en')).list[0]!;
  t.is(log.title, log.title_en);
  t.false(/[\u4e00-\u9fff]/.test(String(log.title)), String(log.title));
});
