import test from 'ava';
import { createHash } from 'node:crypto';
import { api, onPostgres, startServer, type TestServer } from '../helpers/server.ts';
import { createMember, memberToken } from '../helpers/accounts.ts';
import { superToken } from '../helpers/admins.ts';
import { png } from '../helpers/images.ts';
import { BUCKET, startBucket, type TestBucket } from '../helpers/s3.ts';
import type { DirectUploadTicket, UploadedFile } from '../../src/shared/upload.ts';

let bucket: TestBucket;
let server: TestServer;
let adminToken = '';
let memberHeaders: Record<string, string> = {};
const asAdmin = () => ({ batoken: adminToken });

test.before(async () => {
  bucket = await startBucket();
  server = await startServer(bucket.env);
  adminToken = await superToken(server);
  const { id } = await createMember(server);
  memberHeaders = { 'ba-user-token': await memberToken(server, id) };
});
test.after.always(async () => {
  await server?.stop();
  await bucket?.stop();
});

const sha1 = (bytes: Uint8Array) => createHash('sha1').update(bytes).digest('hex');

interface Described {
  name: string;
  size: number;
  type: string;
  sha1: string;
  topic?: string;
}

function describe(bytes: Uint8Array, name: string, type = 'image/png'): Described {
  return { name, size: bytes.length, type, sha1: sha1(bytes) };
}

async function attachments(): Promise<number> {
  const [{ n }] = await server.app.knex('attachment').count({ n: '*' });
  return Number(n);
}

/** Sends the file to the bucket the way the uploader does: the ticket's fields first, the file last. */
async function sendToBucket(ticket: DirectUploadTicket, bytes: Uint8Array, type: string): Promise<number> {
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'upload');
  const res = await fetch(ticket.url, { method: 'POST', body: form });
  await res.arrayBuffer();
  return res.status;
}

/** Steps 1 and 2 of a direct upload; the callback's answer. */
async function directUpload(side: 'admin' | 'api', bytes: Uint8Array, described: Described, headers: Record<string, string>, lang = 'en') {
  const params = await api<DirectUploadTicket>(server.url, `/${side}/Alioss/params`, { body: described, headers, lang });
  if (params.body.code !== 1) return params;
  if (!params.body.data.stored) {
    const status = await sendToBucket(params.body.data, bytes, described.type);
    if (status >= 300) throw new Error(`the bucket answered ${status}`);
  }
  return api<{ file: UploadedFile }>(server.url, `/${side}/Alioss/callback`, { body: { ...described, url: params.body.data.fileUrl }, headers, lang });
}

async function serverUpload(pathname: string, bytes: Uint8Array, name: string, headers: Record<string, string>) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name);
  const res = await fetch(server.url + pathname, { method: 'POST', body: form, headers: { server: 'true', 'think-lang': 'en', ...headers } });
  return (await res.json()) as { code: number; msg: string; data: { file: UploadedFile } };
}

test.serial('site.upload.mode says s3', async (t) => {
  const { body } = await api<{ site: { upload: { mode: string } } }>(server.url, '/api/index/index');
  t.is(body.data.site.upload.mode, 's3');
});

test.serial('an upload through the portal lands in the bucket, is deduplicated, and /storage/ redirects to a signed URL', async (t) => {
  const bytes = png([200, 10, 10]);
  const first = await serverUpload('/api/ajax/upload', bytes, 'red.png', memberHeaders);
  t.is(first.code, 1, first.msg);
  const { file } = first.data;
  t.is(file.storage, 's3');
  t.is(file.sha1, sha1(bytes));
  t.regex(file.url, /^\/storage\/default\/\d{8}\/red[0-9a-f]{40}\.png$/);
  t.deepEqual(await bucket.head(file.url.slice(1)), { size: bytes.length, type: 'image/png' });

  const again = await serverUpload('/api/ajax/upload', bytes, 'red.png', memberHeaders);
  t.is(again.data.file.id, file.id);
  const row = await server.app.knex('attachment').where({ id: file.id }).first<{ quote: number }>();
  t.is(Number(row.quote), 2);

  const redirect = await fetch(`${server.url}${file.url}`, { redirect: 'manual' });
  t.is(redirect.status, 302);
  const location = redirect.headers.get('location') ?? '';
  t.true(location.startsWith(`${bucket.endpoint}/${BUCKET}/storage/default/`), location);
  t.regex(location, /X-Amz-Signature=/);
  const served = await fetch(location);
  t.deepEqual(Buffer.from(await served.arrayBuffer()), bytes);
  t.is((await fetch(`${server.url}/storage/default/nothing-here.png`, { redirect: 'manual' })).status, 302, 'a missing file is the bucket’s 404');
  const malformed = (await fetch(`${server.url}/storage/%E0%A4%A.png`, { redirect: 'manual' })).status;
  t.true(malformed !== 302 && malformed < 500, `a malformed path is no file (${malformed})`);
});

