import test from 'ava';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BUILT_CLASS_NAME, iconStylesheet, scannedGlyphs } from '../../scripts/iconStyles.ts';
import { FALLBACK_GLYPH, MENU_ICONS, isMenuIcon, menuIconClass, menuIconSelector } from '../../src/shared/icons.ts';
import { adminScreenOf, adminView, memberScreenOf, memberView } from '../../src/shared/views.ts';

test('view paths: BuildAdmin file names for admin and member screens, and back to screen names', (t) => {
  t.is(adminView('auth/admin'), '/src/views/backend/auth/admin/index.vue');
  t.is(adminView('dashboard'), '/src/views/backend/dashboard.vue');
  t.is(adminView('routine/adminInfo'), '/src/views/backend/routine/adminInfo.vue');
  t.is(adminView('content/news'), '/src/views/backend/content/news/index.vue');
  t.is(memberView('account/overview'), '/src/views/frontend/user/account/overview.vue');
  for (const screen of ['auth/admin', 'dashboard', 'routine/adminInfo', 'content/news', 'security/dataRecycleLog']) t.is(adminScreenOf(adminView(screen)), screen);
  for (const screen of ['account/overview', 'account/trailApplication']) t.is(memberScreenOf(memberView(screen)), screen);
  // The reference turns pasted Windows paths into slashes; so do we when reading them.
  t.is(adminScreenOf('\\src\\views\\backend\\auth\\group\\index.vue'), 'auth/group');
  t.is(adminScreenOf('/src/views/backend/module/index.vue'), 'module');
  for (const bad of ['auth/admin', '', '/src/views/backend/', '/src/views/backend/x/../y/index.vue', '/src/views/frontend/user/account/overview.vue', '/src/views/backend/auth/admin/index.ts']) {
    t.is(adminScreenOf(bad), null, bad);
  }
  t.is(memberScreenOf('/src/views/backend/dashboard.vue'), null);
  t.is(memberScreenOf('account/overview'), null);
});

test('menu icons: stored names draw through the mapping, anything else draws the fallback only', (t) => {
  t.is(menuIconClass('fa fa-dashboard'), 'app-icon fa fa-dashboard');
  t.is(menuIconClass(' el-icon-Grid '), 'app-icon el-icon-Grid');
  t.is(menuIconClass('local-logo'), 'app-icon local-logo');
  // Case matters for Element Plus names, and a stored value is never passed through as markup.
  t.is(menuIconClass('el-icon-grid'), 'app-icon');
  t.is(menuIconClass('bi-house'), 'app-icon');
  t.is(menuIconClass('x" onclick="y'), 'app-icon');
  t.true(isMenuIcon('fa fa-user-circle-o'));
  t.false(isMenuIcon('fa'));
  t.is(menuIconSelector('fa fa-dashboard'), '.app-icon.fa.fa-dashboard');
  t.is(menuIconSelector('el-icon-UserFilled'), '.app-icon.el-icon-UserFilled');
});

test('icon stylesheet: a mask for every glyph the islands name and the mapping uses, nothing else', (t) => {
  const { css, glyphs } = iconStylesheet();
  const scanned = scannedGlyphs();
  for (const glyph of [...scanned.keys(), ...Object.values(MENU_ICONS)]) t.true(glyphs.includes(glyph), glyph);
  t.is(glyphs.length, new Set([...scanned.keys(), ...Object.values(MENU_ICONS)]).size);
  // Glyphs the islands use every day, by class, and a stored name by its selector.
  for (const cls of ['.bi-pencil', '.bi-trash', '.bi-chevron-down', '.bi-chevron-right', '.bi-type-h2']) t.regex(css, new RegExp(`(^|,)\\${cls}[,{]`, 'm'), cls);
  t.regex(css, /\.app-icon\.fa\.fa-dashboard[,{]/);
  // The fallback is drawn for any app-icon, from its glyph's file (the build copies it); no font is involved.
  t.true(css.includes(`.app-icon{--glyph:url("/node_modules/bootstrap-icons/icons/${FALLBACK_GLYPH}.svg")}`));
  t.false(/@font-face|woff/.test(css));
  t.true(fs.existsSync(path.resolve(import.meta.dirname, `../../node_modules/bootstrap-icons/icons/${FALLBACK_GLYPH}.svg`)));
});

test('icon stylesheet: class names built at run time and unknown glyphs are build errors', (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'icons-'));
  try {
    fs.writeFileSync(path.join(dir, 'A.tsx'), 'export const a = <i className="bi bi-pencil" />;');
    t.deepEqual([...scannedGlyphs(dir).keys()], ['pencil']);
    fs.writeFileSync(path.join(dir, 'B.tsx'), 'export const b = (open: boolean) => `bi-chevron-${open ? "down" : "up"}`;');
    t.throws(() => scannedGlyphs(dir), { message: /B\.tsx: icon class built at run time/ });
    fs.rmSync(path.join(dir, 'B.tsx'));
    fs.writeFileSync(path.join(dir, 'C.tsx'), 'export const c = "bi-no-such-glyph-anywhere";');
    t.throws(() => iconStylesheet(dir), { message: /icon "no-such-glyph-anywhere" \(used by .*C\.tsx\) is not in bootstrap-icons/ });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  t.regex('bi-type-h${level}', BUILT_CLASS_NAME);
  t.notRegex('bi-type-h2', BUILT_CLASS_NAME);
});
