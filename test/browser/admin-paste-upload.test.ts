import test from 'ava';
import { createCanvas } from '@napi-rs/canvas';
import type { Page } from 'puppeteer-core';
import { browserSuite } from '../helpers/browser.ts';
import { adminPage, openMenu } from './adminHelpers.ts';

const suite = browserSuite(test);

// Issue 28, item 4: images pasted or dropped into the editor and the upload fields go through the same upload as
// the file picker: its checks (type, size), its route and the attachment table, its progress and its messages.

/** A real PNG of one colour, as base64. */
function png(colour: string): string {
  const canvas = createCanvas(48, 48);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = colour;
  ctx.fillRect(0, 0, 48, 48);
  return canvas.toBuffer('image/png').toString('base64');
}

interface Carried {
  name: string;
  type: string;
  /** Base64 content, or a size in bytes of zeros. */
  base64?: string;
  size?: number;
}

/** Dispatches a paste (clipboardData) or a drop (dataTransfer) carrying `file` on the element at `selector`. */
async function carry(page: Page, selector: string, kind: 'paste' | 'drop', file: Carried): Promise<void> {
  await page.$eval(
    selector,
    (target, kind, file) => {
      const bytes = file.base64 ? Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0)) : new Uint8Array(file.size ?? 0);
      const data = new DataTransfer();
      data.items.add(new File([bytes], file.name, { type: file.type }));
      const rect = target.getBoundingClientRect();
      const event =
        kind === 'paste'
          ? new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true })
          : new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true, clientX: rect.left + 10, clientY: rect.top + 10 });
      target.dispatchEvent(event);
    },
    kind,
    file,
  );
}

test('an image pasted into the editor and one dropped on an image field are uploaded as picked ones; a wrong or too large file is refused with the picker’s message', async (t) => {
  const { server, browser } = suite;
  const { page, errors } = await adminPage(server, browser, '/admin/dashboard?lang=en');
  await openMenu(page, 'content/news');
  const screen = '[data-pane="/admin/content/news"]';
  await page.waitForSelector(`${screen} [data-toolbar="add"]`);
  await page.click(`${screen} [data-toolbar="add"]`);
  const form = '[data-crud-form="content/news"]';
  const editor = `${form} [data-column="content"] .ProseMirror`;
  await page.waitForSelector(editor);

  // A screenshot pasted into the rich text: uploaded, then in the text at the cursor.
  await page.click(editor);
  await page.keyboard.type('Before the picture. ');
  await carry(page, editor, 'paste', { name: 'pasted-lock.png', type: 'image/png', base64: png('#0f4c5c') });
  await page.waitForSelector(`${editor} img[src^="/storage/"][alt="pasted-lock"]`);

  // A picture dropped on the cover field.
  const cover = `${form} [data-column="cover"]`;
  await carry(page, `${cover} .portal-uploader .border`, 'drop', { name: 'dropped-boat.png', type: 'image/png', base64: png('#e09f3e') });
  await page.waitForSelector(`${cover} img[src*="/storage/"][alt="dropped-boat.png"]`);

  // A text file pasted into the editor, and one pasted into the image field: refused as the picker refuses them.
  await carry(page, editor, 'paste', { name: 'notes.txt', type: 'text/plain', base64: btoa('canal notes') });
  await page.waitForSelector(`${form} [data-column="content"] [role="alert"]`);
  t.is(await page.$eval(`${form} [data-column="content"] [role="alert"]`, (e) => e.textContent), 'This type of file is not allowed.');
  await page.focus(`${cover} button.btn-outline-primary`);
  await carry(page, `${cover} button.btn-outline-primary`, 'paste', { name: 'notes.txt', type: 'text/plain', base64: btoa('canal notes') });
  await page.waitForSelector(`${cover} .alert-danger`);
  t.is(await page.$eval(`${cover} .alert-danger`, (e) => e.textContent), 'This type of file is not allowed.');
  // One byte over the site's limit.
  const maxSize = await page.evaluate(async () => {
    const info = JSON.parse(localStorage.getItem('adminInfo') ?? '{}') as { token: string };
    const res = await fetch('/admin/index/index', { headers: { server: 'true', batoken: info.token } });
    return ((await res.json()) as { data: { siteConfig: { upload: { maxSize: number } } } }).data.siteConfig.upload.maxSize;
  });
  await carry(page, editor, 'paste', { name: 'huge.png', type: 'image/png', size: maxSize + 1 });
  await page.waitForFunction((s) => document.querySelector(s)?.textContent === 'The file is larger than allowed.', {}, `${form} [data-column="content"] [role="alert"]`);
  t.is(await page.$$eval(`${editor} img`, (images) => images.length), 1, 'nothing refused reached the text');

  // Both are attachments, listed on the attachments screen.
  const stored = (await server.app.knex('attachment').whereIn('name', ['pasted-lock.png', 'dropped-boat.png']).orderBy('name').select('name', 'topic', 'admin_id')) as { name: string; topic: string; admin_id: number }[];
  t.deepEqual(
    stored.map((a) => [a.name, a.topic]),
    [
      ['dropped-boat.png', 'default'],
      ['pasted-lock.png', 'editor'],
    ],
  );
  t.true(stored.every((a) => a.admin_id > 0));
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('dialog.crud-dialog'));
  await openMenu(page, 'routine/attachment');
  await page.waitForFunction(() => {
    const text = document.querySelector('[data-pane="/admin/routine/attachment"]')?.textContent ?? '';
    return text.includes('pasted-lock.png') && text.includes('dropped-boat.png');
  });
  t.deepEqual(errors, []);
  await page.close();
});