test.serial('a direct upload by an admin is checked in the bucket and recorded like an upload', async (t) => {
  const bytes = png([10, 200, 10]);
  const answer = await directUpload('admin', bytes, describe(bytes, 'green.png'), asAdmin());
  t.is(answer.body.code, 1, answer.body.msg);
  t.is(answer.body.msg, 'File uploaded');
  const { file } = answer.body.data as { file: UploadedFile };
  for (const field of ['id', 'topic', 'admin_id', 'user_id', 'url', 'width', 'height', 'name', 'size', 'mimetype', 'storage', 'sha1', 'last_upload_time', 'suffix', 'full_url']) {
    t.true(field in file, field);
  }
  t.like(file, { topic: 'default', user_id: 0, name: 'green.png', size: bytes.length, mimetype: 'image/png', storage: 's3', sha1: sha1(bytes), suffix: 'png', width: 1, height: 1 });
  t.true(file.full_url.endsWith(file.url));
  const row = await server.app.knex('attachment').where({ id: file.id }).first<{ admin_id: number; url: string }>();
  t.true(Number(row.admin_id) > 0);
  t.truthy(await bucket.head(row.url.slice(1)));
  const logged = await server.app.knex('admin_log').where({ url: '/admin/Alioss/callback' }).orderBy('id', 'desc').first<{ title: string }>();
  t.truthy(logged, 'the admin log records the callback');
});

