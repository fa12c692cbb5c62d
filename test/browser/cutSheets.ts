import path from 'node:path';
import type { Page } from 'puppeteer-core';
import * as sass from 'sass-embedded';
import { SASS_OPTIONS } from '../../scripts/sassOptions.ts';

// The stylesheets are cut at build time to the classes their sources name (scripts/purgeCss.ts). A source the
// scan misses loses its rules silently: these read a page as drawn and name each class the whole stylesheet
// styles that the served ones do not.

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A stylesheet as written, before the cut. */
export function wholeSheet(file: string): string {
  return sass.compile(path.join(ROOT, file), { loadPaths: [path.join(ROOT, 'node_modules')], ...SASS_OPTIONS, silenceDeprecations: [...SASS_OPTIONS.silenceDeprecations], logger: sass.Logger.silent }).css;
}

/** Each selector of a stylesheet that names a class, as the classes it names (what a `:not()` names left out). */
function selectorClasses(css: string): string[][] {
  const selectors: string[][] = [];
  for (const [, list] of css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}]+)\{/g)) {
    for (const selector of list!.split(',')) {
      const named = [...selector.replace(/:not\([^)]*\)/g, '').matchAll(/\.(-?[a-zA-Z_][\w-]*)/g)].map((m) => m[1]!);
      if (named.length > 0) selectors.push(named);
    }
  }
  return selectors;
}

/** The sheets read so far, parsed once: a walk reads the same ones on every page (~0.1 s a page to parse again). */
const parsed = new Map<string, string[][]>();

/**
 * The classes of a page that a stylesheet styles: those of each selector whose every class the page carries
 * (`.nav-fill .nav-item` styles neither on a page without `nav-fill`; what a `:not()` names need not be there).
 */
function styledClasses(css: string, carried: ReadonlySet<string>): Set<string> {
  let selectors = parsed.get(css);
  if (!selectors) parsed.set(css, (selectors = selectorClasses(css)));
  const styled = new Set<string>();
  for (const named of selectors) if (named.every((name) => carried.has(name))) for (const name of named) styled.add(name);
  return styled;
}

/** The classes of a page that the whole stylesheet styles and the served ones do not. */
export function lostClasses(whole: string, served: string, carried: ReadonlySet<string>): string[] {
  const kept = styledClasses(served, carried);
  return [...styledClasses(whole, carried)].filter((name) => !kept.has(name));
}

/** Reads a page's served stylesheets, each address fetched once for all the pages it is asked of. */
export class ServedSheets {
  private readonly texts = new Map<string, string>();

  /** The classes the page carries now that `whole` styles and its stylesheets, linked so far, do not. */
  async unstyled(page: Page, whole: string): Promise<string[]> {
    const { classes, sheets } = await page.evaluate(() => ({
      classes: [...new Set([...document.querySelectorAll('[class]')].flatMap((e) => [...e.classList]))],
      sheets: [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((l) => l.href),
    }));
    for (const href of sheets) if (!this.texts.has(href)) this.texts.set(href, await (await fetch(href)).text());
    const served = sheets.map((href) => this.texts.get(href)!).join('\n');
    return lostClasses(whole, served, new Set(classes));
  }
}
