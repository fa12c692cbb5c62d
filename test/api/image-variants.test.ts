import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { loadImage } from '@napi-rs/canvas';
import { createHash } from 'node:crypto';
import { api, startServer, type TestServer } from '../helpers/server.ts';
import { superToken } from '../helpers/admins.ts';
import { photo, withExifOrientation } from '../helpers/images.ts';
import { startBucket, type TestBucket } from '../helpers/s3.ts';
import type { DirectUploadTicket, UploadedFile } from '../../src/shared/upload.ts';

// Issue 32, item 1: an uploaded photo gets resized WebP copies (480/960/1600 px) beside it, on the local disk
// and in a bucket, and the public pages offer them with srcset and sizes, lazily, so a phone downloads a
// phone-sized photo.

let local: TestServer;
let bucket: TestBucket;
let s3: TestServer;
const tokens = new Map<TestServer, string>();

test.before(async () => {
  bucket = await startBucket();
  [local, s3] = await Promise.all([startServer(), startServer(bucket.env)]);
  for (const server of [local, s3]) tokens.set(server, await superToken(server));
});
test.after.always(async () => {
  await Promise.all([local?.stop(), s3?.stop()]);
  await bucket?.stop();
});

async function upload(server: TestServer, bytes: Buffer, name: string): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name);
  const res = await fetch(`${server.url}/admin/ajax/upload`, { method: 'POST', body: form, headers: { server: 'true', batoken: tokens.get(server)! } });
  const body = (await res.json()) as { code: number; msg: string; data: { file: UploadedFile } };
  if (body.code !== 1) throw new Error(body.msg);
  return body.data.file;
}

const variantsOf = async (server: TestServer, id: number) => (await server.app.knex('attachment').where({ id }).first<{ variants: string | null }>()).variants;

/** The bytes the portal serves at a url, following a bucket's redirect. */
async function served(server: TestServer, url: string): Promise<{ status: number; type: string; bytes: Buffer }> {
  const res = await fetch(server.url + url);
  return { status: res.status, type: res.headers.get('content-type') ?? '', bytes: Buffer.from(await res.arrayBuffer()) };
}

/** Red or blue, as the pixel at (x, y) of a picture is. */
async function colourAt(bytes: Buffer, x: number, y: number): Promise<string> {
  const { createCanvas } = await import('@napi-rs/canvas');
  const image = await loadImage(bytes);
  const canvas = createCanvas(image.width, image.height);
  const c = canvas.getContext('2d');
  c.drawImage(image, 0, 0);
  const [r, , b] = c.getImageData(x, y, 1, 1).data;
  return r! > 200 && b! < 80 ? 'red' : b! > 200 && r! < 80 ? 'blue' : `rgb ${r},${b}`;
}

async function publishedNews(server: TestServer, html: string): Promise<number> {
  const added = await api(server.url, '/admin/content.News/add', {
    headers: { batoken: tokens.get(server)! },
    lang: 'en',
    body: { title: 'A photo on the towpath', title_en: 'A photo on the towpath', category_id: 1, status: '1', publish_time: Math.floor(Date.now() / 1000) - 60, content: html, content_en: html },
  });
  if (added.body.code !== 1) throw new Error(added.body.msg);
  return (await server.app.knex('news').where({ title: 'A photo on the towpath' }).orderBy('id', 'desc').first<{ id: number }>()).id;
}

test.serial('a 1600 px photo gets WebP copies at 480, 960 and 1600 px beside it, each a third of the weight or less', async (t) => {
  const original = await photo(1600, 1000);
  const file = await upload(local, original, 'towpath.jpg');
  t.is(await variantsOf(local, file.id), '480x300,960x600,1600x1000');
  t.false('variants' in file, 'the upload answers what BuildAdmin answers');
  for (const [width, height] of [
    [480, 300],
    [960, 600],
    [1600, 1000],
  ] as const) {
    const copy = await served(local, `${file.url}.${width}w.webp`);
    t.is(copy.status, 200);
    t.regex(copy.type, /^image\/webp/);
    const image = await loadImage(copy.bytes);
    t.deepEqual([image.width, image.height], [width, height]);
    t.true(copy.bytes.length < original.length / 2, `${width} px: ${copy.bytes.length} bytes against ${original.length}`);
    t.true(fs.existsSync(path.join(local.dataDir, `${file.url}.${width}w.webp`)));
  }
  t.is((await served(local, `${file.url}.480w.webp`)).bytes.length < 40_000, true, 'what a phone downloads is a fraction');
});

test.serial('a turned phone photo stays upright in its copies; a small picture gets none', async (t) => {
  const turned = await upload(local, withExifOrientation(await photo(1200, 800), 6), 'portrait.jpg');
  t.like(turned, { width: 1200, height: 800 }, 'the row keeps the stored size, as BuildAdmin records it');
  t.is(await variantsOf(local, turned.id), '480x720,800x1200', 'the copies are upright: 800 wide, 1200 high');
  // Shown a quarter turn clockwise, the stored top-left (red) corner is at the top right.
  const copy = (await served(local, `${turned.url}.800w.webp`)).bytes;
  t.is(await colourAt(copy, 795, 5), 'red');
  t.is(await colourAt(copy, 795, 1195), 'blue');

  const small = await upload(local, await photo(400, 300), 'small.jpg');
  t.is(await variantsOf(local, small.id), '', 'already phone-sized');
  t.is((await served(local, `${small.url}.400w.webp`)).status, 404);
});

