import test from 'ava';
import { createCanvas } from '@napi-rs/canvas';
import { api, startServer, type TestServer } from '../helpers/server.ts';
import { createMember, memberToken } from '../helpers/accounts.ts';
import { asAdmin, createAdmin, createGroup, ruleIds, superToken, type AdminCall } from '../helpers/admins.ts';
import type { MemberApplication, TrailOptions } from '../../src/shared/schemas/trail.ts';
import type { UploadedFile } from '../../src/shared/upload.ts';

let server: TestServer;
let root: AdminCall;
type Section = TrailOptions['canals'][number];
let canal: Section;
let otherCanal: Section;

test.before(async () => {
  server = await startServer();
  root = asAdmin(server, await superToken(server));
  const options = await api<TrailOptions>(server.url, '/api/trail/options');
  const withCities = options.body.data.canals.filter((c) => c.cities.length > 0);
  canal = withCities[0]!;
  otherCanal = withCities[1]!;
});
test.after.always(async () => {
  await server?.stop();
});

interface Member {
  id: number;
  username: string;
  token: string;
}

async function member(): Promise<Member> {
  const m = await createMember(server);
  return { id: m.id, username: m.username, token: await memberToken(server, m.id) };
}

let shade = 0;
/** A PNG of its own colour (so uploads never share a file) uploaded by the member; its relative URL. */
async function photo(m: Member): Promise<string> {
  shade++;
  const canvas = createCanvas(40, 30);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = `rgb(${shade % 256}, ${(shade * 7) % 256}, ${(shade * 13) % 256})`;
  ctx.fillRect(0, 0, 40, 30);
  ctx.fillRect(shade % 40, 0, 1, 1);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(canvas.toBuffer('image/png'))], { type: 'image/png' }), `trail-${shade}.png`);
  form.append('topic', `trail-u${m.id}`);
  const res = await fetch(`${server.url}/api/ajax/upload`, { method: 'POST', body: form, headers: { server: 'true', 'ba-user-token': m.token } });
  const body = (await res.json()) as { code: number; msg: string; data: { file: UploadedFile } };
  if (body.code !== 1) throw new Error(body.msg);
  return body.data.file.url;
}

function proposal(photos: string[] | string, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: '京杭运河滨水步道',
    title_en: 'Grand Canal waterside walk',
    summary: '沿古纤道走过拱宸桥和桥西历史街区。',
    canal_id: canal.id,
    city_id: canal.cities[0]!.id,
    length_km: '4.5',
    duration_min: '90',
    difficulty: 'easy',
    route: '从拱宸桥东堍出发，沿河向南。\n\n经过桥西历史街区，<b>终点</b>在运河文化广场。',
    route_en: 'From the east end of Gongchen Bridge, south along the canal to the Grand Canal Culture Square.',
    photos,
    ...fields,
  };
}

const apply = (m: Member, body: Record<string, unknown>, lang = 'en') =>
  api<{ id: number }>(server.url, '/api/trail/apply', { body, headers: { 'ba-user-token': m.token }, lang });
const applications = (m: Member) => api<{ list: MemberApplication[]; total: number }>(server.url, '/api/trail/applications', { headers: { 'ba-user-token': m.token }, lang: 'en' });

test('the form options list the published canal sections with their cities, in the caller\'s language', async (t) => {
  const zh = await api<TrailOptions>(server.url, '/api/trail/options');
  const en = await api<TrailOptions>(server.url, '/api/trail/options', { lang: 'en' });
  t.is(zh.body.code, 1);
  t.true(zh.body.data.canals.length >= 8);
  const tonghui = await server.app.knex('canal').where({ name: '通惠河' }).first<{ id: number }>('id');
  t.is(zh.body.data.canals.find((c) => c.id === tonghui.id)?.name, '通惠河');
  t.is(en.body.data.canals.find((c) => c.id === tonghui.id)?.name, 'Tonghui River');
  const cityIds = new Set(en.body.data.canals.flatMap((c) => c.cities.map((x) => x.id)));
  const published = await server.app.knex('canal_city').where({ status: '1' }).count<{ n: number }[]>('id as n');
  t.is(cityIds.size, Number(published[0]!.n));
});

