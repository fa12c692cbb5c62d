import test from 'ava';
import { startServer, type TestServer } from '../helpers/server.ts';
import { asAdmin, createAdmin, createGroup, ruleIds, superToken, type AdminCall } from '../helpers/admins.ts';
import { probeExtension } from '../fixtures/probe/index.ts';
import { design, designField } from '../helpers/crudDesign.ts';
import type { RevisionList } from '../../src/shared/revisions.ts';

// Revisions (issue 28, item 2): every save of a resource that declares them keeps the version it replaced,
// listed with who, when and what changed; a restore puts one back with the checks of an edit, is itself a
// revision and is logged; retention is the site's setting or the definition's; secrets are never kept.

let server: TestServer;
let admin: AdminCall;
test.before(async () => {
  server = await startServer({ RATE_LIMIT_FACTOR: '0' }, probeExtension);
  admin = asAdmin(server, await superToken(server));
});
test.after.always(async () => {
  await server?.stop();
});

async function newsId(): Promise<number> {
  const category = await server.app.knex('news_category').orderBy('id').first<{ id: number }>('id');
  const title = `有历史的新闻${Date.now()}${Math.random()}`;
  const added = await admin('/admin/content.News/add', { body: { category_id: category.id, title, content: '<p>第一版正文</p>', status: '1', publish_time: '2026-01-01 08:00:00' } });
  if (added.code !== 1) throw new Error(added.msg);
  return Number((await server.app.knex('news').where({ title }).first<{ id: number }>('id')).id);
}

test.serial('each save keeps the version it replaced; a restore puts one back, is a revision itself and is logged', async (t) => {
  const id = await newsId();
  const none = await admin<RevisionList>(`/admin/content.News/revisions?id=${id}`);
  t.is(none.code, 1, none.msg);
  t.deepEqual(none.data.list, [], 'adding keeps nothing: there was no earlier version');
  const original = await server.app.knex('news').where({ id }).first<{ title: string; content: string }>('title', 'content');

  t.is((await admin('/admin/content.News/edit', { body: { id, content: '<p>第二版正文</p>' } })).code, 1);
  t.is((await admin('/admin/content.News/edit', { body: { id, title: '改过的标题', title_en: 'A changed title' } })).code, 1);
  // A save that changes nothing the form writes keeps nothing.
  t.is((await admin('/admin/content.News/edit', { body: { id, title: '改过的标题' } })).code, 1);
  const listed = await admin<RevisionList>(`/admin/content.News/revisions?id=${id}`);
  t.is(listed.code, 1);
  const [newest, older] = listed.data.list;
  t.is(listed.data.list.length, 2);
  t.deepEqual(newest!.fields.sort(), ['title', 'title_en']);
  t.is(newest!.data.title, original.title, 'the version before the title changed');
  t.is(newest!.data.content, '<p>第二版正文</p>');
  t.deepEqual(older!.fields, ['content']);
  t.is(older!.data.content, '<p>第一版正文</p>');
  t.is(newest!.username, 'admin');
  t.is(newest!.action, 'edit');
  t.true(Math.abs(newest!.time - Date.now() / 1000) < 60);
  t.is(listed.data.current.title, '改过的标题');
  t.false('id' in newest!.data || 'create_time' in newest!.data || 'update_time' in newest!.data, 'only what the form writes');

  const restored = await admin('/admin/content.News/restoreRevision', { body: { id, revision_id: older!.id } });
  t.is(restored.code, 1, restored.msg);
  t.is(restored.msg, 'The earlier version is back');
  const row = await server.app.knex('news').where({ id }).first<{ title: string; content: string; title_en: string }>('title', 'content', 'title_en');
  t.deepEqual(row, { title: original.title, content: '<p>第一版正文</p>', title_en: '' }, 'every revised column as that version had it');
  const after = await admin<RevisionList>(`/admin/content.News/revisions?id=${id}`);
  t.is(after.data.list.length, 3);
  t.is(after.data.list[0]!.action, 'restore');
  t.deepEqual(after.data.list[0]!.fields.sort(), ['content', 'title', 'title_en']);
  t.is(after.data.list[0]!.data.title, '改过的标题', 'the replaced version can be put back in turn');
  const log = await server.app.knex('admin_log').where('url', 'like', '%restoreRevision%').orderBy('id', 'desc').first<{ title: string; title_en: string; data: string }>('title', 'title_en', 'data');
  t.is(log.title_en, 'Restore revision');
  t.is(log.title, '恢复历史版本');
  t.regex(log.data, new RegExp(`"revision_id":${older!.id}`));
  t.is((await fetch(`${server.url}/news/info?id=${id}`).then((r) => r.text())).includes('第一版正文'), true, 'the public page shows the restored version');
});

