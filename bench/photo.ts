import knexFactory from 'knex';
import { knexSettings } from '../src/server/db.ts';
import { photo } from '../test/helpers/images.ts';

/** What the bench's page weights need of an article: where it is, and how a phone visits it. */
export interface PhotoVisit {
  route: string;
  label: string;
  /** The phone's device pixel ratio (390 × 844 CSS pixels). */
  phone: number;
}

const WIDTH = 1600;
const HEIGHT = 1067;

async function uploadPhoto(appUrl: string, token: string, bytes: Buffer, name: string): Promise<{ id: number; url: string }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name);
  const res = await fetch(`${appUrl}/admin/ajax/upload`, { method: 'POST', body: form, headers: { server: 'true', batoken: token } });
  const body = (await res.json()) as { code: number; msg: string; data: { file: { id: number; url: string } } };
  if (body.code !== 1) throw new Error(`upload refused: ${body.msg}`);
  return body.data.file;
}

async function publish(appUrl: string, token: string, title: string, url: string): Promise<number> {
  const content = `<p>Along the towpath at dawn.</p><p><img src="${url}" alt="The towpath at dawn"></p><p>The lock keeper's house.</p>`;
  const res = await fetch(`${appUrl}/admin/content.News/add`, {
    method: 'POST',
    headers: { server: 'true', batoken: token, 'content-type': 'application/json' },
    body: JSON.stringify({ title, title_en: title, category_id: 1, status: '1', publish_time: Math.floor(Date.now() / 1000), content, content_en: content }),
  });
  const body = (await res.json()) as { code: number; msg: string };
  if (body.code !== 1) throw new Error(`article refused: ${body.msg}`);
  const list = (await (await fetch(`${appUrl}/admin/content.News/index?quickSearch=${encodeURIComponent(title)}`, { headers: { server: 'true', batoken: token } })).json()) as {
    data: { list: { id: number }[] };
  };
  return list.data.list[0]!.id;
}

/**
 * Two articles with the same 1600 px photo (a JPEG of a camera's weight), uploaded as an editor's image
 * button does: one as uploads are kept now, with resized copies; one whose upload has none, as every upload
 * had before (issue 32, item 1). A phone reads each to the end.
 */
export async function photoVisits(appUrl: string, token: string, databaseUrl: string): Promise<PhotoVisit[]> {
  const bytes = await photo(WIDTH, HEIGHT);
  const after = await uploadPhoto(appUrl, token, bytes, 'towpath.jpg');
  // The same photo again under another name (one different byte), its copies forgotten: the page shows it as before.
  const before = await uploadPhoto(appUrl, token, Buffer.concat([bytes, Buffer.from([0])]), 'towpath-before.jpg');
  const knex = knexFactory(knexSettings(databaseUrl));
  try {
    await knex('attachment').where({ id: before.id }).update({ variants: '' });
  } finally {
    await knex.destroy();
  }
  const withCopies = await publish(appUrl, token, 'Photo article (resized copies)', after.url);
  const original = await publish(appUrl, token, 'Photo article (original only)', before.url);
  const kb = (bytes.length / 1024).toFixed(0);
  return [
    { route: `/news/info?id=${original}&lang=en`, label: `article, ${WIDTH} px photo (${kb} KB JPEG), phone 390 px ×3: before (the original)`, phone: 3 },
    { route: `/news/info?id=${withCopies}&lang=en`, label: `article, ${WIDTH} px photo, phone 390 px ×3: after (srcset)`, phone: 3 },
    { route: `/news/info?id=${original}&lang=en`, label: `article, ${WIDTH} px photo, phone 390 px ×2: before (the original)`, phone: 2 },
    { route: `/news/info?id=${withCopies}&lang=en`, label: `article, ${WIDTH} px photo, phone 390 px ×2: after (srcset)`, phone: 2 },
  ];
}
