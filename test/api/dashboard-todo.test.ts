import test from 'ava';
import { api, startServer, type TestServer } from '../helpers/server.ts';
import { createAdmin, createGroup, ruleIds, superToken } from '../helpers/admins.ts';
import type { TodoSection } from '../../src/resources/todo.ts';

// The dashboard says what needs doing (issue 28, item 5): trail applications waiting for review, activities in
// the coming week, posts scheduled in the next days, each with its count and first rows, and only among the
// lists the admin may open.

let server: TestServer;

test.before(async () => {
  server = await startServer();
});
test.after.always(async () => {
  await server?.stop();
});

async function todo(token: string, lang = 'en'): Promise<TodoSection[]> {
  const res = await api<{ todo: TodoSection[] }>(server.url, '/admin/Dashboard/index', { lang, headers: { batoken: token } });
  if (res.body.code !== 1) throw new Error(res.body.msg);
  return res.body.data.todo;
}

test('waiting applications, coming activities and scheduled posts, soonest first, for those who may list them', async (t) => {
  const { knex } = server.app;
  const token = await superToken(server);
  const now = Math.floor(Date.now() / 1000);
  const day = 86400;
  const before = await todo(token);
  const count = (sections: TodoSection[], name: string, kind: string) => sections.find((s) => s.name === name && s.kind === kind)?.total ?? 0;

  await knex('trail_application').insert([
    { user_id: 1, canal_id: 1, title: '待审步道甲', title_en: 'Waiting walk A', status: 'pending', create_time: now - 2 * day, update_time: now },
    { user_id: 1, canal_id: 1, title: '待审步道乙', title_en: 'Waiting walk B', status: 'pending', create_time: now - 3 * day, update_time: now },
    { user_id: 1, canal_id: 1, title: '已通过步道', title_en: 'Approved walk', status: 'approved', create_time: now - 4 * day, update_time: now },
  ]);
  const activity = { summary: '', content: '', cover: '', place: '', activity_status: 'upcoming', weigh: 0, status: '1', create_time: now, update_time: now };
  await knex('brand_activity').insert([
    { ...activity, title: '三天后的活动', title_en: 'In three days', start_time: now + 3 * day, end_time: now + 3 * day + 3600 },
    { ...activity, title: '明天的活动', title_en: 'Tomorrow', start_time: now + day, end_time: now + day + 3600 },
    { ...activity, title: '十天后的活动', title_en: 'In ten days', start_time: now + 10 * day, end_time: now + 10 * day + 3600 },
    { ...activity, title: '昨天的活动', title_en: 'Yesterday', start_time: now - day, end_time: now - day + 3600 },
  ]);
  const category = await knex('news_category').orderBy('id').first<{ id: number }>('id');
  const post = { category_id: category.id, summary: '', content: '<p>x</p>', cover: '', weigh: 0, create_time: now, update_time: now };
  await knex('news').insert([
    { ...post, title: '两天后发布', title_en: 'Out in two days', status: '1', publish_time: now + 2 * day },
    { ...post, title: '草稿不算', title_en: 'A draft is not scheduled', status: '0', publish_time: now + 2 * day },
    { ...post, title: '已发布', title_en: 'Already out', status: '1', publish_time: now - day },
  ]);

  const after = await todo(token);
  const waiting = after.find((s) => s.name === 'content/trailApplication' && s.kind === 'waiting')!;
  t.is(waiting.total, count(before, 'content/trailApplication', 'waiting') + 2);
  t.is(waiting.title, 'Trail applications');
  t.deepEqual(waiting.items.slice(-2).map((i) => i.label).sort(), ['Waiting walk A', 'Waiting walk B']);
  const coming = after.find((s) => s.name === 'content/activity' && s.kind === 'upcoming')!;
  t.is(coming.days, 7);
  t.is(coming.total, count(before, 'content/activity', 'upcoming') + 2, 'the next seven days only');
  const mine = coming.items.filter((i) => ['Tomorrow', 'In three days'].includes(i.label));
  t.deepEqual(mine.map((i) => i.label), ['Tomorrow', 'In three days'], 'soonest first');
  t.is(mine[0]!.time, now + day);
  const scheduled = after.find((s) => s.name === 'content/news' && s.kind === 'scheduled')!;
  t.is(scheduled.total, count(before, 'content/news', 'scheduled') + 1, 'published rows still to come; drafts are not');
  t.true(scheduled.items.some((i) => i.label === 'Out in two days'));
  t.true((await todo(token, 'zh-cn')).find((s) => s.name === 'content/news' && s.kind === 'scheduled')!.items.some((i) => i.label === '两天后发布'), 'in the admin’s language');

  // An admin holding only the news list sees only the news section.
  const group = await createGroup(server, await ruleIds(server, ['dashboard', 'dashboard/index', 'content', 'content/news', 'content/news/index']));
  const reader = await createAdmin(server, [group]);
  t.deepEqual([...new Set((await todo(reader.token)).map((s) => s.name))], ['content/news']);
});
