import test from 'ava';
import type { Page } from 'puppeteer-core';
import { browserSuite } from '../helpers/browser.ts';
import { adminPage, isCall, openMenu, pickRemote, setValue } from './adminHelpers.ts';
import { EDITOR, addField, toast } from './designerHelpers.ts';
import { pngFile } from './userHelpers.ts';

// The CRUD generator end to end in a real shell, without restarting the server: a table of eleven field
// types is designed (palette, options, keyboard reordering, live preview) and generated; its menu appears;
// two rows are added through the generated form, searched, sorted, edited; one is deleted and restored
// from the recycle bin; the design is taken up again from its log to add a field and rename another with
// the rows kept; and the module is deleted, the table staying.

const suite = browserSuite(test, { RATE_LIMIT_FACTOR: '0' });

interface BoatRow {
  id: number;
  boat_name: string;
  vessel_name?: string;
  in_service_switch: number;
  category_id: number;
  cargo: string;
  city: string;
  photo: string;
  story: string;
  length_m: number;
  built: string;
  hull: string;
  crew?: number;
}

/** Gives the chosen field's choices their labels (the editor starts a choice field with the values 0 and 1). */
async function labelChoices(page: Page, labels: [string, string][]): Promise<void> {
  for (const [i, [zh, en]] of labels.entries()) {
    if (!(await page.$(`${EDITOR} [data-choice="${i}"]`))) await page.click(`${EDITOR} [data-add-choice]`);
    await page.waitForSelector(`${EDITOR} [data-choice="${i}"]`);
    await setValue(page, `${EDITOR} [data-choice="${i}"] input:nth-of-type(2)`, zh);
    await setValue(page, `${EDITOR} [data-choice="${i}"] input:nth-of-type(3)`, en);
  }
}

const fieldOrder = (page: Page) => page.$$eval('[data-field-list] > li', (items) => items.map((li) => (li as HTMLElement).dataset.designField));

