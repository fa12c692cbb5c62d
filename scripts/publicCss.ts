import path from 'node:path';
import purgeCSSPlugin from '@fullhuman/postcss-purgecss';
import type { Plugin } from 'postcss';
import { RICH_TEXT_TAGS } from '../src/server/services/richText.ts';

/**
 * The public stylesheet (src/styles/site.scss) keeps only the rules whose classes the public pages can
 * render: Bootstrap's utilities alone are most of its 160 KB, and a first visit on a slow phone pays for all
 * of it before the first paint. The scan covers every source a public page is rendered from; staff-written
 * rich text carries no classes (the sanitiser drops them), only the tags it allows. The admin's and the
 * member centre's own stylesheets are left whole.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const PUBLIC_STYLESHEET = path.join(ROOT, 'src/styles/site.scss');
const PUBLIC_SOURCES = ['src/pages/**/*.tsx', '!src/pages/admin/**', 'src/components/**/*.tsx', 'src/islands/*.tsx', 'src/islands/{app,lib,user}/**/*.{ts,tsx}', 'src/shared/**/*.ts'];

/** Class names the pages build at run time (`stage-${stage}`, the captcha's `text-${tone}`), which no scan finds whole. */
const BUILT_CLASSES = [/^stage-/, /^difficulty-/, /^text-(success|danger|warning|info|secondary)$/];

export function purgePublicCss(): Plugin {
  // The creator is typed as plugin-or-processor; what it returns is the plugin object with OnceExit.
  const purge = purgeCSSPlugin({
    content: [...PUBLIC_SOURCES.filter((glob) => !glob.startsWith('!')).map((glob) => path.join(ROOT, glob)), { raw: RICH_TEXT_TAGS.map((tag) => `<${tag}>`).join(''), extension: 'html' }],
    skippedContentGlobs: PUBLIC_SOURCES.filter((glob) => glob.startsWith('!')).map((glob) => path.join(ROOT, glob.slice(1))),
    safelist: { standard: BUILT_CLASSES },
    variables: true,
    keyframes: true,
    fontFace: true,
  }) as Plugin;
  return {
    postcssPlugin: 'purge-public-css',
    OnceExit(root, helpers) {
      if (root.source?.input.file !== PUBLIC_STYLESHEET) return;
      return purge.OnceExit?.(root, helpers);
    },
  };
}