test('a guest is asked to log in (303); a member without the rule gets 401', async (t) => {
  for (const [method, path] of [['POST', '/api/trail/apply'], ['GET', '/api/trail/applications']] as const) {
    const guest = await api(server.url, path, { method, ...(method === 'POST' ? { body: {} } : {}) });
    t.is(guest.body.code, 303, path);
    t.deepEqual(guest.body.data, { type: 'need login' });
  }
  const { knex } = server.app;
  const [g] = await knex('user_group').insert({ name: 'no-trails', rules: '', status: '1' }).returning('id');
  const m = await createMember(server, { group_id: (g as { id: number }).id });
  const token = await memberToken(server, m.id);
  t.is((await api(server.url, '/api/trail/applications', { headers: { 'ba-user-token': token } })).body.code, 401);
  const rule = await knex('user_rule').where({ name: 'account/trailApplication' }).first<{ id: number; pid: number; component: string }>();
  const account = await knex('user_rule').where({ name: 'account' }).first<{ id: number }>('id');
  t.is(rule.pid, account.id, 'the member-centre page sits under "My account"');
  t.is(rule.component, '/src/views/frontend/user/account/trailApplication.vue');
  await knex('user_group').where({ id: (g as { id: number }).id }).update({ rules: String(rule.id) });
  t.is((await api(server.url, '/api/trail/applications', { headers: { 'ba-user-token': token } })).body.code, 1, 'granted by the menu rule');
});

