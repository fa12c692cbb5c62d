import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'puppeteer-core';
import type { MenuNode } from '../../src/shared/account.ts';

// axe-core in the browser tests: what each accessibility test file runs on its pages.

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844, isMobile: true, hasTouch: true },
  { name: 'desktop', width: 1366, height: 768 },
] as const;

export interface Violation {
  id: string;
  impact: string | null;
  nodes: string[];
}

/** Pages that load axe-core into each new document themselves. */
const axePages = new WeakSet<Page>();

/**
 * Puts axe-core into the page's document now and into each it loads from now on. Sent with every document
 * instead (addScriptTag), its half a megabyte took longer to send and run than axe took to check the page
 * (about 300 ms against 200 per public page). Our CSP allows no inline or foreign script: the test's own goes
 * in around it.
 */
async function withAxe(page: Page): Promise<void> {
  if (!axePages.has(page)) {
    axePages.add(page);
    await page.evaluateOnNewDocument(AXE_SOURCE);
  }
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
}

/** axe-core over the page as it is now: WCAG 2.0–2.2 A and AA rules, and headings in order. */
export async function violations(page: Page): Promise<Violation[]> {
  await withAxe(page);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      rules: { 'heading-order': { enabled: true } },
      // Only violations are read: axe then skips building a selector for every node that passes.
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  });
}

/** The pages of a menu tree (not its folders or external links), as paths below the app's base. */
export function menuPages(nodes: readonly MenuNode[]): string[] {
  return nodes.flatMap((n) => [...(n.type === 'menu' && n.menu_type === 'tab' ? [n.path] : []), ...menuPages(n.children ?? [])]);
}

/**
 * A function that waits until the page has drawn what it loads: no request of its own in flight for 300 ms and
 * no spinner left. (Counted here: puppeteer's waitForNetworkIdle never settled on the admin shell.) A request a
 * navigation cut off may report neither end, so the count starts afresh with each document, and a connection
 * held open stops the wait after ten seconds.
 */
export function settling(page: Page): () => Promise<void> {
  let pending = new Set<unknown>();
  let changed = Date.now();
  page.on('request', (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) pending = new Set();
    pending.add(r);
    changed = Date.now();
  });
  const end = (r: unknown) => {
    pending.delete(r);
    changed = Date.now();
  };
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  return async () => {
    const giveUp = Date.now() + 10_000;
    while ((pending.size > 0 || Date.now() - changed < 300) && Date.now() < giveUp) await new Promise((r) => setTimeout(r, 50));
    await page.waitForFunction(() => !document.querySelector('.spinner-border, [aria-busy="true"]'));
  };
}

/** Every violation found, by screen: each test checks all its screens before its verdict, so one run names them all. */
export async function check(failures: Record<string, Violation[]>, page: Page, where: string): Promise<void> {
  const found = await violations(page);
  if (found.length > 0) failures[where] = found;
}
