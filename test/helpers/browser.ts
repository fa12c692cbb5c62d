import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestFn } from 'ava';
import puppeteer, { Page, type Browser, type BrowserContext, type BrowserContextOptions, type Target } from 'puppeteer-core';
import { startServer, type TestServer } from './server.ts';
import { findChromium, headlessMode } from '../../scripts/chromium.ts';

/** What a page was showing: its address and the start of its text. */
async function shown(page: Page): Promise<string> {
  return page.evaluate(() => `${location.href}\n${document.body?.innerText.slice(0, 2000) ?? ''}`).catch((e: unknown) => String(e));
}

/** What a wait was given, short: a selector, a function's source, a predicate's. */
function described(arg: unknown): string {
  const text = typeof arg === 'function' ? arg.toString() : typeof arg === 'string' ? arg : '';
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

// AVA prints a rejected puppeteer TimeoutError as `TimeoutError { name }`, without its message, and with a stack
// that ends inside puppeteer: a long browser test that timed out on a busy CI machine would not say which of its
// waits did. So every wait of a page fails with an Error naming what it waited for and what the page showed.
for (const name of ['waitForSelector', 'waitForFunction', 'waitForNavigation', 'waitForResponse', 'waitForRequest', 'waitForNetworkIdle'] as const) {
  const wait = Page.prototype[name] as (this: Page, ...args: unknown[]) => Promise<unknown>;
  Object.defineProperty(Page.prototype, name, {
    configurable: true,
    writable: true,
    value: async function (this: Page, ...args: unknown[]) {
      const started = Date.now();
      try {
        return await wait.apply(this, args);
      } catch (err) {
        throw new Error(`${name}(${described(args[0])}) failed after ${Date.now() - started} ms: ${String(err)}\nThe page showed: ${await shown(this)}`, { cause: err });
      }
    },
  });
}

/** Headless Chromium from the system. Browser tests fail (never skip) when none is installed. */
export async function launchBrowser(): Promise<{ browser: Browser; close(): Promise<void> }> {
  const executablePath = findChromium();
  if (!executablePath) {
    throw new Error(
      'No Chromium found for the browser tests. Install it (Debian/Ubuntu: `sudo apt-get install chromium-headless-shell`, or chromium) ' +
        'or point CHROMIUM_PATH at a Chrome/Chromium binary.',
    );
  }
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-chromium-'));
  const browser = await puppeteer.launch({
    executablePath,
    userDataDir,
    headless: headlessMode(executablePath),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // Bootstrap scrolls smoothly unless motion is reduced: a click on an element scrolled into view would land
      // where it was mid-scroll on a busy machine, and nothing would happen.
      '--force-prefers-reduced-motion',
      // The language pages are asked for in (Accept-Language, navigator.language): the headless shell sends
      // none of its own, the browser its system's, so tests that open a page without ?lang= would differ.
      '--lang=en-US',
      '--accept-lang=en-US,en',
    ],
  });
  throttled(browser);
  return {
    browser,
    async close() {
      await browser.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** TEST_CPU_THROTTLE=4 runs every page as a phone four times slower would: races that a fast machine hides show. */
function throttled(pages: Browser | BrowserContext): void {
  const throttle = Number(process.env.TEST_CPU_THROTTLE ?? 1);
  if (throttle <= 1) return;
  pages.on('targetcreated', (target: Target) => {
    void target
      .page()
      .then(async (page) => page && (await page.createCDPSession()).send('Emulation.setCPUThrottlingRate', { rate: throttle }))
      // A page closed before its session opened has nothing left to slow down.
      .catch(() => undefined);
  });
}

/**
 * A Chromium for the browser test files of `npm test` to share (SHARED_CHROMIUM). The process that starts it
 * lets go of it at once: a client still attached to the browser holds every new page until it has seen it, and
 * would take part in all of the run's traffic. Closing it still ends the process and removes its profile.
 */
export async function launchSharedBrowser(): Promise<{ endpoint: string; close(): Promise<void> }> {
  const { browser, close } = await launchBrowser();
  const endpoint = browser.wsEndpoint();
  await browser.disconnect();
  return { endpoint, close };
}

/** What a test file uses of its Chromium: pages, and contexts of their own (a second visitor, a member). */
export type SuiteBrowser = Pick<Browser, 'newPage' | 'createBrowserContext'>;

/** A test file's portal and Chromium, for its tests to use once the suite has started them. */
export interface BrowserSuite {
  readonly server: TestServer;
  readonly browser: SuiteBrowser;
}

/** The environment variable by which `npm test` hands its one Chromium to the browser test files. */
export const SHARED_CHROMIUM = 'TEST_CHROMIUM_ENDPOINT';

/**
 * The file's Chromium: under `npm test`, a context of its own in the run's one Chromium (cookies, storage and
 * cache apart from every other file's, as in a browser of its own), which saves a browser start per file; a
 * file run alone starts its own. Closing closes every context the file opened there.
 */
async function fileBrowser(): Promise<{ browser: SuiteBrowser; close(): Promise<void> }> {
  const endpoint = process.env[SHARED_CHROMIUM];
  if (!endpoint) return launchBrowser();
  const shared = await puppeteer.connect({ browserWSEndpoint: endpoint });
  const contexts: BrowserContext[] = [];
  const opened = async (options?: BrowserContextOptions) => {
    const context = await shared.createBrowserContext(options);
    throttled(context);
    contexts.push(context);
    return context;
  };
  const own = await opened();
  return {
    browser: { newPage: () => own.newPage(), createBrowserContext: opened },
    async close() {
      // A context the test closed itself is already gone.
      for (const context of contexts) await context.close().catch(() => undefined);
      await shared.disconnect();
    },
  };
}

/**
 * Starts a portal (with `env`, or what `env()` answers once something it needs has started) and opens its
 * Chromium (fileBrowser) before the file's tests, and stops both after them, whatever happened. Hooks the file
 * declares after this call run after the start, and after the stop.
 */
export function browserSuite(test: TestFn, env: Record<string, string> | (() => Promise<Record<string, string>>) = {}): BrowserSuite {
  let server: TestServer | undefined;
  let chromium: Awaited<ReturnType<typeof fileBrowser>> | undefined;
  // Serial hooks: AVA starts the file's own (later) hooks only once these are done.
  test.serial.before(async () => {
    server = await startServer(typeof env === 'function' ? await env() : env);
    chromium = await fileBrowser();
  });
  test.serial.after.always(async () => {
    await chromium?.close();
    await server?.stop();
  });
  const started = <T>(part: T | undefined, what: string): T => {
    if (part === undefined) throw new Error(`The ${what} of this test file has not started (did its before hook fail?)`);
    return part;
  };
  return {
    get server() {
      return started(server, 'portal');
    },
    get browser() {
      return started(chromium, 'Chromium').browser;
    },
  };
}

/**
 * Collects a page's script errors, console errors and failed requests, each request by its URL (the console's
 * "Failed to load resource" line would not say which). The browser's own /favicon.ico probe is not ours.
 */
export function collectErrors(page: Page, errors: string[] = []): string[] {
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
  });
  page.on('response', (r) => {
    if (r.status() >= 400 && !r.url().endsWith('/favicon.ico')) errors.push(`${r.status()} ${r.url()}`);
  });
  return errors;
}

/** A wait of a test; when it fails, the failure names the step and says what the page showed and which errors it had. */
export async function step<T>(page: Page, what: string, errors: readonly string[], wait: Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await wait;
  } catch (err) {
    throw new Error(`${what}, after ${Date.now() - started} ms: ${String(err)}\nThe page showed: ${await shown(page)}\nErrors: ${errors.join('\n') || 'none'}`);
  }
}

