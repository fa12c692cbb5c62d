import path from 'node:path';
import purgeCSSPlugin from '@fullhuman/postcss-purgecss';
import type { Plugin } from 'postcss';
import { RICH_TEXT_TAGS } from '../src/server/services/richText.ts';

/**
 * Stylesheets a first visit pays for keep only the rules whose classes their pages can render: Bootstrap's
 * utilities alone are most of each, and a slow phone loads all of it before the first paint. Each sheet is
 * scanned against every source its pages are rendered from. The back office is cut too (issue 31: its first
 * view after login had 54 KB gzip of stylesheets); the member centre keeps its whole stylesheet.
 */

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * Class names built at run time (`stage-${stage}`, the captcha's `text-${tone}`, the cloud tour's
 * `label-${side}`), which no scan finds whole.
 */
const BUILT_CLASSES = [/^stage-/, /^difficulty-/, /^text-(success|danger|warning|info|secondary)$/, /^label-(e|w|n|s|ne|nw|se|sw)$/];

interface PurgedSheet {
  sources: string[];
  /** Markup the sheet must style that no source names: the tags stored rich text may hold, the page shell. */
  raw?: string;
  /** Classes of this sheet's pages that no source names whole. */
  built?: RegExp[];
  /** Custom properties to keep though no rule reads them (a script may). */
  variables?: RegExp[];
}

/** What react-bootstrap's Modal, Offcanvas and Dropdown add from their props (`size="lg"`, `align="end"`). */
const REACT_BOOTSTRAP_CLASSES = [
  /^modal(-(dialog|content|header|title|body|footer|backdrop|open|static|sm|lg|xl|dialog-scrollable|dialog-centered))?$/,
  /^offcanvas(-(start|end|top|bottom|header|title|body|backdrop))?$/,
  /^dropdown(-(menu|toggle|item|item-text|header|divider|menu-end|menu-start))?$/,
  /^drop(up|end|start)$/,
  /^(fade|show|showing|hiding|collapsing|btn-close)$/,
];

const SHEETS: Record<string, PurgedSheet> = {
  // The public site; staff-written rich text carries no classes (the sanitiser drops them), only its tags.
  'src/styles/site.scss': {
    // Globs: the route group's parentheses are escaped, or they read as a pattern.
    sources: ['src/pages/\\(site\\)/**/*.tsx', 'src/pages/_error/**/*.tsx', 'src/components/**/*.tsx', 'src/islands/*.tsx', 'src/islands/{app,lib,user}/**/*.{ts,tsx}', 'src/shared/**/*.ts'],
    // vike-react renders the pages into <div id="root">, which the sticky footer's rule names.
    raw: `<body><div id="root"></div>${RICH_TEXT_TAGS.map((tag) => `<${tag}>`).join('')}</body>`,
  },
  // The back office after login: its shell, screens and dialogs, whose tones and layout modes are built
  // (`text-bg-${tone}`, `layout-${mode}`).
  'src/styles/admin.scss': {
    sources: ['src/pages/admin/**/*.tsx', 'src/components/**/*.tsx', 'src/islands/**/*.{ts,tsx}', 'src/shared/**/*.ts', 'src/resources/**/*.ts'],
    built: [...REACT_BOOTSTRAP_CLASSES, /^(bg|text-bg)-(primary|secondary|success|danger|warning|info|light|dark)$/, /^layout-/],
    // `.dropdown-menu-end` sets only this, for Bootstrap's own script: without it the class would have no rule.
    variables: [/^--bs-position$/],
  },
  // The admin login page: the admin stylesheet, for the login form alone.
  'src/styles/admin-login.scss': {
    sources: ['src/pages/admin/login/**/*.tsx', 'src/pages/admin/+Head.tsx', 'src/components/Island.tsx', 'src/islands/admin/AdminLogin.tsx', 'src/islands/ClickCaptcha.tsx', 'src/islands/lib/**/*.{ts,tsx}', 'src/shared/**/*.ts'],
  },
};

function purgeFor(sheet: PurgedSheet): Plugin {
  // The creator is typed as plugin-or-processor; what it returns is the plugin object with OnceExit.
  return purgeCSSPlugin({
    content: [...sheet.sources.map((glob) => path.join(ROOT, glob)), ...(sheet.raw ? [{ raw: sheet.raw, extension: 'html' }] : [])],
    safelist: { standard: [...BUILT_CLASSES, ...(sheet.built ?? [])], variables: sheet.variables ?? [] },
    variables: true,
    keyframes: true,
    fontFace: true,
  }) as Plugin;
}

export function purgeUnusedCss(): Plugin {
  const purges = new Map(Object.entries(SHEETS).map(([file, sheet]) => [path.join(ROOT, file), purgeFor(sheet)]));
  return {
    postcssPlugin: 'purge-unused-css',
    OnceExit(root, helpers) {
      const purge = purges.get(root.source?.input.file ?? '');
      return purge?.OnceExit?.(root, helpers);
    },
  };
}
