import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { FALLBACK_GLYPH, MENU_ICONS, MENU_ICON_CLASS, menuIconSelector, type MenuIconName } from '../src/shared/icons.ts';

/**
 * The icon stylesheet of the admin and member apps (`import 'virtual:icons.css'`): one CSS mask per
 * bootstrap-icons glyph actually used, instead of the 130 KB icon font and its 13 KB stylesheet. A glyph is
 * used when src/islands names its class (`bi-pencil`) or a stored menu icon maps to it (src/shared/icons.ts).
 * The glyph is the SVG file of the bootstrap-icons package, painted in currentColor, so icons size and colour
 * like the font's did. Each glyph stays a file of its own (the build copies it to the assets, see
 * `isGlyphFile`), which the browser fetches once an element shows it: inlined as data URIs, the 175 glyphs
 * were 24 of the admin's 54 KB gzip of stylesheets, for the 20 or 30 a screen shows (issue 31).
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const SCANNED = path.join(ROOT, 'src/islands');
const GLYPH_DIR = path.join(ROOT, 'node_modules/bootstrap-icons/icons');
/** The glyph files as the build resolves them from the stylesheet: from the project's root. */
const GLYPH_URL = '/node_modules/bootstrap-icons/icons';
/** A complete class name: not followed by more of a name or a template placeholder. */
const CLASS_NAME = /\bbi-([a-z0-9]+(?:-[a-z0-9]+)*)(?![\w$-])/g;
/** A class name built at run time, which no scan can find. */
export const BUILT_CLASS_NAME = /\bbi-[a-z0-9-]*\$\{/;

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(file);
    else if (/\.(tsx?|jsx?)$/.test(entry.name)) yield file;
  }
}

/** The bootstrap-icons glyphs src/islands names, each with the first file naming it. */
export function scannedGlyphs(dir = SCANNED): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sourceFiles(dir)) {
    const text = fs.readFileSync(file, 'utf8');
    const built = BUILT_CLASS_NAME.exec(text);
    if (built) throw new Error(`${path.relative(ROOT, file)}: icon class built at run time ("${built[0]}…"); write each class name out in full`);
    for (const m of text.matchAll(CLASS_NAME)) if (!found.has(m[1]!)) found.set(m[1]!, path.relative(ROOT, file));
  }
  return found;
}

function glyphUri(glyph: string, usedBy: string): string {
  if (!fs.existsSync(path.join(GLYPH_DIR, `${glyph}.svg`))) throw new Error(`icon "${glyph}" (used by ${usedBy}) is not in bootstrap-icons`);
  return `url("${GLYPH_URL}/${glyph}.svg")`;
}

/** Whether Vite's asset file is a glyph, which the build copies rather than inlines (vite.config.ts). */
export const isGlyphFile = (file: string) => path.resolve(file).startsWith(GLYPH_DIR + path.sep) && file.endsWith('.svg');

/** The stylesheet and the glyphs it draws. */
export function iconStylesheet(dir = SCANNED): { css: string; glyphs: string[] } {
  const selectors = new Map<string, string[]>();
  const usedBy = new Map<string, string>();
  const add = (glyph: string, selector: string, by: string) => {
    selectors.set(glyph, [...(selectors.get(glyph) ?? []), selector]);
    if (!usedBy.has(glyph)) usedBy.set(glyph, by);
  };
  for (const [glyph, file] of scannedGlyphs(dir)) add(glyph, `.bi-${glyph}`, file);
  for (const [name, glyph] of Object.entries(MENU_ICONS)) add(glyph, menuIconSelector(name as MenuIconName), 'src/shared/icons.ts');
  const base = [
    // The element stays inline like the font's <i>; its ::before is the 1em glyph, masked out of currentColor.
    `.bi::before,.${MENU_ICON_CLASS}::before{content:"";display:inline-block;width:1em;height:1em;vertical-align:-.125em;background-color:currentColor;-webkit-mask:var(--glyph) center/contain no-repeat;mask:var(--glyph) center/contain no-repeat}`,
    `.${MENU_ICON_CLASS}{--glyph:${glyphUri(FALLBACK_GLYPH, 'the fallback')}}`,
  ];
  const rules = [...selectors].sort(([a], [b]) => a.localeCompare(b)).map(([glyph, list]) => `${list.join(',')}{--glyph:${glyphUri(glyph, usedBy.get(glyph)!)}}`);
  return { css: [...base, ...rules].join('\n'), glyphs: [...selectors.keys()].sort() };
}

const ID = 'virtual:icons.css';
const RESOLVED = `\0${ID}`;

/** The Vite plugin serving the stylesheet; in development a change under src/islands rebuilds it. */
export function iconStyles(): Plugin {
  let server: ViteDevServer | undefined;
  return {
    name: 'portal-icon-styles',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load: (id) => (id === RESOLVED ? iconStylesheet().css : undefined),
    configureServer(dev) {
      server = dev;
    },
    watchChange(file) {
      if (!server || !file.startsWith(SCANNED)) return;
      const mod = server.moduleGraph.getModuleById(RESOLVED);
      if (mod) void server.reloadModule(mod);
    },
  };
}
