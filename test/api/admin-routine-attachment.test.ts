import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { api, startServer, type TestServer } from '../helpers/server.ts';
import { createMember, memberToken } from '../helpers/accounts.ts';
import type { UploadedFile } from '../../src/shared/upload.ts';
import { png } from '../helpers/images.ts';

// routine/attachment with real uploads: the list joins the uploaders (display columns only), edit writes
// only name and topic, delete removes the files and the folders they leave empty.

let server: TestServer;
let token = '';
let adminId = 0;

test.before(async () => {
  server = await startServer();
  const admin = await server.app.knex('admin').where({ username: 'admin' }).first<{ id: number }>();
  adminId = admin.id;
  token = await server.app.services.tokens.issue('admin', adminId);
});
test.after.always(async () => {
  await server?.stop();
});

const call = <T = unknown>(p: string, init: { method?: string; body?: unknown; lang?: string } = {}) =>
  api<T>(server.url, p, { lang: 'en', ...init, headers: { batoken: token } });

async function upload(pathname: string, headers: Record<string, string>, bytes: Buffer, name: string, topic: string): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name);
  form.append('topic', topic);
  const res = await fetch(server.url + pathname, { method: 'POST', body: form, headers: { server: 'true', ...headers } });
  const body = (await res.json()) as { code: number; msg: string; data: { file: UploadedFile } };
  if (body.code !== 1) throw new Error(body.msg);
  return body.data.file;
}

interface ListRow extends Record<string, unknown> {
  id: number;
  name: string;
  suffix: string;
  full_url: string;
  admin: { id: number; username: string; nickname: string } | null;
  user: { id: number; username: string; nickname: string } | null;
}

test.serial('index: newest upload first, uploaders joined with display columns only, suffix and full_url', async (t) => {
  const member = await createMember(server);
  const mine = await upload('/admin/ajax/upload', { batoken: token }, png([200, 10, 10]), 'river map.png', 'maps');
  await new Promise((r) => setTimeout(r, 1100));
  const theirs = await upload('/api/ajax/upload', { 'ba-user-token': await memberToken(server, member.id) }, png([10, 200, 10]), 'bridge.png', 'photos');
  const res = await call<{ list: ListRow[]; total: number; remark: string }>('/admin/routine.Attachment/index');
  t.is(res.body.code, 1, res.body.msg);
  const { list, total, remark } = res.body.data;
  t.is(total, 2);
  t.deepEqual(list.map((r) => r.id), [theirs.id, mine.id], 'ordered by last upload time, newest first');
  const [m, a] = [list[0]!, list[1]!];
  t.deepEqual(a.admin, { id: adminId, username: 'admin', nickname: 'Admin' });
  t.is(a.user, null);
  t.deepEqual(m.user, { id: member.id, username: member.username, nickname: member.username });
  t.is(a.suffix, 'png');
  t.is(a.full_url, `//${new URL(server.url).host}${mine.url}`);
  t.regex(remark, /stored once/);
  const raw = JSON.stringify(res.body);
  t.false(/"password"|"salt"/.test(raw), 'no account secrets in the list');

  const quick = await call<{ list: ListRow[] }>('/admin/routine.Attachment/index?quickSearch=bridge');
  t.deepEqual(quick.body.data.list.map((r) => r.id), [theirs.id]);
});

test.serial('edit changes only name and topic, whatever else is posted (reference ⚠ 7)', async (t) => {
  const row = await server.app.knex('attachment').where({ name: 'river map.png' }).first<Record<string, unknown>>();
  const res = await call('/admin/routine.Attachment/edit', {
    body: { id: row.id, name: 'Grand Canal map.png', topic: 'atlas', url: '/storage/evil.php', admin_id: 999, user_id: 5, size: 1, sha1: 'x', quote: 77, storage: 'elsewhere' },
  });
  t.is(res.body.code, 1, res.body.msg);
  const after = await server.app.knex('attachment').where({ id: row.id }).first<Record<string, unknown>>();
  t.deepEqual(after, { ...row, name: 'Grand Canal map.png', topic: 'atlas' });
  const bad = await call('/admin/routine.Attachment/edit', { body: { id: row.id, topic: '../up' } });
  t.is(bad.body.msg, 'Topic format error');
  const read = await call<{ row: ListRow }>(`/admin/routine.Attachment/edit?id=${String(row.id)}`);
  t.is(read.body.data.row.name, 'Grand Canal map.png');
  t.is(read.body.data.row.suffix, 'png');
});

test.serial('del removes the rows, their files and the folders left empty', async (t) => {
  const knex = server.app.knex;
  const rows = await knex('attachment').select<{ id: number; url: string }[]>('id', 'url');
  const files = rows.map((r) => path.join(server.dataDir, r.url));
  for (const f of files) t.true(fs.existsSync(f));
  const res = await call(`/admin/routine.Attachment/del?${rows.map((r) => `ids[]=${r.id}`).join('&')}`, { method: 'DELETE' });
  t.is(res.body.code, 1, res.body.msg);
  t.is(res.body.msg, '2 records and files have been deleted');
  t.is((await knex('attachment').count({ n: '*' }))[0]!.n, 0);
  for (const f of files) {
    t.false(fs.existsSync(f), f);
    t.false(fs.existsSync(path.dirname(f)), 'the empty date folder is gone');
    t.false(fs.existsSync(path.dirname(path.dirname(f))), 'and the empty topic folder');
  }
  t.true(fs.existsSync(path.join(server.dataDir, 'storage')), 'the storage root stays');
  const again = await call(`/admin/routine.Attachment/del?ids[]=${rows[0]!.id}`, { method: 'DELETE' });
  t.is(again.body.code, 0);
  t.is(again.body.msg, 'No rows were deleted');
});

test.serial('a file another row still points at is kept', async (t) => {
  const knex = server.app.knex;
  const file = await upload('/admin/ajax/upload', { batoken: token }, png([1, 2, 3]), 'shared.png', 'default');
  const { id: _id, suffix: _s, full_url: _f, ...row } = file;
  const [copy] = await knex('attachment').insert({ ...row, quote: 1, create_time: row.last_upload_time }).returning('id');
  const res = await call(`/admin/routine.Attachment/del?ids[]=${file.id}`, { method: 'DELETE' });
  t.is(res.body.code, 1);
  t.true(fs.existsSync(path.join(server.dataDir, file.url)));
  await call(`/admin/routine.Attachment/del?ids[]=${(copy as { id: number }).id}`, { method: 'DELETE' });
  t.false(fs.existsSync(path.join(server.dataDir, file.url)));
});