test('validation: the shared schema, the canal and city, and photos that must be the member\'s own uploads', async (t) => {
  const m = await member();
  const other = await member();
  const mine = await photo(m);
  const theirs = await photo(other);
  const cases: [Record<string, unknown>, RegExp][] = [
    [{ title_en: '  ' }, /enter the trail's name/],
    [{ canal_id: '' }, /choose the canal section/],
    [{ canal_id: 999999 }, /canal section does not exist/],
    [{ city_id: otherCanal.cities[0]!.id }, /not on that canal section/],
    [{ length_km: '0' }, /above 0 and at most 500/],
    [{ length_km: '501' }, /above 0 and at most 500/],
    [{ length_km: 'far' }, /above 0 and at most 500/],
    [{ duration_min: '1.5' }, /whole minutes/],
    [{ difficulty: 'extreme' }, /choose the difficulty/],
    [{ route_en: 'short' }, /at least 10 characters/],
    [{ route_en: '' }, /describe the route/],
    [{ title_en: 'x'.repeat(201) }, /too long/],
    [{ title: 'x'.repeat(201) }, /too long/],
    [{ photos: [] }, /at least one photo/],
    [{ photos: Array.from({ length: 10 }, (_, i) => `/storage/x/${i}.png`) }, /9 photos at most/],
    [{ photos: ['https://example.com/a.png'] }, /not valid/],
    [{ photos: [mine, theirs] }, /Only photos you uploaded yourself/],
    [{ photos: ['/storage/default/never-uploaded.png'] }, /Only photos you uploaded yourself/],
  ];
  for (const [fields, message] of cases) {
    const res = await apply(m, proposal([mine], fields));
    t.is(res.body.code, 0, JSON.stringify(fields));
    t.regex(res.body.msg, message, JSON.stringify(fields));
  }
  const zh = await apply(m, proposal([mine], { title: '' }), 'zh-cn');
  t.is(zh.body.msg, '请填写步道名称');
  // A Chinese member writes the Chinese texts: the English ones do not stand in for them.
  t.is((await apply(m, proposal([mine], { route: '' }), 'zh-cn')).body.msg, '请填写路线说明');
  t.is(await server.app.knex('trail_application').where({ user_id: m.id }).count<{ n: number }[]>('id as n').then((r) => Number(r[0]!.n)), 0, 'nothing was stored');
});

// Serial, so before the others: an approval in a test beside it drops /trail from the cache between the two
// requests that show it cached (it did on PostgreSQL).
test.serial('apply → approve in one go: a published trail, the page cache dropped, the member told and shown the link', async (t) => {
  const m = await member();
  const photos = [await photo(m), await photo(m), await photo(m)];
  const applied = await apply(m, proposal([...photos, photos[0]!].join(','), { title: '拱宸桥至运河文化广场滨水步道', title_en: 'Gongchen Bridge waterside walk' }));
  t.is(applied.body.code, 1, applied.body.msg);
  t.is(applied.body.msg, 'Your application has been sent; the association will review it');
  const id = applied.body.data.id;
  const stored = await server.app.knex('trail_application').where({ id }).first();
  t.is(stored.status, 'pending');
  t.is(stored.user_id, m.id);
  t.is(stored.photos, photos.join(','), 'a comma list is accepted and repeats dropped');
  t.is(stored.cover, photos[0]);
  t.is(stored.route, '<p>从拱宸桥东堍出发，沿河向南。</p><p>经过桥西历史街区，&lt;b&gt;终点&lt;/b&gt;在运河文化广场。</p>', 'plain text: paragraphs, markup escaped');

  const pending = await applications(m);
  t.is(pending.body.data.total, 1);
  t.like(pending.body.data.list[0], { id, status: 'pending', title: 'Gongchen Bridge waterside walk', trail_id: null, review_time: null });

  // The public list is cached before the approval...
  t.is((await fetch(`${server.url}/trail`)).headers.get('x-page-cache'), 'MISS');
  const cached = await fetch(`${server.url}/trail`);
  t.is(cached.headers.get('x-page-cache'), 'HIT');
  t.false((await cached.text()).includes('拱宸桥至运河文化广场滨水步道'));

  const list = await root<{ list: { id: number; status: string }[]; total: number }>(`/admin/content.TrailApplication/index?quickSearch=${encodeURIComponent('拱宸桥至运河')}&search[0][field]=status&search[0][operator]=eq&search[0][val]=pending`);
  t.deepEqual(list.data.list.map((r) => r.id), [id]);
  const read = await root<{ row: Record<string, unknown> }>(`/admin/content.TrailApplication/edit?id=${id}`);
  t.like(read.data.row, { id, status: 'pending', user: { username: m.username, nickname: m.username }, photos });

  const approved = await root<{ trail_id: number }>('/admin/content.TrailApplication/approve', { body: { id, remark: 'Lovely route' } });
  t.is(approved.code, 1, approved.msg);
  t.is(approved.msg, 'Application approved and trail published');
  const trailId = approved.data.trail_id;
  const trail = await server.app.knex('trail').where({ id: trailId }).first();
  t.like(trail, {
    title: '拱宸桥至运河文化广场滨水步道',
    title_en: 'Gongchen Bridge waterside walk',
    canal_id: canal.id,
    city_id: canal.cities[0]!.id,
    length_km: 4.5,
    duration_min: 90,
    difficulty: 'easy',
    status: '1',
    cover: photos[0],
    gallery: photos.join(','),
    route: stored.route,
    weigh: trailId,
  });
  const after = await server.app.knex('trail_application').where({ id }).first();
  const admin = await server.app.knex('admin').where({ username: 'admin' }).first<{ id: number }>('id');
  t.like(after, { status: 'approved', trail_id: trailId, admin_id: admin.id, remark: 'Lovely route' });
  t.true(Number(after.review_time) > 0);

  // ...and shows the new trail right after it.
  const fresh = await fetch(`${server.url}/trail`);
  t.is(fresh.headers.get('x-page-cache'), 'MISS', 'the trail pages were dropped from the cache');
  t.true((await fresh.text()).includes('拱宸桥至运河文化广场滨水步道'));
  const page = await fetch(`${server.url}/trail/info?id=${trailId}&lang=en`);
  t.is(page.status, 200);
  const html = await page.text();
  t.true(html.includes('Gongchen Bridge waterside walk'));
  t.true(html.includes(photos[2]!), 'the photos are the gallery');

  const messages = await server.app.knex('user_message').where({ user_id: m.id });
  t.is(messages.length, 1);
  // One language per column: each reader gets theirs (issue 17 item 7).
  t.like(messages[0], { title: '步道申报已通过', title_en: 'Trail application approved' });
  t.regex(messages[0].content, new RegExp(`^您申报的步道“拱宸桥至运河文化广场滨水步道”已通过审核并发布：http://127\\.0\\.0\\.1:\\d+/trail/info\\?id=${trailId} 审核意见：Lovely route$`));
  t.regex(messages[0].content_en, /^Your trail "Gongchen Bridge waterside walk" has been approved and published: .*Reviewer's remark: Lovely route$/);

  const mine = await applications(m);
  t.like(mine.body.data.list[0], { id, status: 'approved', trail_id: trailId, remark: 'Lovely route' });
  t.true((mine.body.data.list[0]!.review_time ?? 0) > 0);

  const twice = await root('/admin/content.TrailApplication/approve', { body: { id } });
  t.is(twice.code, 0);
  t.is(twice.msg, 'This application has already been approved');
  t.is((await root('/admin/content.TrailApplication/reject', { body: { id, remark: 'Changed my mind' } })).msg, 'This application has already been approved');
  t.is(await server.app.knex('trail').where({ title: '拱宸桥至运河文化广场滨水步道' }).count<{ n: number }[]>('id as n').then((r) => Number(r[0]!.n)), 1, 'one trail only');
});

test('an English member writes in English: the Chinese texts are optional, and the trail is English, not a fallback', async (t) => {
  const m = await member();
  const english = { title: '', title_en: 'Test walk', summary: '', summary_en: 'A short stroll by the water.', route: '', route_en: 'Start at the lock and follow the towpath north.' };
  const applied = await apply(m, proposal([await photo(m)], english));
  t.is(applied.body.code, 1, applied.body.msg);
  const id = applied.body.data.id;
  // The Chinese columns are always filled: where the member gave no Chinese, their English stands there.
  t.like(await server.app.knex('trail_application').where({ id }).first(), {
    title: 'Test walk',
    title_en: 'Test walk',
    summary: 'A short stroll by the water.',
    summary_en: 'A short stroll by the water.',
    route: '<p>Start at the lock and follow the towpath north.</p>',
    route_en: '<p>Start at the lock and follow the towpath north.</p>',
  });
  t.is((await applications(m)).body.data.list[0]!.title, 'Test walk');
  const list = await root<{ list: Record<string, unknown>[] }>(`/admin/content.TrailApplication/index?quickSearch=${encodeURIComponent('Test walk')}`);
  t.like(list.data.list[0], { id, title: 'Test walk', title_en: 'Test walk' });

  const approved = await root<{ trail_id: number }>('/admin/content.TrailApplication/approve', { body: { id } });
  t.is(approved.code, 1, approved.msg);
  const html = await (await fetch(`${server.url}/trail/info?id=${approved.data.trail_id}&lang=en`)).text();
  t.true(html.includes('Test walk'));
  t.false(html.includes('fallback-mark'), 'not badged "Shown in Chinese"');

  // A Chinese version, when given, is kept as written.
  const both = await apply(m, proposal([await photo(m)], { ...english, title: '测试步道' }));
  t.like(await server.app.knex('trail_application').where({ id: both.body.data.id }).first(), { title: '测试步道', title_en: 'Test walk' });
});

test('reject needs a remark, tells the member why, and a rejected application cannot be approved', async (t) => {
  const m = await member();
  const applied = await apply(m, proposal([await photo(m)], { title: '宿迁皂河段骑行线', title_en: '', city_id: '' }), 'zh-cn');
  t.is(applied.body.code, 1, applied.body.msg);
  const id = applied.body.data.id;
  t.is((await server.app.knex('trail_application').where({ id }).first()).city_id, null);

  const blank = await root('/admin/content.TrailApplication/reject', { body: { id, remark: '  ' } });
  t.is(blank.msg, 'Please say in the remark why it is rejected');
  const rejected = await root('/admin/content.TrailApplication/reject', { body: { id, remark: '照片与路线不符，请补充沿途照片' } });
  t.is(rejected.code, 1, rejected.msg);
  t.like(await server.app.knex('trail_application').where({ id }).first(), { status: 'rejected', remark: '照片与路线不符，请补充沿途照片', trail_id: null });

  const messages = await server.app.knex('user_message').where({ user_id: m.id });
  t.like(messages[0], { title: '步道申报未通过', title_en: 'Trail application not approved' });
  t.regex(messages[0].content, /您申报的步道“宿迁皂河段骑行线”未通过审核。审核意见：照片与路线不符/);
  t.regex(messages[0].content_en, /your trail "宿迁皂河段骑行线" was not approved\. Reviewer's remark: 照片与路线不符/, 'English falls back to the Chinese title');

  const list = await applications(m);
  t.like(list.body.data.list[0], { id, status: 'rejected', remark: '照片与路线不符，请补充沿途照片', trail_id: null });

  const approve = await root('/admin/content.TrailApplication/approve', { body: { id } });
  t.is(approve.code, 0);
  t.is(approve.msg, 'This application has already been rejected');
  t.is((await root('/admin/content.TrailApplication/approve', { body: { id: 999999 } })).msg, 'Record not found');
  t.is(await server.app.knex('trail').where({ title: '宿迁皂河段骑行线' }).count<{ n: number }[]>('id as n').then((r) => Number(r[0]!.n)), 0);
});

test('a rejected application is changed and sent again: the same application, its photos kept, back in the queue', async (t) => {
  const m = await member();
  const other = await member();
  const photos = [await photo(m), await photo(m)];
  const id = (await apply(m, proposal(photos), 'zh-cn')).body.data.id;
  const draft = (path: string, who: Member) => api<Record<string, unknown>>(server.url, path, { headers: { 'ba-user-token': who.token }, lang: 'en' });
  t.regex((await draft(`/api/trail/application?id=${id}`, m)).body.msg, /not approved can be changed/, 'a pending one is not changed');
  t.is((await root('/admin/content.TrailApplication/reject', { body: { id, remark: '请补充沿途照片' } })).code, 1);

  const read = await draft(`/api/trail/application?id=${id}`, m);
  t.is(read.body.code, 1, read.body.msg);
  t.like(read.body.data, {
    id,
    title: '京杭运河滨水步道',
    canal_id: String(canal.id),
    length_km: '4.5',
    duration_min: '90',
    difficulty: 'easy',
    route: '从拱宸桥东堍出发，沿河向南。\n\n经过桥西历史街区，<b>终点</b>在运河文化广场。',
    photos,
    remark: '请补充沿途照片',
  });
  t.is((await draft(`/api/trail/application?id=${id}`, other)).body.msg, 'Record not found', 'another member\'s application is not theirs to read');
  t.is((await apply(other, proposal([await photo(other)], { id }))).body.msg, 'Record not found', 'nor to send again');

  const more = await photo(m);
  const again = await apply(m, proposal([...photos, more], { id, title: '京杭运河滨水步道（补充照片）' }), 'zh-cn');
  t.is(again.body.code, 1, again.body.msg);
  t.is(again.body.data.id, id, 'the same application');
  t.like(await server.app.knex('trail_application').where({ id }).first(), { status: 'pending', remark: '', admin_id: null, review_time: null, title: '京杭运河滨水步道（补充照片）', photos: [...photos, more].join(',') });
  t.is(await server.app.knex('trail_application').where({ user_id: m.id }).count<{ n: number }[]>('id as n').then((r) => Number(r[0]!.n)), 1, 'no second application');
  t.regex((await apply(m, proposal(photos, { id }), 'en')).body.msg, /not approved can be changed/, 'sent once only');
  t.is((await apply(m, proposal(photos, { id: 'x' }))).body.code, 0);
});

test('a member lists only their own applications, newest first and paged', async (t) => {
  const m = await member();
  const other = await member();
  const pic = await photo(m);
  for (const title of ['第一条步道', '第二条步道', '第三条步道']) t.is((await apply(m, proposal([pic], { title, title_en: '' }), 'zh-cn')).body.code, 1);
  t.is((await apply(other, proposal([await photo(other)]))).body.code, 1);
  const first = await api<{ list: MemberApplication[]; total: number }>(server.url, '/api/trail/applications?limit=2', { headers: { 'ba-user-token': m.token } });
  t.is(first.body.data.total, 3);
  t.deepEqual(first.body.data.list.map((r) => r.title), ['第三条步道', '第二条步道']);
  const second = await api<{ list: MemberApplication[] }>(server.url, '/api/trail/applications?limit=2&page=2', { headers: { 'ba-user-token': m.token } });
  t.deepEqual(second.body.data.list.map((r) => r.title), ['第一条步道']);
  t.is(second.body.data.list[0]!.canal, canal.name, 'the section is named in the caller\'s language');

  // Five waiting applications are the limit.
  t.is((await apply(m, proposal([pic]))).body.code, 1);
  t.is((await apply(m, proposal([pic]))).body.code, 1);
  const sixth = await apply(m, proposal([pic]));
  t.is(sixth.body.code, 0);
  t.regex(sixth.body.msg, /already have 5 applications waiting/);
});

test('reviewing needs the approve / reject rules: an admin with only list and view rights gets 401', async (t) => {
  const { knex } = server.app;
  const menu = await knex('admin_rule').where({ name: 'content/trailApplication' }).first<{ id: number }>('id');
  const buttons = await knex('admin_rule').where({ pid: menu.id }).orderBy('name').pluck('name');
  t.true(buttons.includes('content/trailApplication/approve') && buttons.includes('content/trailApplication/reject'), 'seeded under the menu rule');

  const m = await member();
  const id = (await apply(m, proposal([await photo(m)]))).body.data.id;
  const viewer = await createAdmin(server, [await createGroup(server, await ruleIds(server, ['content', 'content/trailApplication', 'content/trailApplication/index', 'content/trailApplication/edit']))]);
  const asViewer = asAdmin(server, viewer.token);
  t.is((await asViewer(`/admin/content.TrailApplication/edit?id=${id}`)).code, 1);
  t.is((await asViewer('/admin/content.TrailApplication/index')).code, 1);
  for (const action of ['approve', 'reject']) {
    const res = await api(server.url, `/admin/content.TrailApplication/${action}`, { body: { id, remark: 'x' }, headers: { batoken: viewer.token } });
    t.is(res.status, 200);
    t.is(res.body.code, 401, action);
  }
  t.is((await knex('trail_application').where({ id }).first()).status, 'pending');

  const reviewer = await createAdmin(server, [await createGroup(server, await ruleIds(server, ['content/trailApplication/reject']))]);
  const res = await asAdmin(server, reviewer.token)('/admin/content.TrailApplication/reject', { body: { id, remark: 'Duplicate of an existing trail' } });
  t.is(res.code, 1, 'the reject rule alone is enough to reject');
  t.is((await knex('trail_application').where({ id }).first()).admin_id, reviewer.id);
});