test.serial('a member direct upload needs the upload rule; an identical file reuses the earlier row and its object', async (t) => {
  const bytes = png([10, 10, 200]);
  const described = { ...describe(bytes, 'blue.png'), topic: 'avatar' };
  const first = await directUpload('api', bytes, described, memberHeaders);
  t.is(first.body.code, 1, first.body.msg);
  const { file } = first.body.data as { file: UploadedFile };
  t.is(file.topic, 'avatar');
  t.regex(file.url, /^\/storage\/avatar\//);
  t.true(Number(file.user_id) > 0);

  const before = await attachments();
  const repeated = await api<DirectUploadTicket>(server.url, '/api/Alioss/params', { body: described, headers: memberHeaders });
  t.like(repeated.body.data, { stored: true, url: '', fields: {}, fileUrl: file.url }, 'the same file the same day: nothing to send');
  const second = await directUpload('api', bytes, described, memberHeaders);
  t.is((second.body.data as { file: UploadedFile }).file.id, file.id);
  t.is(await attachments(), before);

  const guest = await api(server.url, '/api/Alioss/params', { body: described });
  t.is(guest.body.code, 303);
  const guestCallback = await api(server.url, '/api/Alioss/callback', { body: { ...described, url: file.url } });
  t.is(guestCallback.body.code, 303);
  const rule = await server.app.knex('user_rule').where({ name: 'account/overview' }).first<{ id: number }>();
  const [group] = await server.app.knex('user_group').insert({ name: 'no-upload', rules: String(rule.id), status: '1' }).returning('id');
  const limited = await createMember(server, { group_id: typeof group === 'object' ? (group as { id: number }).id : (group as number) });
  const denied = await api(server.url, '/api/Alioss/params', { body: described, headers: { 'ba-user-token': await memberToken(server, limited.id) } });
  t.is(denied.body.code, 401);
  t.is((await api(server.url, '/admin/Alioss/callback', { body: { ...described, url: file.url }, headers: memberHeaders })).body.code, 303);
});

test.serial('refused callbacks record nothing, remove the refused object, and say why in both languages', async (t) => {
  const before = await attachments();
  const bytes = png([1, 2, 3]);
  const described = describe(bytes, 'x.png');

  // Ask for a ticket, then put something else (or nothing) into the bucket at its key.
  async function refused(put: Uint8Array | null, reported: Partial<Described> & { url?: string } = {}, lang = 'en') {
    const params = await api<DirectUploadTicket>(server.url, '/admin/Alioss/params', { body: described, headers: asAdmin() });
    t.is(params.body.code, 1, params.body.msg);
    if (put) t.true((await sendToBucket(params.body.data, put, 'image/png')) < 300);
    const answer = await api(server.url, '/admin/Alioss/callback', { body: { ...described, url: params.body.data.fileUrl, ...reported }, headers: asAdmin(), lang });
    t.is(answer.body.code, 0);
    t.is(answer.status, 200);
    return { msg: answer.body.msg, key: params.body.data.key };
  }

  t.is((await refused(null)).msg, 'The file was not found in the object storage; upload it first');
  t.is((await refused(null, {}, 'zh-cn')).msg, '对象存储中找不到该文件，请先上传');

  await server.app.knex('config').where({ name: 'upload_max_size' }).update({ value: '1kb' });
  server.app.services.settings.invalidate();
  try {
    const big = Buffer.concat([png([9, 9, 9]), Buffer.alloc(2048)]);
    const tooBig = await refused(big, { size: 100 });
    t.regex(tooBig.msg, /too large \(0\.00 MiB\); the limit is 0\.00 MiB/);
    t.is(await bucket.head(tooBig.key), null, 'the refused object is gone');
  } finally {
    await server.app.knex('config').where({ name: 'upload_max_size' }).update({ value: '10mb' });
    server.app.services.settings.invalidate();
  }

  const script = Buffer.from('<script>alert(1)</script>');
  const disguised = await refused(script, { size: script.length, sha1: sha1(script) });
  t.is(disguised.msg, 'The uploaded image file is not a valid image');
  t.is(await bucket.head(disguised.key), null);

  const other = png([4, 5, 6]);
  const swapped = await refused(other, { size: other.length });
  t.is(swapped.msg, "The stored file's content does not match the SHA-1 reported");
  const short = await refused(bytes, { size: bytes.length + 1 });
  t.is(short.msg, `The stored file has ${bytes.length} bytes, not the size reported`);

  const outside = async (url: string) => (await api(server.url, '/admin/Alioss/callback', { body: { ...described, url }, headers: asAdmin(), lang: 'en' })).body;
  for (const url of ['/storage/avatar/x.png', '/backups/canal-portal-20261123-031500-daily.tar.gz', '/storage/default/../../backups/x.png', 'https://elsewhere.example/storage/default/x.png', '', '//evil/storage/default/x.png']) {
    const body = await outside(url);
    t.is(body.code, 0, url);
    t.is(body.msg, "The file address is not inside this topic's upload folder", url);
  }

  const exe = Buffer.from('MZ\x90\x00not really a program');
  await bucket.put('storage/default/setup.exe', exe, 'application/octet-stream');
  t.is((await outside('/storage/default/setup.exe')).msg, 'The uploaded file format is not allowed');

  const fields = async (body: Record<string, unknown>) => (await api(server.url, '/admin/Alioss/callback', { body, headers: asAdmin(), lang: 'en' })).body;
  t.is((await fields({ ...described, sha1: 'abc' })).msg, 'The file address is not inside this topic\'s upload folder', 'no url');
  const url = '/storage/default/20261123/x.png';
  t.is((await fields({ ...described, url, sha1: 'not-a-sha1' })).msg, 'The SHA-1 of the file must be 40 hexadecimal digits');
  t.is((await fields({ ...described, url, size: 'lots' })).msg, 'No files were uploaded');
  t.is((await fields({ ...described, url, topic: '../etc' })).msg, 'Topic format error');
  t.is((await fields({ url: ['a'], name: { x: 1 }, size: null, sha1: 7 })).code, 0);
  t.is((await api(server.url, '/admin/Alioss/callback', { body: '{"url":', headers: asAdmin() })).status < 500, true);
  t.is((await api(server.url, '/admin/Alioss/callback', { body: { ...described, url } })).body.code, 303, 'no login');

  t.is(await attachments(), before);
});

test.serial('the ticket allows one key in the topic folder, the declared type and the size limit, briefly', async (t) => {
  const bytes = png([7, 7, 7]);
  const { body } = await api<DirectUploadTicket>(server.url, '/api/Alioss/params', { body: { ...describe(bytes, 'seven.png'), topic: 'news' }, headers: memberHeaders });
  t.is(body.code, 1, body.msg);
  const ticket = body.data;
  t.is(ticket.url, `${bucket.endpoint}/${BUCKET}`);
  t.regex(ticket.key, /^storage\/news\/\d{8}\/seven[0-9a-f]{40}\.png$/);
  t.is(ticket.fields.key, ticket.key);
  const policy = JSON.parse(Buffer.from(ticket.fields.Policy!, 'base64').toString()) as { expiration: string; conditions: unknown[] };
  t.deepEqual(
    policy.conditions.filter((c) => Array.isArray(c)),
    [
      ['content-length-range', 1, 10 * 1024 * 1024],
      ['starts-with', '$key', ticket.key.slice(0, ticket.key.lastIndexOf('/') + 1)],
      ['eq', '$Content-Type', 'image/png'],
    ],
  );
  t.true(
    policy.conditions.some((c) => JSON.stringify(c) === JSON.stringify({ key: ticket.key })),
    'exactly this key',
  );
  const seconds = (Date.parse(policy.expiration) - Date.now()) / 1000;
  t.true(seconds > 0 && seconds <= 600, String(seconds));

  const refuse = async (described: Partial<Described>) => (await api(server.url, '/api/Alioss/params', { body: { ...describe(bytes, 'seven.png'), ...described }, headers: memberHeaders, lang: 'zh-cn' })).body;
  t.is((await refuse({ name: 'setup.exe', type: 'application/octet-stream' })).code, 0);
  t.regex((await refuse({ size: 11 * 1024 * 1024 })).msg, /10\.00/);
  t.is((await refuse({ sha1: '' })).msg, '文件的 SHA-1 必须是 40 位十六进制数字');
  t.is((await refuse({ size: 0 })).code, 0);
  t.is((await refuse({ topic: 'a/b' })).code, 0);
});

test.serial('backups are kept in the bucket under backups/', async (t) => {
  if (onPostgres(server)) {
    // Backups of a PostgreSQL site are made with pg_dump (docs/deployment.md); the refusal holds in s3 mode too.
    await t.throwsAsync(server.app.services.backup.create('manual'), { message: 'postgres' });
    return;
  }
  const item = await server.app.services.backup.create('manual');
  t.deepEqual(await bucket.keys('backups/'), [`backups/${item.name}`]);
  t.deepEqual((await server.app.services.backup.list()).map((i) => i.name), [item.name]);
  await server.app.services.backup.remove(item.name);
  t.deepEqual(await bucket.keys('backups/'), []);
});

test.serial("pages may load files from the bucket and post to it (CSP); with S3_PUBLIC_URL, files are shown and redirected there", async (t) => {
  const csp = (await fetch(`${server.url}/`)).headers.get('content-security-policy') ?? '';
  for (const directive of ['img-src', 'media-src', 'connect-src']) {
    t.true(csp.split(';').some((d) => d.startsWith(directive) && d.includes(bucket.endpoint)), directive);
  }

  const publicUrl = `${bucket.endpoint}/${BUCKET}`;
  const withCdn = await startServer({ ...bucket.env, S3_PUBLIC_URL: `${publicUrl}/` });
  try {
    const { body } = await api<{ site: { cdnUrl: string } }>(withCdn.url, '/api/index/index');
    t.is(body.data.site.cdnUrl, publicUrl);
    const bytes = png([120, 80, 40]);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'gate.png');
    const res = await fetch(`${withCdn.url}/admin/ajax/upload`, { method: 'POST', body: form, headers: { server: 'true', batoken: await superToken(withCdn) } });
    const { file } = ((await res.json()) as { data: { file: UploadedFile } }).data;
    t.is(file.full_url, publicUrl + file.url);
    t.deepEqual(Buffer.from(await (await fetch(file.full_url)).arrayBuffer()), bytes);
    const redirect = await fetch(withCdn.url + file.url, { redirect: 'manual' });
    t.is(redirect.status, 302);
    t.is(redirect.headers.get('location'), publicUrl + file.url);
  } finally {
    await withCdn.stop();
  }
});

