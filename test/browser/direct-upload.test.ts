import test from 'ava';
import type { Page } from 'puppeteer-core';
import { browserSuite, collectErrors } from '../helpers/browser.ts';
import { superToken } from '../helpers/admins.ts';
import { startBucket, type TestBucket } from '../helpers/s3.ts';
import { pngFile } from './userHelpers.ts';

// With uploads in a bucket (s3rver on 127.0.0.1), the admin's uploaders (the avatar's, and the rich-text
// editor's images) send the file straight to the bucket with the portal's presigned POST, then the portal
// checks and records it: the file never passes through /admin/ajax/upload, and the page shows it from the
// bucket (under the portal's CSP).

let bucket: TestBucket;

const suite = browserSuite(test, async () => {
  bucket = await startBucket();
  return bucket.env;
});
test.after.always(async () => {
  await bucket?.stop();
});

/** An admin page logged in as the super admin, with the POSTs it sends: to the bucket, or by the portal path. */
async function adminPage(path: string): Promise<{ page: Page; errors: string[]; posts: string[]; admin: { id: number } }> {
  const admin = await suite.server.app.knex('admin').where({ username: 'admin' }).first<{ id: number; username: string; nickname: string }>('id', 'username', 'nickname');
  const adminInfo = JSON.stringify({ id: admin.id, username: admin.username, nickname: admin.nickname, avatar: '', last_login_time: '', token: await superToken(suite.server), refresh_token: '' });
  const page = await suite.browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  const errors = collectErrors(page);
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST') posts.push(new URL(r.url()).origin === bucket.endpoint ? 'bucket' : new URL(r.url()).pathname);
  });
  await page.goto(`${suite.server.url}/robots.txt`);
  await page.evaluate((info) => localStorage.setItem('adminInfo', info), adminInfo);
  await page.goto(`${suite.server.url}${path}`);
  return { page, errors, posts, admin };
}

/** The POSTs of an upload, in order. */
const uploadPosts = (posts: readonly string[]) => posts.filter((p) => p === 'bucket' || p.includes('Alioss') || p.includes('ajax/upload'));

test.serial('an admin avatar goes straight to the bucket and is shown from it', async (t) => {
  const { page, errors, posts, admin } = await adminPage('/admin/routine/adminInfo?lang=en');
  await page.waitForSelector('[data-screen="adminInfo"] .portal-uploader input[type="file"]');
  t.is(await page.$eval('[data-screen="adminInfo"] .portal-uploader', (e) => e.getAttribute('data-direct-upload')), 'enable');

  const input = await page.$('[data-screen="adminInfo"] .portal-uploader input[type="file"]');
  await input!.uploadFile(pngFile());
  await page.waitForFunction(() => (document.querySelector('[data-screen="adminInfo"] .portal-uploader img') as HTMLImageElement | null)?.naturalWidth === 64, { timeout: 30_000 });

  t.deepEqual(uploadPosts(posts), ['/admin/Alioss/params', 'bucket', '/admin/Alioss/callback']);
  const row = await suite.server.app.knex('attachment').where({ topic: 'avatar' }).first<{ url: string; storage: string; admin_id: number }>();
  t.like(row, { storage: 's3', admin_id: admin.id });
  t.truthy(await bucket.head(row.url.slice(1)));
  // The screen saves the new avatar at once.
  const deadline = Date.now() + 10_000;
  let avatar = '';
  while (avatar !== row.url && Date.now() < deadline) {
    avatar = (await suite.server.app.knex('admin').where({ id: admin.id }).first<{ avatar: string }>('avatar')).avatar;
    if (avatar !== row.url) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  t.is(avatar, row.url);
  t.deepEqual(errors, []);
  await page.close();
});

test.serial("an image put into a news item's text goes straight to the bucket and shows in the editor", async (t) => {
  const { page, errors, posts } = await adminPage('/admin/content/news?lang=en');
  await page.waitForSelector('[data-toolbar="add"]');
  await page.click('[data-toolbar="add"]');
  const content = '[data-crud-form="content/news"] [data-column="content"]';
  await page.waitForSelector(`${content} .ProseMirror`);
  const input = await page.$(`${content} input[data-editor-file]`);
  await input!.uploadFile(pngFile());
  await page.waitForFunction((sel: string) => (document.querySelector(`${sel} .ProseMirror img`) as HTMLImageElement | null)?.naturalWidth === 64, { timeout: 30_000 }, content);

  t.deepEqual(uploadPosts(posts), ['/admin/Alioss/params', 'bucket', '/admin/Alioss/callback']);
  const row = await suite.server.app.knex('attachment').where({ topic: 'editor' }).first<{ url: string; storage: string }>();
  t.like(row, { storage: 's3' });
  t.truthy(await bucket.head(row.url.slice(1)));
  t.is(await page.$eval(`${content} .ProseMirror img`, (img) => img.getAttribute('src')), row.url, 'the site-relative url, as the sanitiser keeps it');
  t.deepEqual(errors, []);
  await page.close();
});
