import test from 'ava';
import { browserSuite } from '../helpers/browser.ts';
import { asAdmin, superToken } from '../helpers/admins.ts';
import { adminPage, isCall } from './adminHelpers.ts';

// Issue 28, item 2 in the browser: staff open a news item's history, read what each save changed (rich text
// word by word) and put back an earlier version.

const suite = browserSuite(test);

test('restore an earlier version from the history dialog', async (t) => {
  const { server, browser } = suite;
  const { knex } = server.app;
  const admin = asAdmin(server, await superToken(server));
  const category = await knex('news_category').orderBy('id').first<{ id: number }>('id');
  const title = '有三个版本的新闻';
  t.is((await admin('/admin/content.News/add', { body: { category_id: category.id, title, content: '<p>船闸清晨开启。</p>', status: '1', publish_time: '2026-01-01 08:00:00' } })).code, 1);
  const { id } = await knex('news').where({ title }).first<{ id: number }>('id');
  t.is((await admin('/admin/content.News/edit', { body: { id, content: '<p>船闸正午开启。</p><p>新增一段。</p>' } })).code, 1);
  t.is((await admin('/admin/content.News/edit', { body: { id, title: '改名后的新闻' } })).code, 1);

  const { page, errors } = await adminPage(server, browser, '/admin/content/news?lang=en');
  const screen = '[data-crud-page="content/news"]';
  await page.waitForSelector(`${screen} tr[data-row-id="${id}"]`);
  const loaded = page.waitForResponse(isCall('content.News/revisions'));
  await page.click(`${screen} tr[data-row-id="${id}"] [data-action="history"]`);
  await loaded;
  await page.waitForSelector('[data-revisions] [data-revision]');
  const entries = await page.$$eval('[data-revisions] [data-revision]', (items) => items.map((i) => i.textContent ?? ''));
  t.is(entries.length, 2);
  t.regex(entries[0]!, /Saved by admin.*Title/s);
  t.regex(entries[1]!, /Saved by admin.*Content/s);
  // The newest save renamed the item.
  t.deepEqual(await page.$$eval('[data-revision-field="title"] [data-diff]', (d) => d.map((e) => `${e.getAttribute('data-diff')}:${e.textContent}`)), ['removed:有三个版本', 'added:改名后']);

  // The older one changed the body: only the changed words are marked, in Chinese.
  await page.click('[data-revisions] [data-revision]:nth-child(2)');
  await page.waitForSelector('[data-revision-field="content"]');
  const marked = await page.$$eval('[data-revision-field="content"] [data-diff]', (d) => d.map((e) => `${e.getAttribute('data-diff')}:${e.textContent}`));
  t.true(marked.includes('removed:清晨') && marked.includes('added:正午'), marked.join(' | '));
  t.true(marked.some((m) => m.startsWith('added:') && m.includes('新增一段')), 'the new paragraph');
  t.false(marked.some((m) => m.includes('船闸')), 'unchanged words are not marked');

  await page.click('[data-revision-restore]');
  await page.waitForSelector('[data-confirm="ok"]');
  const restored = page.waitForResponse(isCall('content.News/restoreRevision', 'POST'));
  await page.click('[data-confirm="ok"]');
  t.is((await (await restored).json()).code, 1);
  // The list refreshes to the three versions: the restore is one of them.
  await page.waitForFunction(() => document.querySelectorAll('[data-revisions] [data-revision]').length === 3);
  t.regex((await page.$eval('[data-revisions] [data-revision]', (e) => e.textContent)) ?? '', /Restored by admin/);
  const row = await knex('news').where({ id }).first<{ title: string; content: string }>('title', 'content');
  t.deepEqual(row, { title, content: '<p>船闸清晨开启。</p>' });
  await page.keyboard.press('Escape');
  await page.waitForFunction((s, i) => document.querySelector(`${s} tr[data-row-id="${i}"]`)?.textContent?.includes('有三个版本的新闻'), {}, screen, id);
  t.deepEqual(errors, []);
});