test.serial('a file uploaded before the copies existed gets them when it is uploaded again; deleting the attachment deletes them', async (t) => {
  const bytes = await photo(1000, 700);
  const file = await upload(local, bytes, 'older.jpg');
  await local.app.knex('attachment').where({ id: file.id }).update({ variants: null });
  for (const width of [480, 960, 1000]) fs.rmSync(path.join(local.dataDir, `${file.url}.${width}w.webp`), { force: true });
  const again = await upload(local, bytes, 'older.jpg');
  t.is(again.id, file.id);
  t.is(await variantsOf(local, file.id), '480x336,960x672,1000x700');
  t.is((await served(local, `${file.url}.960w.webp`)).status, 200);

  const deleted = await api(local.url, `/admin/routine.Attachment/del?ids[]=${file.id}`, { method: 'DELETE', headers: { batoken: tokens.get(local)! }, lang: 'en' });
  t.is(deleted.body.code, 1, deleted.body.msg);
  for (const width of [480, 960, 1000]) t.false(fs.existsSync(path.join(local.dataDir, `${file.url}.${width}w.webp`)), `${width} px copy`);
  t.false(fs.existsSync(path.join(local.dataDir, file.url)));
});

test.serial('an article offers its photo in every size, lazily, with its width and height; a picture from elsewhere only lazily', async (t) => {
  const file = await upload(local, await photo(1600, 1000), 'article.jpg');
  const id = await publishedNews(local, `<p>Along the canal.</p><p><img src="${file.url}" alt="The towpath at dawn"></p><p><img src="https://example.org/x.jpg" alt="Elsewhere"></p>`);
  const html = await (await fetch(`${local.url}/news/info?id=${id}&lang=en`)).text();
  const ours = html.match(/<img [^>]*alt="The towpath at dawn"[^>]*>/)?.[0] ?? '';
  t.regex(ours, new RegExp(`srcset="${file.url}\\.480w\\.webp 480w, ${file.url}\\.960w\\.webp 960w, ${file.url}\\.1600w\\.webp 1600w"`));
  t.regex(ours, /sizes="[^"]*calc\(100vw - 1\.5rem\)"/);
  t.regex(ours, /loading="lazy"/);
  t.regex(ours, /width="1600" height="1000"/);
  t.regex(ours, new RegExp(`src="${file.url}"`), 'browsers without srcset take the original');
  const foreign = html.match(/<img [^>]*alt="Elsewhere"[^>]*>/)?.[0] ?? '';
  t.regex(foreign, /loading="lazy"/);
  t.notRegex(foreign, /srcset/);
  const stored = await local.app.knex('news').where({ id }).first<{ content: string }>();
  t.notRegex(stored.content, /srcset|loading/, 'the stored text stays as the editor wrote it');
});

test.serial('in a bucket: the copies are made for uploads through the portal and for direct uploads, and served through it', async (t) => {
  const bytes = await photo(1200, 900);
  const file = await upload(s3, bytes, 'bucket.jpg');
  t.is(await variantsOf(s3, file.id), '480x360,960x720,1200x900');
  t.is((await bucket.head(`${file.url.slice(1)}.960w.webp`))?.type, 'image/webp');
  const copy = await served(s3, `${file.url}.480w.webp`);
  t.is(copy.status, 200);
  t.is((await loadImage(copy.bytes)).width, 480);

  const direct = await photo(1000, 500);
  const described = { name: 'direct.jpg', size: direct.length, type: 'image/jpeg', sha1: createHash('sha1').update(direct).digest('hex') };
  const headers = { batoken: tokens.get(s3)! };
  const ticket = await api<DirectUploadTicket>(s3.url, '/admin/Alioss/params', { body: described, headers, lang: 'en' });
  t.is(ticket.body.code, 1, ticket.body.msg);
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.body.data.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(direct)], { type: 'image/jpeg' }), 'upload');
  t.true((await fetch(ticket.body.data.url, { method: 'POST', body: form })).status < 300);
  const reported = await api<{ file: UploadedFile }>(s3.url, '/admin/Alioss/callback', { body: { ...described, url: ticket.body.data.fileUrl }, headers, lang: 'en' });
  t.is(reported.body.code, 1, reported.body.msg);
  const row = reported.body.data.file;
  t.is(await variantsOf(s3, row.id), '480x240,960x480,1000x500');
  t.deepEqual(await bucket.keys(row.url.slice(1)), [row.url.slice(1), ...['1000', '480', '960'].map((w) => `${row.url.slice(1)}.${w}w.webp`)]);

  const id = await publishedNews(s3, `<p><img src="${row.url}" alt="From the bucket"></p>`);
  const html = await (await fetch(`${s3.url}/news/info?id=${id}&lang=en`)).text();
  t.regex(html, new RegExp(`srcset="${row.url}\\.480w\\.webp 480w`));
});