test.serial('design, generate, use, change and delete a module without restarting the server', async (t) => {
  const { knex } = suite.server.app;
  const { page, errors } = await adminPage(suite.server, suite.browser, '/admin?lang=en');
  await openMenu(page, 'crud/crud');
  await page.waitForSelector('[data-designer-start]');
  t.falsy(await page.$('a[data-menu="canal/boat"]'));

  // --- design: table settings, eleven field types from the palette ------------------------------------------
  await page.click('[data-start="scratch"]');
  await page.waitForSelector('[data-designer]');
  t.deepEqual(await fieldOrder(page), ['id', 'create_time', 'update_time']);
  await setValue(page, '[data-table-option="name"]', 'canal_boat');
  await setValue(page, '[data-table-option="titleZh"]', '船只表');
  await setValue(page, '[data-table-option="titleEn"]', 'Boats');
  // The chosen field is update_time: new fields follow it, so choose the key to insert after it.
  await page.click('[data-design-field="id"] button[aria-pressed]');

  await addField(page, 'string', 'boat_name', '船名', 'Boat name');
  await page.click(`${EDITOR} [data-validator="required"]`);
  await addField(page, 'switch', 'in_service_switch', '在用', 'In service');
  await addField(page, 'remoteSelect', 'category_id', '分类', 'Category');
  await page.select(`${EDITOR} [data-field-option="remoteTable"]`, 'news_category');
  await page.waitForSelector(`${EDITOR} [data-field-option="remoteField"]`);
  await page.select(`${EDITOR} [data-field-option="remoteField"]`, 'name');
  await addField(page, 'checkbox', 'cargo', '货物', 'Cargo');
  await labelChoices(page, [['粮食', 'Grain'], ['丝绸', 'Silk'], ['瓷器', 'Porcelain']]);
  await addField(page, 'select', 'hull', '船体', 'Hull');
  await page.click(`${EDITOR} [data-field-option="multi"]`);
  await labelChoices(page, [['木', 'Wood'], ['铁', 'Iron']]);
  await addField(page, 'city', 'city', '船籍港', 'Home port');
  await addField(page, 'image', 'photo', '照片', 'Photo');
  await addField(page, 'editor', 'story', '故事', 'Story');
  await addField(page, 'float', 'length_m', '船长', 'Length (m)');
  await addField(page, 'date', 'built', '建造日期', 'Built on');

  // --- reorder from the keyboard: the photo goes up above the city ------------------------------------------
  let order = await fieldOrder(page);
  t.deepEqual(order.slice(0, 11), ['id', 'boat_name', 'in_service_switch', 'category_id', 'cargo', 'hull', 'city', 'photo', 'story', 'length_m', 'built']);
  await page.focus('[data-design-field="photo"] button[aria-label="Move photo up"]');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => [...document.querySelectorAll('[data-field-list] > li')].findIndex((li) => (li as HTMLElement).dataset.designField === 'photo') === 6);
  order = await fieldOrder(page);
  t.is(order.indexOf('photo') + 1, order.indexOf('city'));

  // Quick search on the name, default order by length.
  await page.click('[data-table-option="quickSearch"] input[value="boat_name"]');
  await page.select('[data-table-option="sortField"]', 'length_m');

  // --- the live preview: list columns and form inputs from the compiled definition ----------------------------
  t.falsy(await page.$('[data-design-error]'), 'the design is valid');
  await page.waitForSelector('[data-preview-list] th[data-column="boat_name"]');
  t.regex(await page.$eval('[data-preview-list] th[data-column="boat_name"]', (th) => th.textContent ?? ''), /Boat name/);
  t.truthy(await page.$('[data-preview-list] th[data-column="length_m"] [data-sort]'), 'float columns sort');
  await page.click('[data-preview-tab="form"]');
  await page.waitForSelector('[data-preview-form] #crud-preview-boat_name');
  await page.type('[data-preview-form] #crud-preview-boat_name', 'Preview boat');
  await page.click('[data-preview-tab="list"]');
  await page.waitForFunction(() => /Preview boat/.test(document.querySelector('[data-preview-list] td[data-column="boat_name"]')?.textContent ?? ''));
  // A refusal shows while designing: a reserved word as field name.
  await page.click('[data-design-field="built"] button[aria-pressed]');
  await setValue(page, `${EDITOR} [data-field-option="name"]`, 'select');
  await page.waitForFunction(() => /reserved word/.test(document.querySelector('[data-design-error]')?.textContent ?? ''));
  await setValue(page, `${EDITOR} [data-field-option="name"]`, 'built');
  await page.waitForFunction(() => !document.querySelector('[data-design-error]'));

  // --- generate: the menu appears and the new screen opens, no server restart ---------------------------------
  await page.click('[data-generate]');
  await toast(page, /Generated: canal\/boat/);
  await page.waitForSelector('a[data-menu="canal/boat"]', { visible: false });
  const screen = '[data-crud-page="canal/boat"]';
  await page.waitForSelector(screen);
  t.regex(await page.$eval('a[data-menu="canal/boat"]', (a) => a.textContent ?? ''), /Boats/, 'the menu is titled in English');

  // --- add two rows through the generated form ----------------------------------------------------------------
  const form = '[data-crud-form="canal/boat"]';
  await page.click(`${screen} [data-toolbar="add"]`);
  await page.waitForSelector(form);
  await page.type(`${form} [data-column="boat_name"] input`, 'Grain barge');
  await pickRemote(page, `${form} [data-column="category_id"]`, '');
  await page.click(`${form} [data-column="cargo"] input[value="0"]`);
  await page.click(`${form} [data-column="cargo"] input[value="2"]`);
  await page.click(`${form} [data-column="hull"] input[value="1"]`);
  const province = await page.$eval(`${form} [data-column="city"] select`, (s) => (s as HTMLSelectElement).options[1]!.value);
  await page.select(`${form} [data-column="city"] select`, province);
  await page.waitForFunction((f) => (document.querySelectorAll(`${f} [data-column="city"] select`)[1] as HTMLSelectElement | undefined)?.options.length! > 1, {}, form);
  const city = await page.$eval(`${form} [data-column="city"]`, (g) => (g.querySelectorAll('select')[1] as HTMLSelectElement).options[1]!.value);
  await page.select(`${form} [data-column="city"] select:nth-of-type(1)`, province);
  await page.$eval(
    `${form} [data-column="city"]`,
    (g, v) => {
      const select = g.querySelectorAll('select')[1] as HTMLSelectElement;
      select.value = v;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    },
    city,
  );
  const photo = await page.$(`${form} [data-column="photo"] input[type="file"]`);
  await photo!.uploadFile(pngFile());
  await page.waitForSelector(`${form} [data-column="photo"] img[src*="/storage/"]`);
  await page.click(`${form} [data-column="story"] .ProseMirror`);
  await page.keyboard.type('Carried grain north.');
  await page.type(`${form} [data-column="length_m"] input`, '21.5');
  await setValue(page, `${form} [data-column="built"] input`, '1890-05-01');
  let reloaded = page.waitForResponse(isCall('/admin/canal.Boat/index'));
  await page.click('[data-form-submit]');
  await reloaded;
  await page.waitForFunction(() => !document.querySelector('dialog.crud-dialog'));

  await page.click(`${screen} [data-toolbar="add"]`);
  await page.waitForSelector(form);
  // The switch starts on (its default) and the required name is checked before sending.
  t.true(await page.$eval(`${form} [data-column="in_service_switch"] input`, (i) => (i as HTMLInputElement).checked));
  await page.click('[data-form-submit]');
  await page.waitForSelector(`${form} [data-column="boat_name"] .invalid-feedback`);
  await page.type(`${form} [data-column="boat_name"] input`, 'Silk junk');
  await page.click(`${form} [data-column="in_service_switch"] input`);
  await pickRemote(page, `${form} [data-column="category_id"]`, '');
  await page.type(`${form} [data-column="length_m"] input`, '9.25');
  reloaded = page.waitForResponse(isCall('/admin/canal.Boat/index'));
  await page.click('[data-form-submit]');
  await reloaded;
  await page.waitForFunction(() => !document.querySelector('dialog.crud-dialog'));

  const boats = await knex<BoatRow>('canal_boat').orderBy('id');
  t.is(boats.length, 2);
  t.like(boats[0], { boat_name: 'Grain barge', in_service_switch: 1, cargo: '0,2', hull: '1', built: '1890-05-01', length_m: 21.5 });
  t.regex(boats[0]!.city, /^\d+,\d+$/);
  t.regex(boats[0]!.photo, /^\/storage\/.+\.png$/);
  t.is(boats[0]!.story, '<p>Carried grain north.</p>');
  t.like(boats[1], { boat_name: 'Silk junk', in_service_switch: 0 });
  await page.waitForFunction((s) => document.querySelector(`${s} [data-total]`)?.getAttribute('data-total') === '2', {}, screen);

  // --- search and sort -------------------------------------------------------------------------------------
  let answer = page.waitForResponse(isCall('/admin/canal.Boat/index'));
  await page.type(`${screen} [data-quick-search]`, 'Silk');
  await answer;
  await page.waitForFunction((s) => document.querySelector(`${s} [data-total]`)?.getAttribute('data-total') === '1', {}, screen);
  answer = page.waitForResponse(isCall('/admin/canal.Boat/index'));
  await page.$eval(`${screen} [data-quick-search]`, (i) => (i as HTMLInputElement).select());
  await page.keyboard.press('Backspace');
  await answer;
  await page.waitForFunction((s) => document.querySelector(`${s} [data-total]`)?.getAttribute('data-total') === '2', {}, screen);
  // The default order is the length, descending; a click on its header sorts ascending.
  const ids = () => page.$$eval(`${screen} tbody tr[data-row-id]`, (rows) => rows.map((r) => Number((r as HTMLElement).dataset.rowId)));
  t.deepEqual(await ids(), [boats[0]!.id, boats[1]!.id]);
  answer = page.waitForResponse(isCall('/admin/canal.Boat/index'));
  await page.click(`${screen} [data-sort="length_m"]`);
  await answer;
  await page.waitForSelector(`${screen} th[data-column="length_m"][aria-sort="ascending"]`);
  t.deepEqual(await ids(), [boats[1]!.id, boats[0]!.id]);

  // --- edit the barge -----------------------------------------------------------------------------------
  const barge = `${screen} tr[data-row-id="${boats[0]!.id}"]`;
  await page.click(`${barge} [data-action="edit"]`);
  await page.waitForFunction(() => (document.querySelector('[data-crud-form] [data-column="boat_name"] input') as HTMLInputElement | null)?.value === 'Grain barge');
  await page.$eval(`${form} [data-column="boat_name"] input`, (i) => (i as HTMLInputElement).select());
  await page.type(`${form} [data-column="boat_name"] input`, 'Grain barge No. 1');
  reloaded = page.waitForResponse(isCall('/admin/canal.Boat/index'));
  await page.click('[data-form-submit]');
  await reloaded;
  await page.waitForFunction((r) => /Grain barge No\. 1/.test(document.querySelector(r)?.textContent ?? ''), {}, barge);

  // --- delete the junk, then restore it from the recycle bin -------------------------------------------------
  const junk = `${screen} tr[data-row-id="${boats[1]!.id}"]`;
  await page.click(`${junk} [data-action="delete"]`);
  await page.waitForSelector('[data-confirm="ok"]');
  reloaded = page.waitForResponse(isCall('/admin/canal.Boat/index'));
  await page.click('[data-confirm="ok"]');
  await reloaded;
  await page.waitForFunction((r) => !document.querySelector(r), {}, junk);
  t.is((await knex('canal_boat').count<{ n: number }[]>('* as n'))[0]!.n, 1);
  await openMenu(page, 'security/dataRecycleLog');
  const bin = '[data-crud-page="security/dataRecycleLog"]';
  await page.waitForFunction((b) => [...document.querySelectorAll(`${b} tbody tr[data-row-id]`)].some((r) => /canal_boat/.test(r.textContent ?? '')), {}, bin);
  const entry = await page.$$eval(`${bin} tbody tr[data-row-id]`, (rows) => (rows.find((r) => /canal_boat/.test(r.textContent ?? '')) as HTMLElement).dataset.rowId);
  await page.click(`${bin} tr[data-row-id="${entry}"] [data-action="restore"]`);
  await page.waitForSelector('[data-confirm="ok"]');
  await page.click('[data-confirm="ok"]');
  await toast(page, /1 records restored/);
  t.like(await knex<BoatRow>('canal_boat').where({ id: boats[1]!.id }).first(), { boat_name: 'Silk junk', length_m: 9.25 });

  // --- take the design up from its log: rename the name, add a crew count; the rows stay ---------------------
  await openMenu(page, 'crud/crud');
  await page.waitForSelector('[data-designer-start] tbody tr[data-row-id] [data-log-action="start"]');
  await page.click('[data-designer-start] tbody tr[data-row-id] [data-log-action="start"]');
  await page.waitForSelector('[data-designer] [data-design-field="boat_name"]');
  t.true(await page.$eval('[data-table-option="name"]', (i) => (i as HTMLInputElement).disabled), 'an existing table keeps its name');
  await page.click('[data-design-field="boat_name"] button[aria-pressed]');
  await setValue(page, `${EDITOR} [data-field-option="name"]`, 'vessel_name');
  await page.waitForSelector('[data-field-editor="vessel_name"]');
  await addField(page, 'number', 'crew', '船员', 'Crew');
  await page.click('[data-generate]');
  // The table exists: the admin is asked, with the changes listed.
  await page.waitForSelector('[data-design-changes]');
  const changes = await page.$eval('[data-design-changes]', (e) => e.textContent ?? '');
  t.regex(changes, /rename boat_name to vessel_name/);
  t.regex(changes, /add crew after vessel_name/);
  await page.click('[data-confirm="ok"]');
  await toast(page, /Generated: canal\/boat/);
  await page.waitForSelector(`${screen} th[data-column="crew"]`);
  const after = await knex<BoatRow>('canal_boat').orderBy('id');
  t.deepEqual(after.map((b) => b.vessel_name), ['Grain barge No. 1', 'Silk junk']);
  t.deepEqual(after.map((b) => b.length_m), [21.5, 9.25]);
  t.true(after.every((b) => 'crew' in b));
  await page.waitForFunction((r) => /Grain barge No\. 1/.test(document.querySelector(r)?.textContent ?? ''), {}, barge);

  // --- delete the module: menu and screen go, the table stays ----------------------------------------------
  await openMenu(page, 'crud/crud');
  await page.waitForSelector('[data-designer-start] tbody tr[data-row-id] [data-log-action="delete"]');
  await page.click('[data-designer-start] tbody tr[data-row-id] [data-log-action="delete"]');
  await page.waitForSelector('[data-confirm="ok"]');
  t.regex(await page.$eval('dialog.crud-dialog', (d) => d.textContent ?? ''), /canal_boat and its rows are kept/);
  await page.click('[data-confirm="ok"]');
  await page.waitForFunction(() => !document.querySelector('a[data-menu="canal/boat"]'));
  t.is((await knex('canal_boat').count<{ n: number }[]>('* as n'))[0]!.n, 2);
  t.falsy(await knex('admin_rule').where('name', 'like', 'canal%').first());
  t.deepEqual(errors, []);
});
