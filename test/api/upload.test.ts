import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { api, onPostgres, startServer, type TestServer } from '../helpers/server.ts';
import { createMember, expire, memberToken } from '../helpers/accounts.ts';
import { formatTime } from '../../src/shared/time.ts';
import type { UploadedFile } from '../../src/shared/upload.ts';

let server: TestServer;
let member = { id: 0, token: '' };
let adminToken = '';
let adminId = 0;

/** A member of the default group (rules '*') or of a new group holding only `rules`, with a fresh token. */
async function uploader(rules = '*'): Promise<{ id: number; token: string }> {
  const groupId =
    rules === '*'
      ? undefined
      : ((await server.app.knex('user_group').insert({ name: `limited-${rules}`, rules, status: '1' }).returning('id'))[0] as { id: number }).id;
  const { id } = await createMember(server, groupId === undefined ? {} : { group_id: groupId });
  return { id, token: await memberToken(server, id) };
}

test.before(async () => {
  server = await startServer();
  member = await uploader();
  const admin = await server.app.knex('admin').where({ username: 'admin' }).first<{ id: number }>();
  adminId = admin.id;
  adminToken = await server.app.services.tokens.issue('admin', adminId);
});
test.after.always(async () => {
  await server?.stop();
});

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid RGB PNG of one colour; different colours give different files (and sha1s). */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface Answer {
  status: number;
  body: { code: number; msg: string; data: { file: UploadedFile } & { type?: string } };
}