test.serial('a revision of another row, an unknown one or bad input changes nothing', async (t) => {
  const a = await newsId();
  const b = await newsId();
  t.is((await admin('/admin/content.News/edit', { body: { id: a, title: '甲改' } })).code, 1);
  const revision = (await admin<RevisionList>(`/admin/content.News/revisions?id=${a}`)).data.list[0]!;
  const before = await server.app.knex('news').where({ id: b }).first('title');
  for (const body of [{ id: b, revision_id: revision.id }, { id: a, revision_id: 99999999 }, { id: a, revision_id: 'x' }, { id: a }, { revision_id: revision.id }, { id: a, revision_id: -1 }]) {
    const answer = await admin('/admin/content.News/restoreRevision', { body });
    t.is(answer.code, 0, JSON.stringify(body));
  }
  t.deepEqual(await server.app.knex('news').where({ id: b }).first('title'), before);
  const refused = await admin('/admin/content.News/restoreRevision', { body: { id: b, revision_id: revision.id } });
  t.is(refused.msg, 'That version of this item is no longer kept');
  t.not((await admin('/admin/content.News/revisions?id=99999999')).code, 1);
  t.false(server.app.registry.all().some((r) => r.path === '/admin/auth.Admin/revisions'), 'only resources that declare revisions');
});

test.serial('retention: the site setting, 0 keeping all', async (t) => {
  const id = await newsId();
  t.is((await admin('/admin/routine.Config/edit', { body: { revision_keep: '3' } })).code, 1);
  for (let i = 1; i <= 6; i++) t.is((await admin('/admin/content.News/edit', { body: { id, title: `第${i}次` } })).code, 1);
  const kept = (await admin<RevisionList>(`/admin/content.News/revisions?id=${id}`)).data.list;
  t.deepEqual(kept.map((r) => r.data.title), ['第5次', '第4次', '第3次'], 'the newest three');
  t.is((await admin('/admin/routine.Config/edit', { body: { revision_keep: '0' } })).code, 1);
  for (let i = 7; i <= 9; i++) t.is((await admin('/admin/content.News/edit', { body: { id, title: `第${i}次` } })).code, 1);
  t.is((await admin<RevisionList>(`/admin/content.News/revisions?id=${id}`)).data.list.length, 6);
  t.is((await admin('/admin/routine.Config/edit', { body: { revision_keep: '50' } })).code, 1);
});

test.serial('revisions obey the rule, scope and rank of an edit, and never keep a secret or hidden value', async (t) => {
  const id = await newsId();
  t.is((await admin('/admin/content.News/edit', { body: { id, title: '权限测试' } })).code, 1);
  const reader = await createAdmin(server, [await createGroup(server, await ruleIds(server, ['content', 'content/news', 'content/news/index']))]);
  const asReader = asAdmin(server, reader.token);
  t.is((await asReader(`/admin/content.News/revisions?id=${id}`)).code, 401);
  const revision = (await admin<RevisionList>(`/admin/content.News/revisions?id=${id}`)).data.list[0]!;
  t.is((await asReader('/admin/content.News/restoreRevision', { body: { id, revision_id: revision.id } })).code, 401);
  t.is((await server.app.knex('news').where({ id }).first<{ title: string }>('title')).title, '权限测试');

  // The probe keeps a secret key and a hidden note beside its fields: neither is ever in a revision.
  t.is((await admin('/admin/content.Probe/add', { body: { title: 'probe' } })).code, 1);
  const probe = await server.app.knex('test_probe').orderBy('id', 'desc').first<{ id: number; api_key: string }>('id', 'api_key');
  t.is((await admin('/admin/content.Probe/edit', { body: { id: probe.id, title: 'probe 2' } })).code, 1);
  const kept = await server.app.knex('revision').where({ resource: 'content/probe', row_id: String(probe.id) }).select<{ data: string; fields: string }[]>('data', 'fields');
  t.is(kept.length, 1);
  t.false(kept[0]!.data.includes(probe.api_key) || kept[0]!.data.includes('probe-hidden-note') || /api_key|internal_note/.test(kept[0]!.data));
  t.deepEqual(JSON.parse(kept[0]!.data), { title: 'probe', status: '1' }, 'the form\'s columns but the drag order');
  const answer = await admin(`/admin/content.Probe/revisions?id=${probe.id}`);
  t.false(JSON.stringify(answer).includes(probe.api_key));
});

test.serial('a generated table keeps revisions by choice, without its password hashes', async (t) => {
  const body = design('history_probe', [designField('id', 'pk', { null: false }), designField('label', 'string'), designField('pin', 'password')]);
  const generated = await admin('/admin/crud.Crud/generate', { body: { ...body, table: { ...body.table, revisions: true } } });
  t.is(generated.code, 1, generated.msg);
  t.true(server.app.services.resources.find('history/probe')?.revisions === true);
  t.is((await admin('/admin/history.Probe/add', { body: { label: 'first', pin: 'pin-123456' } })).code, 1);
  const { id, pin } = await server.app.knex('history_probe').first<{ id: number; pin: string }>('id', 'pin');
  t.is((await admin('/admin/history.Probe/edit', { body: { id, label: 'second', pin: 'pin-654321' } })).code, 1);
  const listed = await admin<RevisionList>(`/admin/history.Probe/revisions?id=${id}`);
  t.is(listed.code, 1, listed.msg);
  t.deepEqual(listed.data.list.map((r) => r.data), [{ label: 'first' }]);
  t.false(JSON.stringify(await server.app.knex('revision').where({ resource: 'history/probe' }).select('data', 'fields')).includes(pin.slice(0, 20)));
  // Without the choice, none.
  t.is((await admin('/admin/crud.Crud/generate', { body: design('plain_probe', [designField('id', 'pk', { null: false }), designField('label', 'string')]) })).code, 1);
  t.false(server.app.registry.all().some((r) => r.path === '/admin/plain.Probe/revisions'));
});