test.serial('no ticket can overwrite a recorded file: one claiming its name and SHA-1 sends nothing; another file under its name is refused', async (t) => {
  const bytes = png([44, 55, 66]);
  const described = describe(bytes, 'lock-gate.png');
  const first = await directUpload('admin', bytes, described, asAdmin());
  t.is(first.body.code, 1, first.body.msg);
  const { file } = first.body.data as { file: UploadedFile };

  // A member who knows the file's name, day and SHA-1 gets no form to post with, and the file stays as it was.
  const claim = await api<DirectUploadTicket>(server.url, '/api/Alioss/params', { body: described, headers: memberHeaders });
  t.like(claim.body.data, { stored: true, url: '', fields: {} });
  const claimed = await api<{ file: UploadedFile }>(server.url, '/api/Alioss/callback', { body: { ...described, url: claim.body.data.fileUrl }, headers: memberHeaders });
  t.is(claimed.body.data.file.id, file.id);
  t.deepEqual(Buffer.from(await (await fetch(`${server.url}${file.url}`)).arrayBuffer()), bytes);

  // A template without {fileSha1} or {random}: another file with the same name is refused, as on the server path.
  await server.app.knex('config').where({ name: 'upload_save_name' }).update({ value: '/storage/{topic}/{fileName}{.suffix}' });
  server.app.services.settings.invalidate();
  try {
    const a = png([1, 1, 1]);
    const b = png([2, 2, 2]);
    t.is((await directUpload('admin', a, describe(a, 'map.png'), asAdmin())).body.code, 1);
    const other = await api(server.url, '/admin/Alioss/params', { body: describe(b, 'map.png'), headers: asAdmin(), lang: 'en' });
    t.is(other.body.code, 0);
    t.is(other.body.msg, 'A different file is already stored under this name; add {fileSha1} or {random} to the storage name template');
  } finally {
    await server.app.knex('config').where({ name: 'upload_save_name' }).update({ value: '/storage/{topic}/{year}{mon}{day}/{fileName}{fileSha1}{.suffix}' });
    server.app.services.settings.invalidate();
  }
});