/**
 * Waits for a toast with exactly this text, then clears the toasts (they cover the top bar for a few seconds).
 * Polled on DOM changes: a toast lives four seconds, and polling by animation frames can miss it on a busy machine.
 */
export async function toastText(page: Page, text: string): Promise<void> {
  await page.waitForFunction((wanted: string) => [...document.querySelectorAll('#portal-toasts .alert')].some((a) => a.textContent === wanted), { polling: 'mutation' }, text);
  await page.evaluate(() => document.getElementById('portal-toasts')?.replaceChildren());
}

/**
 * Starts watching for `selector` to be inserted; resolves, at that moment, whether the focus is on `focused`.
 * Observer callbacks run right after the commit that inserted it, before the next frame, so a focus put there a
 * frame later (Preact's plain effects, a timer) does not count: a key the user types at once would be lost.
 */
export function focusedOnArrival(page: Page, selector: string, focused: string): Promise<boolean> {
  return page.evaluate(
    (wanted: string, target: string) =>
      new Promise<boolean>((resolve) => {
        const observer = new MutationObserver(() => {
          if (!document.querySelector(wanted)) return;
          observer.disconnect();
          resolve(document.activeElement?.matches(target) === true);
        });
        observer.observe(document.body, { childList: true, subtree: true });
      }),
    selector,
    focused,
  );
}
