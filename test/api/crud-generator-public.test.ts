import test from 'ava';
import { superAdminSuite } from '../helpers/adminSuite.ts';
import { createMember, memberToken } from '../helpers/accounts.ts';
import { superToken } from '../helpers/admins.ts';
import { design, designField, type DesignOptions } from '../helpers/crudDesign.ts';
import { api } from '../helpers/server.ts';
import type { SignupAnswer, SignupStatus } from '../../src/shared/activity.ts';
import type { SearchAnswer } from '../../src/shared/search.ts';
import type { DesignFieldInput } from '../../src/resources/generator/design.ts';

// The CRUD generator declares a table's public rows, its site search and its sign-ups (issue 27: "a table made
// with the CRUD generator can take part too"): a generated workshop table takes a member's sign-up with its fee
// charged through the ledger and is found by the site search; designs that cannot have them are refused with
// what they lack, and nothing is made. Runs on SQLite and PostgreSQL (TEST_DB=postgres).

const suite = superAdminSuite();
const { call } = suite;
const post = (path: string, body: unknown) => call(path, { method: 'POST', body });

const f = designField;
const WORKSHOP: DesignFieldInput[] = [
  f('id', 'pk', { null: false }),
  f('title', 'string', { comment: '名称', commentEn: 'Name', length: 100, null: false, form: { validator: ['required'] } }),
  f('intro', 'textarea'),
  f('start_time', 'timestamp'),
  f('capacity', 'number', { defaultType: 'INPUT', default: 0 }),
  f('fee', 'float', { length: 10, precision: 2, defaultType: 'INPUT', default: 0 }),
  f('signup_end', 'timestamp'),
  f('status', 'switch', { defaultType: 'INPUT', default: 1, null: false }),
  f('create_time', 'timestamp'),
  f('update_time', 'timestamp'),
];
const PUBLIC = {
  publish: { status: 'status' },
  siteSearch: { title: 'title', body: ['intro'], time: 'start_time', url: '/workshops?id={id}' },
  signup: { title: 'title', start: 'start_time' },
};
const workshop = (table: string, fields = WORKSHOP, settings: Record<string, unknown> = PUBLIC, o: DesignOptions = {}) =>
  design(table, fields, { comment: '工作坊', commentEn: 'Workshops', ...o, table: settings });

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);

