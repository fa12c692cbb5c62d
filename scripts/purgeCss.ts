import path from 'node:path';
import purgeCSSPlugin from '@fullhuman/postcss-purgecss';
import type { Helpers, Plugin, Root } from 'postcss';
import { subtractRules } from './cssSubtract.ts';
import { RICH_TEXT_TAGS } from '../src/server/services/richText.ts';

/**
 * Stylesheets a first visit pays for keep only the rules whose classes their pages can render: Bootstrap's
 * utilities alone are most of each, and a slow phone loads all of it before the first paint. Each sheet is
 * scanned against every source its pages are rendered from. The back office is cut too (issue 31: its first
 * view after login had 54 KB gzip of stylesheets). Member pages load the public sheet and then user.scss, whose own
 * rules stay whole and which carries the public sheet's rules that only member screens name.
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

/** Globs of what public pages render from; the route group's parentheses are escaped, or they read as a pattern. */
const PUBLIC_SOURCES = ['src/pages/\\(site\\)/**/*.tsx', 'src/pages/_error/**/*.tsx', 'src/components/**/*.tsx', 'src/islands/*.tsx', 'src/islands/{app,lib}/**/*.{ts,tsx}', 'src/shared/**/*.ts'];
/** Public pages' markup that no source names: vike-react's `<div id="root">` (the sticky footer's rule names it) and
 * the tags of staff-written rich text, which carries no classes (the sanitiser drops them). */
const PUBLIC_RAW = `<body><div id="root"></div>${RICH_TEXT_TAGS.map((tag) => `<${tag}>`).join('')}</body>`;

const SITE: PurgedSheet = { sources: PUBLIC_SOURCES, raw: PUBLIC_RAW };
/** The site's stylesheet as member pages (which load it, then user.scss) need it: their screens name classes too. */
const SITE_FOR_MEMBERS: PurgedSheet = { sources: [...PUBLIC_SOURCES, 'src/islands/user/**/*.{ts,tsx}'], raw: PUBLIC_RAW };

/**
 * In user.scss, what follows this comment is the site's stylesheet again: the build keeps of it only the rules
 * member screens need that the public sheet lacks, so every public page does not carry them.
 */
const MEMBER_PART = 'member-only rules of the site stylesheet';

const SHEETS: Record<string, PurgedSheet> = {
  'src/styles/site.scss': SITE,
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

/**
 * user.scss's part after the MEMBER_PART comment, cut to the rules member screens need (the site sheet as
 * purged for them) less those the public sheet (loaded before it) already has.
 */
async function cutMemberPart(root: Root, helpers: Helpers): Promise<void> {
  const part = takeMemberPart(root, helpers);
  const publicSheet = part.clone();
  await purgeFor(SITE_FOR_MEMBERS).OnceExit?.(part, helpers);
  await purgeFor(SITE).OnceExit?.(publicSheet, helpers);
  subtractRules(part, publicSheet);
  root.append(part.nodes);
}

/** Takes user.scss's part after the MEMBER_PART comment (and the comment) out of it. */
function takeMemberPart(root: Root, helpers: Helpers): Root {
  const marker = root.nodes.findIndex((node) => node.type === 'comment' && node.text.includes(MEMBER_PART));
  if (marker < 0) throw new Error(`user.scss lost its "${MEMBER_PART}" comment`);
  const part = helpers.postcss.root();
  part.append(root.nodes.slice(marker + 1));
  root.nodes[marker]!.remove();
  return part;
}

const USER_SHEET = path.join(ROOT, 'src/styles/user.scss');

/** For the dev server, whose site sheet is whole: user.scss without its copy of it. */
export function memberPartDropped(): Plugin {
  return {
    postcssPlugin: 'member-part-dropped',
    OnceExit(root, helpers) {
      if (root.source?.input.file === USER_SHEET) takeMemberPart(root, helpers);
    },
  };
}

export function purgeUnusedCss(): Plugin {
  const purges = new Map(Object.entries(SHEETS).map(([file, sheet]) => [path.join(ROOT, file), purgeFor(sheet)]));
  return {
    postcssPlugin: 'purge-unused-css',
    OnceExit(root, helpers) {
      const file = root.source?.input.file ?? '';
      if (file === USER_SHEET) return cutMemberPart(root, helpers);
      return purges.get(file)?.OnceExit?.(root, helpers);
    },
  };
}
