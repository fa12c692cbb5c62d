import test from 'ava';
import { api, startServer, type TestServer } from '../helpers/server.ts';
import { createMember } from '../helpers/accounts.ts';
import { hashPassword } from '../../src/server/services/passwords.ts';
import { formatTime } from '../../src/shared/time.ts';

// The dashboard's figures come from the database (the reference only shows demo charts).

let server: TestServer;
let token = '';

interface Stats {
  memberJoins: { dates: string[]; counts: number[] };
  totals: { members: number; admins: number; attachments: number };
  content: { name: string; title: string; published: number; total: number }[];
  recentActivity: { id: number; time: number; username: string; title: string }[];
}

test.before(async () => {
  server = await startServer();
  const admin = await server.app.knex('admin').where({ username: 'admin' }).first<{ id: number }>();
  token = await server.app.services.tokens.issue('admin', admin.id);
});
test.after.always(async () => {
  await server?.stop();
});

async function stats(as = token): Promise<Stats> {
  const res = await api<{ remark: string; stats: Stats }>(server.url, '/admin/Dashboard/index', { lang: 'en', headers: { batoken: as } });
  if (res.body.code !== 1) throw new Error(res.body.msg);
  return res.body.data.stats;
}

test.serial('figures match the database and follow a new member, new content and admin actions', async (t) => {
  const knex = server.app.knex;
  const before = await stats();
  t.is(before.memberJoins.dates.length, 30);
  t.is(before.memberJoins.dates.at(-1), formatTime(Date.now(), 'yyyy-mm-dd', 'Asia/Shanghai'), 'the last day is today, site time');
  t.is(before.totals.admins, 1);
  t.is(before.totals.members, Number((await knex('user').count({ n: '*' }))[0]!.n));
  const news = before.content.find((c) => c.name === 'content/news')!;
  t.is(news.title, 'News');
  t.is(news.total, Number((await knex('news').count({ n: '*' }))[0]!.n));
  t.is(news.published, Number((await knex('news').where({ status: '1' }).count({ n: '*' }))[0]!.n));
  t.false(before.content.some((c) => c.name === 'content/trailApplication'), 'applications have no publish switch');

  await createMember(server);
  const joinedToday = await stats();
  t.is(joinedToday.totals.members, before.totals.members + 1);
  t.is(joinedToday.memberJoins.counts.at(-1), before.memberJoins.counts.at(-1)! + 1);

  const one = await knex('news').orderBy('id').first<{ id: number; status: string }>();
  await api(server.url, '/admin/content.News/edit', { body: { id: one.id, status: one.status === '1' ? '0' : '1' }, headers: { batoken: token } });
  const after = await stats();
  const changed = after.content.find((c) => c.name === 'content/news')!;
  t.is(changed.published, news.published + (one.status === '1' ? -1 : 1));
  t.is(changed.total, news.total);
  t.like(after.recentActivity[0], { username: 'admin' });
  t.regex(after.recentActivity[0]!.title, /-/);
  t.true(after.recentActivity.length <= 10);
});

test.serial('an admin without the super group sees only their own activity; no rule, no dashboard', async (t) => {
  const knex = server.app.knex;
  const group = await knex('admin_group').where({ name: '一级管理员' }).first<{ id: number }>();
  const [row] = await knex('admin').insert({ username: 'levelone', nickname: 'L1', password: await hashPassword('level-one-1'), status: '1' }).returning('id');
  const id = (row as { id: number }).id;
  await knex('admin_group_access').insert({ uid: id, group_id: group.id });
  const own = await server.app.services.tokens.issue('admin', id);
  await api(server.url, '/admin/ajax/clearCache', { body: { type: 'all' }, headers: { batoken: own } });
  const mine = await stats(own);
  t.true(mine.recentActivity.length > 0);
  t.true(mine.recentActivity.every((r) => r.username === 'levelone'));

  const [bare] = await knex('admin').insert({ username: 'bare', nickname: 'Bare', password: await hashPassword('bare-pass-1'), status: '1' }).returning('id');
  const bareToken = await server.app.services.tokens.issue('admin', (bare as { id: number }).id);
  t.is((await api(server.url, '/admin/Dashboard/index', { headers: { batoken: bareToken } })).body.code, 401);
  t.is((await api(server.url, '/admin/Dashboard/index')).body.code, 303);
});