test.serial('a generated table declaring sign-ups and search: a member signs up for a row, paying its fee, and visitors find it', async (t) => {
  const { knex } = suite.server.app;
  const made = await post('/admin/crud.Crud/generate', workshop('club_workshop'));
  t.is(made.code, 1, made.msg);
  const stored = JSON.parse((await knex('crud_resource').where({ name: 'club/workshop' }).first<{ definition: string }>('definition')).definition) as Record<string, unknown>;
  t.like(stored, { publish: { status: 'status' }, signup: { title: 'title', start: 'start_time' }, search: PUBLIC.siteSearch });
  t.true((stored.fields as { name: string; cents?: boolean }[]).find((field) => field.name === 'fee')!.cents, 'the fee is money, kept in cents');

  const added = await post('/admin/club.Workshop/add', { title: '陶艺工作坊 Pottery', intro: '在运河边学做陶器', start_time: now() + 10 * DAY, capacity: 2, fee: '12.50', signup_end: now() + 9 * DAY, status: 1 });
  t.is(added.code, 1, added.msg);
  const row = await knex('club_workshop').where({ title: '陶艺工作坊 Pottery' }).first<{ id: number; fee: number }>('id', 'fee');
  t.is(Number(row.fee), 1250, 'entered in yuan, stored in cents');

  const m = await createMember(suite.server);
  await knex('user').where({ id: m.id }).update({ money: 5000 });
  const headers = { 'ba-user-token': await memberToken(suite.server, m.id) };
  const signed = await api<SignupAnswer>(suite.server.url, '/api/activity/signup', { body: { id: row.id, resource: 'club/workshop' }, headers, lang: 'en' });
  t.is(signed.body.code, 1, signed.body.msg);
  t.is(signed.body.data.status, 'confirmed');
  t.is(Number((await knex('user').where({ id: m.id }).first<{ money: number }>('money')).money), 3750, 'the fee is charged once');
  const line = await knex('user_money_log').where({ user_id: m.id }).first<{ money: number; memo_en: string }>('money', 'memo_en');
  t.is(Number(line.money), -1250);
  t.regex(line.memo_en, /陶艺工作坊 Pottery/, 'the ledger names the row');
  const live = await api<SignupStatus>(suite.server.url, `/api/activity/status?id=${row.id}&resource=club/workshop`, { headers, lang: 'en' });
  t.like(live.body.data, { capacity: 2, taken: 1, left: 1, fee: '12.50', mine: { status: 'confirmed' } });

  const found = await api<SearchAnswer>(suite.server.url, `/api/search?q=${encodeURIComponent('陶艺 运河')}`, { lang: 'en' });
  t.deepEqual(
    found.body.data.list.map((r) => [r.type, r.typeName, r.title, r.url]),
    [['club/workshop', 'Workshops', '陶艺工作坊 Pottery', `/workshops?id=${row.id}&lang=en`]],
  );
  t.is((await post('/admin/club.Workshop/edit', { id: row.id, title: '陶艺工作坊 Pottery', status: 0 })).code, 1);
  t.deepEqual((await api<SearchAnswer>(suite.server.url, `/api/search?q=${encodeURIComponent('陶艺')}`, { lang: 'en' })).body.data.list, [], 'unpublished, no longer found');
  const closed = await api<SignupAnswer>(suite.server.url, '/api/activity/signup', { body: { id: row.id, resource: 'club/workshop' }, headers: { 'ba-user-token': await memberToken(suite.server, (await createMember(suite.server)).id) }, lang: 'en' });
  t.is(closed.body.code, 0, 'and no one signs up for it');
});

test('a design that cannot take sign-ups or be searched is refused with what it lacks, and nothing is made', async (t) => {
  const { knex } = suite.server.app;
  const without = (name: string) => WORKSHOP.filter((field) => field.name !== name);
  const cases: [string, ReturnType<typeof workshop>, string][] = [
    ['no publish rule', workshop('club_nopub', WORKSHOP, { signup: PUBLIC.signup }), 'Members sign up for public rows only: choose the switch that publishes a row first'],
    ['no capacity', workshop('club_nocap', without('capacity')), 'Sign-ups need the fields capacity (number), fee (float) and signup_end (date and time); signup_start and cancel_end, when the table has them, are dates and times too'],
    [
      'a snowflake key',
      workshop('club_snow', [f('id', 'spk', { null: false }), ...WORKSHOP.slice(1)], { publish: PUBLIC.publish, signup: PUBLIC.signup }),
      'Sign-ups need an auto-increment key: a snowflake key does not fit a sign-up',
    ],
    ['a title that is not text', workshop('club_badtitle', WORKSHOP, { ...PUBLIC, signup: { title: 'capacity', start: 'start_time' } }), 'Sign-ups name a row by a text field: capacity is not one'],
    ['a page without {id}', workshop('club_nourl', WORKSHOP, { ...PUBLIC, siteSearch: { ...PUBLIC.siteSearch, url: '/workshops' } }), 'The address of a row’s public page must start with / or http(s):// and hold {id} where the row’s key goes (found: /workshops)'],
    ['a publish field that is not a switch', workshop('club_badpub', WORKSHOP, { ...PUBLIC, publish: { status: 'title' } }), 'The public sees a row while a switch is on: title is not a switch field'],
  ];
  for (const [what, payload, msg] of cases) {
    const res = await post('/admin/crud.Crud/generate', payload);
    t.is(res.code, 0, what);
    t.is(res.msg, msg, what);
    t.false(await knex.schema.hasTable(payload.table.name), `${what}: no table`);
  }
  const zh = await api(suite.server.url, '/admin/crud.Crud/generate', { body: cases[0]![1], headers: { batoken: await superToken(suite.server) }, lang: 'zh-cn' });
  t.is(zh.body.msg, '会员只能报名公开的行：请先选择发布行的开关');
});
