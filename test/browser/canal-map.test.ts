import test from 'ava';
import type { Page } from 'puppeteer-core';
import { browserSuite, collectErrors } from '../helpers/browser.ts';

const suite = browserSuite(test);

/** Boxes of the first view: the frame, every stop with its label, and the SVG's own labels (in map units). */
function firstView(page: Page) {
  return page.evaluate(() => {
    const frame = document.querySelector('.tour-frame')!;
    const canvas = document.querySelector('.tour-canvas')!.getBoundingClientRect();
    const svg = document.querySelector<SVGSVGElement>('.tour-canvas svg')!;
    return {
      pans: frame.scrollWidth > frame.clientWidth + 1,
      frame: frame.getBoundingClientRect().toJSON() as DOMRect,
      canvas: canvas.toJSON() as DOMRect,
      stops: [...document.querySelectorAll<HTMLElement>('.tour-stop')].map((stop) => {
        const label = stop.querySelector('.tour-stop-label')!;
        const b = stop.getBoundingClientRect();
        return { name: label.textContent!, x: b.left + b.width / 2, y: b.top + b.height / 2, stop: b.toJSON() as DOMRect, label: label.getBoundingClientRect().toJSON() as DOMRect, clip: getComputedStyle(label).clipPath };
      }),
      svgLabels: [...svg.querySelectorAll<SVGTextElement>('text')].map((text) => {
        const b = text.getBBox();
        return { text: text.textContent!, left: b.x, right: b.x + b.width, width: svg.viewBox.baseVal.width };
      }),
    };
  });
}

for (const [width, height] of [[390, 844], [1366, 900]] as const) {
  for (const lang of ['en', 'zh-cn'] as const) {
    test.serial(`cloud tour at ${width} px (${lang}): the whole canal in view, every city named, zoom and pan offered`, async (t) => {
      const errors: string[] = [];
      const page = await suite.browser.newPage();
      collectErrors(page, errors);
      await page.setViewport({ width, height, isMobile: width < 600, hasTouch: width < 600 });
      await page.goto(`${suite.server.url}/canal?lang=${lang}`, { waitUntil: 'networkidle0' });
      const view = await firstView(page);
      t.false(view.pans, 'nothing to pan on first view');
      const cities = Number((await suite.server.app.knex('canal_city').where({ status: '1' }).count<{ n: number }[]>('id as n'))[0]!.n);
      t.is(view.stops.length, cities);
      for (const name of lang === 'en' ? ['Luoyang', 'Ningbo', 'Beijing', 'Hangzhou'] : ['洛阳', '宁波', '北京', '杭州']) {
        const stop = view.stops.find((s) => s.name === name);
        t.truthy(stop, name);
        t.true(stop!.stop.left >= view.frame.left && stop!.stop.right <= view.frame.right && stop!.stop.left >= 0 && stop!.stop.right <= width, `${name} is in view`);
      }
      // Every city is named without pointing at it, and no name is cut by the map's edge.
      for (const s of view.stops) {
        t.is(s.clip, 'none', `${s.name} labelled`);
        t.true(s.label.width > 8, `${s.name}'s label shows`);
        t.true(s.label.left >= view.canvas.left - 0.5 && s.label.right <= view.canvas.right + 0.5, `${s.name}'s label inside the map`);
      }
      for (const l of view.svgLabels) t.true(l.left >= 0 && l.right <= l.width, `"${l.text}" not cropped`);
      // Names in the page's language, and no two on top of each other.
      for (const s of view.stops) t.is(/\p{Script=Han}/u.test(s.name), lang === 'zh-cn', `${s.name} in ${lang}`);
      for (let i = 0; i < view.stops.length; i++) {
        for (let j = i + 1; j < view.stops.length; j++) {
          const a = view.stops[i]!.label;
          const b = view.stops[j]!.label;
          const overlap = Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
          t.false(overlap, `${view.stops[i]!.name} and ${view.stops[j]!.name}: labels apart`);
        }
      }
      // Stops stay 24 px targets apart (WCAG 2.2 target size).
      for (let i = 0; i < view.stops.length; i++) {
        for (let j = i + 1; j < view.stops.length; j++) {
          const a = view.stops[i]!;
          const b = view.stops[j]!;
          t.true(Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y)) >= 23.5, `${a.name} and ${b.name} apart`);
        }
      }
      t.regex(await page.$eval('.tour-hint', (p) => p.textContent ?? ''), lang === 'en' ? /zoom in.*drag/i : /放大.*拖动/);

      // Zooming in makes the map pan; zooming out fits it again.
      t.is(await page.$eval('[data-zoom="out"]', (b) => (b as HTMLButtonElement).disabled), true);
      t.is(await page.$eval('[data-zoom="in"]', (b) => b.getAttribute('aria-label')), lang === 'en' ? 'Zoom in' : '放大');
      await page.click('[data-zoom="in"]');
      await page.waitForFunction(() => document.querySelector('.tour-frame')!.scrollWidth > document.querySelector('.tour-frame')!.clientWidth + 1);
      const zoomed = await page.$eval('.tour-canvas', (c) => c.getBoundingClientRect().width);
      t.true(zoomed > view.canvas.width * 1.5, `zoomed: ${zoomed} px`);
      if (width >= 600) {
        // A mouse drags the map about, pressed on the map itself: a press on a stop is a click (the names move
        // once measured, so a fixed point may fall on one).
        const before = await page.$eval('.tour-frame', (f) => f.scrollLeft);
        const start = await page.$eval('.tour-frame', (f) => {
          const box = f.getBoundingClientRect();
          for (let y = box.top + 20; y < box.bottom - 20; y += 10) {
            for (let x = box.left + 60; x < box.right - 20; x += 10) {
              const at = document.elementFromPoint(x, y);
              if (at && f.contains(at) && !at.closest('button, .tour-stop, [data-zoom]')) return { x, y };
            }
          }
          return null;
        });
        t.not(start, null, 'a free place on the map to press');
        if (start) {
          const pressed = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.outerHTML.slice(0, 120) ?? '', start);
          await page.mouse.move(start.x, start.y);
          await page.mouse.down();
          await page.mouse.move(start.x - 50, start.y, { steps: 5 });
          // Held there, 10 px from the frame's left edge when the first free place was the search's first column:
          // a press that also selected text would scroll the map back toward the pointer.
          await new Promise((resolve) => setTimeout(resolve, 300));
          await page.mouse.up();
          const after = await page.$eval('.tour-frame', (f) => f.scrollLeft);
          t.is(after, before + 50, `dragged 50 px: scrollLeft ${before} → ${after}, pressed on ${pressed}`);
        }
      }
      await page.click('[data-zoom="out"]');
      await page.waitForFunction(() => document.querySelector('.tour-frame')!.scrollWidth <= document.querySelector('.tour-frame')!.clientWidth + 1);
      t.is(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), true, 'the page never pans sideways');
      t.deepEqual(errors, []);
      await page.close();
    });
  }
}
