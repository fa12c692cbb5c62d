/** Shared steps of the CRUD designer's browser tests: adding a field from the palette, waiting for a toast. */
import type { Page } from 'puppeteer-core';
import { setValue } from './adminHelpers.ts';

/** The chosen field's editor. */
export const EDITOR = '[data-field-editor]';

/** Adds a field from the palette and names it; the new field is the chosen one. */
export async function addField(page: Page, type: string, name: string, zh: string, en: string): Promise<void> {
  const count = await page.$$eval('[data-field-list] > li', (items) => items.length);
  await page.click(`[data-palette="${type}"]`);
  await page.waitForFunction((n) => document.querySelectorAll('[data-field-list] > li').length === n + 1, {}, count);
  await setValue(page, `${EDITOR} [data-field-option="name"]`, name);
  await page.waitForSelector(`[data-field-editor="${name}"]`);
  await setValue(page, `${EDITOR} [data-field-option="titleZh"]`, zh);
  await setValue(page, `${EDITOR} [data-field-option="titleEn"]`, en);
}

/** Waits for a toast matching `pattern`, then clears the toasts. */
export async function toast(page: Page, pattern: RegExp): Promise<void> {
  await page.waitForFunction((source: string) => [...document.querySelectorAll('#portal-toasts .alert')].some((a) => new RegExp(source).test(a.textContent ?? '')), {}, pattern.source);
  await page.evaluate(() => document.getElementById('portal-toasts')?.replaceChildren());
}