async function upload(
  pathname: string,
  file: { bytes: Uint8Array; name: string; type?: string } | null,
  options: { headers?: Record<string, string>; fields?: Record<string, string> } = {},
): Promise<Answer> {
  const form = new FormData();
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  for (const [k, v] of Object.entries(options.fields ?? {})) form.append(k, v);
  const res = await fetch(server.url + pathname, { method: 'POST', body: form, headers: { server: 'true', 'think-lang': 'en', ...options.headers } });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

const asMember = () => ({ headers: { 'ba-user-token': member.token } });

async function setConfig(name: string, value: string): Promise<void> {
  await server.app.knex('config').where({ name }).update({ value });
  server.app.services.settings.invalidate();
}

test.serial('a member uploads a PNG: stored under /storage/default/<date>/, served back byte for byte', async (t) => {
  const bytes = png(3, 2, [10, 120, 200]);
  const { status, body } = await upload('/api/ajax/upload', { bytes, name: 'canal photo.png', type: 'image/png' }, asMember());
  t.is(status, 200);
  t.is(body.code, 1, body.msg);
  t.is(body.msg, 'File uploaded');
  const { file } = body.data;
  const day = formatTime(Date.now(), 'yyyymmdd', 'Asia/Shanghai');
  t.regex(file.url, new RegExp(`^/storage/default/${day}/canalphoto[0-9a-f]{40}\\.png$`));
  t.like(file, { topic: 'default', user_id: member.id, admin_id: 0, width: 3, height: 2, name: 'canal photo.png', size: bytes.length, mimetype: 'image/png', storage: 'local', suffix: 'png' });
  t.is(file.full_url, `//${new URL(server.url).host}${file.url}`);
  t.false('quote' in file);
  t.false('create_time' in file);

  const served = await fetch(server.url + file.url);
  t.is(served.status, 200);
  t.deepEqual(Buffer.from(await served.arrayBuffer()), bytes);
  t.regex(served.headers.get('content-type') ?? '', /^image\/png/);
  t.regex(served.headers.get('content-security-policy') ?? '', /sandbox/);

  const again = await upload('/api/ajax/upload', { bytes, name: 'other name.png', type: 'image/png' }, asMember());
  t.is(again.body.code, 1);
  t.is(again.body.data.file.url, file.url, 'the same content is not stored twice');
  t.is(again.body.data.file.id, file.id);
  const row = await server.app.knex('attachment').where({ id: file.id }).first<{ quote: number }>();
  t.is(row.quote, 2);
});

test.serial('a duplicate whose file was deleted is stored again as a new row', async (t) => {
  const bytes = png(1, 1, [1, 2, 3]);
  const first = await upload('/api/ajax/upload', { bytes, name: 'dot.png' }, asMember());
  t.is(first.body.code, 1);
  fs.rmSync(path.join(server.dataDir, first.body.data.file.url));
  const second = await upload('/api/ajax/upload', { bytes, name: 'dot.png' }, asMember());
  t.is(second.body.code, 1);
  t.not(second.body.data.file.id, first.body.data.file.id);
  t.true(fs.existsSync(path.join(server.dataDir, second.body.data.file.url)));
});

test.serial('a topic puts the file in its own folder; a bad topic or driver is refused', async (t) => {
  const bytes = png(2, 2, [9, 9, 9]);
  const ok = await upload('/api/ajax/upload', { bytes, name: 'a.png' }, { ...asMember(), fields: { topic: 'news_2024-a' } });
  t.is(ok.body.code, 1);
  t.regex(ok.body.data.file.url, /^\/storage\/news_2024-a\//);
  const bad = await upload('/api/ajax/upload', { bytes, name: 'a.png' }, { ...asMember(), fields: { topic: '../etc' } });
  t.deepEqual([bad.body.code, bad.body.msg], [0, 'Topic format error']);
  const long = await upload('/api/ajax/upload', { bytes, name: 'a.png' }, { ...asMember(), fields: { topic: 'x'.repeat(21) } });
  t.is(long.body.msg, 'Topic format error');
  const driver = await upload('/api/ajax/upload', { bytes, name: 'a.png' }, { ...asMember(), fields: { driver: 'oss' } });
  t.deepEqual([driver.body.code, driver.body.msg], [0, 'The storage driver oss is not supported']);
});

test.serial('login and permission are checked before the body is read', async (t) => {
  const bytes = png(1, 1, [5, 5, 5]);
  const guest = await upload('/api/ajax/upload', { bytes, name: 'a.png' });
  t.is(guest.body.code, 303);
  t.is(guest.body.data.type, 'need login');

  const expired = await uploader();
  await expire(server, expired.token);
  const stale = await upload('/api/ajax/upload', { bytes, name: 'a.png' }, { headers: { 'ba-user-token': expired.token } });
  t.is(stale.body.code, 409);

  const rulesWithoutUpload = await server.app.knex('user_rule').where({ name: 'account/overview' }).first<{ id: number }>();
  const limited = await uploader(String(rulesWithoutUpload.id));
  const denied = await upload('/api/ajax/upload', { bytes, name: 'a.png' }, { headers: { 'ba-user-token': limited.token } });
  t.is(denied.body.code, 401);

  const adminOnly = await upload('/admin/ajax/upload', { bytes, name: 'a.png' }, asMember());
  t.is(adminOnly.body.code, 303, 'a member token does not open the admin upload');
});

test.serial('disguised scripts and pages, empty files and missing files are refused', async (t) => {
  const php = await upload('/api/ajax/upload', { bytes: Buffer.from('<?php system($_GET["c"]); ?>'), name: 'shell.png', type: 'image/png' }, asMember());
  t.deepEqual([php.body.code, php.body.msg], [0, 'The uploaded image file is not a valid image']);
  const html = await upload('/api/ajax/upload', { bytes: Buffer.from('<!doctype html><script>alert(1)</script>'), name: 'page.jpg', type: 'image/jpeg' }, asMember());
  t.deepEqual([html.body.code, html.body.msg], [0, 'The uploaded image file is not a valid image']);
  const svgAsPng = await upload('/api/ajax/upload', { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><script>alert(1)</script></svg>'), name: 'x.png' }, asMember());
  t.is(svgAsPng.body.code, 0, 'decodable as SVG is still not a PNG');
  const pngAsZip = await upload('/api/ajax/upload', { bytes: png(1, 1, [7, 7, 7]), name: 'archive.zip' }, asMember());
  t.deepEqual([pngAsZip.body.code, pngAsZip.body.msg], [0, 'The content of the uploaded file does not match its .zip extension']);
  const textAsMp3 = await upload('/api/ajax/upload', { bytes: Buffer.from('<?php echo 1;'), name: 'song.mp3' }, asMember());
  t.deepEqual([textAsMp3.body.code, textAsMp3.body.msg], [0, 'The content of the uploaded file does not match its .mp3 extension']);

  const empty = await upload('/api/ajax/upload', { bytes: new Uint8Array(0), name: 'empty.png' }, asMember());
  t.deepEqual([empty.body.code, empty.body.msg], [0, 'The uploaded file is empty (0 bytes)']);
  const none = await upload('/api/ajax/upload', null, { ...asMember(), fields: { topic: 'default' } });
  t.deepEqual([none.body.code, none.body.msg], [0, 'No files were uploaded']);
  const wrongField = await upload('/api/ajax/upload', null, { ...asMember(), fields: { other: 'x' } });
  t.is(wrongField.body.msg, 'No files were uploaded');

  const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]);
  const disallowed = await upload('/api/ajax/upload', { bytes: exe, name: 'setup.exe' }, asMember());
  t.deepEqual([disallowed.body.code, disallowed.body.msg], [0, 'The uploaded file format is not allowed']);
  const zh = await upload('/api/ajax/upload', { bytes: exe, name: 'setup.exe' }, { headers: { 'ba-user-token': member.token, 'think-lang': 'zh-cn' } });
  t.is(zh.body.msg, '上传的文件格式未被允许');

  t.deepEqual(await server.app.knex('attachment').where({ name: 'shell.png' }), [], 'nothing refused is recorded');
});

test.serial('files over the configured maximum are cut off and refused with the sizes in MiB', async (t) => {
  await setConfig('upload_max_size', '1kb');
  try {
    const small = await upload('/api/ajax/upload', { bytes: png(1, 1, [3, 3, 3]), name: 'ok.png' }, asMember());
    t.is(small.body.code, 1, 'a file under the limit still passes');
    // Streamed past the limit.
    const medium = await upload('/api/ajax/upload', { bytes: Buffer.alloc(12 * 1024, 1), name: 'big.zip' }, asMember());
    t.is(medium.body.code, 0);
    t.regex(medium.body.msg, /^The file is too large \(0\.01 MiB\); the limit is 0\.00 MiB$/);
    // Announced past the limit: refused before a byte is stored.
    const large = await upload('/api/ajax/upload', { bytes: Buffer.alloc(3 * 1024 * 1024, 1), name: 'huge.zip' }, asMember());
    t.regex(large.body.msg, /^The file is too large \(3\.00 MiB\); the limit is 0\.00 MiB$/);
    const after = await upload('/api/ajax/upload', { bytes: png(1, 1, [3, 3, 4]), name: 'ok2.png' }, asMember());
    t.is(after.body.code, 1, 'the connection is still usable after a refusal');
  } finally {
    await setConfig('upload_max_size', '10mb');
  }
});

test.serial('a save-name template outside /storage/ is refused', async (t) => {
  const bytes = png(4, 4, [40, 40, 40]);
  try {
    for (const template of ['/storage/{topic}/../../{fileName}{.suffix}', '/public/{fileName}{.suffix}', '/storage/../portal.sqlite']) {
      await setConfig('upload_save_name', template);
      const answer = await upload('/api/ajax/upload', { bytes, name: 'x.png' }, asMember());
      t.is(answer.body.code, 0, template);
      t.regex(answer.body.msg, /storage name template is invalid/);
    }
    if (!onPostgres(server)) t.true(fs.statSync(path.join(server.dataDir, 'portal.sqlite')).size > 0);
  } finally {
    await setConfig('upload_save_name', '/storage/{topic}/{year}{mon}{day}/{fileName}{fileSha1}{.suffix}');
  }
});

test.serial('an admin uploads with batoken; the row records admin_id', async (t) => {
  const bytes = png(5, 7, [200, 10, 10]);
  const { body } = await upload('/admin/ajax/upload', { bytes, name: 'banner.png' }, { headers: { batoken: adminToken } });
  t.is(body.code, 1, body.msg);
  t.like(body.data.file, { admin_id: adminId, user_id: 0, width: 5, height: 7 });
  const guest = await upload('/admin/ajax/upload', { bytes, name: 'banner.png' });
  t.is(guest.body.code, 303);
});

test.serial('no temporary file is left behind', (t) => {
  const own = server.app.services.scratch.dir;
  t.deepEqual(fs.readdirSync(path.join(server.dataDir, 'tmp')), [path.basename(own)], 'the process\'s own folder only');
  t.deepEqual(fs.readdirSync(own, { recursive: true }), ['notes'], 'holding no request folder and no note');
});

/** Written from the description in reference 6.3, independently of the server code. */
function expectedColour(label: string): string {
  let a = 1;
  let b = 0;
  for (const ch of Buffer.from(label)) {
    a = (a + ch) % 65521;
    b = (b + a) % 65521;
  }
  const be = [(b >> 8) & 0xff, b & 0xff, (a >> 8) & 0xff, a & 0xff];
  const littleEndian = (be[0]! | (be[1]! << 8) | (be[2]! << 16) | (be[3]! << 24)) >>> 0;
  const h = (littleEndian % 360) / 360;
  const [s, v] = [0.3, 0.9];
  const i = Math.floor(h * 6);
  const f = h * 6 - i;
  const p = v * (1 - s);
  const q = v * (1 - f * s);
  const tt = v * (1 - (1 - f) * s);
  const rgb = [
    [v, tt, p],
    [q, v, p],
    [p, v, tt],
    [p, q, v],
    [tt, p, v],
    [v, p, q],
  ][i % 6]!;
  return `rgb(${rgb.map((x) => Math.floor(x * 255)).join(',')})`;
}

test('buildSuffixSvg draws the label on the Adler-32 colour', async (t) => {
  const res = await fetch(`${server.url}/api/ajax/buildSuffixSvg?suffix=docx`);
  t.is(res.status, 200);
  t.regex(res.headers.get('content-type') ?? '', /^image\/svg\+xml/);
  t.regex(res.headers.get('cache-control') ?? '', /max-age=31536000/);
  const svg = await res.text();
  t.regex(svg, /viewBox="0 0 512 512"/);
  t.regex(svg, />DOCX<\/text>/);
  t.true(svg.includes(`fill="${expectedColour('DOCX')}"`), expectedColour('DOCX'));

  const long = await (await fetch(`${server.url}/api/ajax/buildSuffixSvg?suffix=markdown`)).text();
  t.regex(long, />MARK<\/text>/);
  t.true(long.includes(`fill="${expectedColour('MARK')}"`));
  const plain = await (await fetch(`${server.url}/api/ajax/buildSuffixSvg`)).text();
  t.regex(plain, />FILE<\/text>/);
  const hostile = await (await fetch(`${server.url}/api/ajax/buildSuffixSvg?suffix=${encodeURIComponent('<script>x')}`)).text();
  t.false(hostile.includes('<script'));
  t.regex(hostile, />SCRI<\/text>/);
});

test('buildSuffixSvg honours a valid background and ignores anything else', async (t) => {
  const red = await (await fetch(`${server.url}/api/ajax/buildSuffixSvg?suffix=pdf&background=red`)).text();
  t.true(red.includes('fill="red"'));
  const hex = await (await fetch(`${server.url}/api/ajax/buildSuffixSvg?suffix=pdf&background=${encodeURIComponent('#00ff00')}`)).text();
  t.true(hex.includes('fill="#00ff00"'));
  const js = await (await fetch(`${server.url}/api/ajax/buildSuffixSvg?suffix=pdf&background=${encodeURIComponent('javascript:alert(1)')}`)).text();
  t.false(js.includes('javascript'));
  t.true(js.includes(`fill="${expectedColour('PDF')}"`));
});

test('the admin buildSuffixSvg needs an admin token in the query', async (t) => {
  const guest = await fetch(`${server.url}/admin/ajax/buildSuffixSvg?server=1&suffix=zip`);
  const envelope = (await guest.json()) as { code: number; data: { type: string } };
  t.is(envelope.code, 303);
  t.is(envelope.data.type, 'need login');
  const res = await fetch(`${server.url}/admin/ajax/buildSuffixSvg?batoken=${adminToken}&server=1&suffix=zip`);
  t.regex(res.headers.get('content-type') ?? '', /^image\/svg\+xml/);
  t.regex(res.headers.get('cache-control') ?? '', /^private/);
  t.regex(await res.text(), />ZIP<\/text>/);
});

test('with local storage, site.upload.mode is local and direct upload says it is disabled, in both languages', async (t) => {
  const { body: index } = await api<{ site: { upload: { mode: string } } }>(server.url, '/api/index/index');
  t.is(index.data.site.upload.mode, 'local');
  const file = { name: 'a.png', size: 10, type: 'image/png', sha1: 'a'.repeat(40), url: '/storage/default/a.png' };
  for (const [path, headers] of [
    ['/admin/Alioss/params', { batoken: adminToken }],
    ['/admin/Alioss/callback', { batoken: adminToken }],
    ['/api/Alioss/params', { 'ba-user-token': member.token }],
    ['/api/Alioss/callback', { 'ba-user-token': member.token }],
  ] as const) {
    const en = await api(server.url, path, { body: file, headers, lang: 'en' });
    t.is(en.body.code, 0, path);
    t.is(en.body.msg, 'Direct upload to object storage is disabled: files are stored on this server (upload mode local)', path);
    const zh = await api(server.url, path, { body: file, headers });
    t.is(zh.body.msg, '未启用直传对象存储：文件保存在本服务器（上传模式 local）', path);
  }
});
