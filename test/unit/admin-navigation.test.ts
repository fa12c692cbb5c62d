import test from 'ava';
import type { MenuNode } from '../../src/shared/account.ts';
import { STORAGE_KEYS } from '../../src/shared/constants/storage.ts';
import { buildNodeMap, hasNode } from '../../src/islands/app/permissions.ts';
import { buildRouteTable } from '../../src/islands/app/routes.ts';
import { NAV_ERRORS, adminHref, checkNavigation, explainMissing, loginHref, loginRedirect, navErrorKey, screenNode } from '../../src/islands/admin/navigation.ts';
import { CLEARABLE_KEYS, clearBrowserStorage } from '../../src/islands/admin/store.ts';

let ids = 0;
function node(fields: Partial<MenuNode>): MenuNode {
  return { id: ++ids, pid: 0, type: 'menu', title: '', title_en: '', name: '', path: '', icon: '', menu_type: 'tab', url: '', component: '', extend: 'none', ...fields };
}

const BASE = '/manage';
const menus: MenuNode[] = [
  node({ name: 'dashboard', path: 'dashboard', component: 'dashboard' }),
  node({
    type: 'menu_dir',
    name: 'auth',
    path: 'auth',
    children: [
      node({ name: 'auth/admin', path: 'auth/admin', component: 'auth/admin', children: [node({ type: 'button', name: 'auth/admin/add' }), node({ type: 'button', name: 'auth/admin/edit' })] }),
      node({ name: 'auth/popup', path: 'auth/popup', menu_type: 'popup', component: 'auth/admin' }),
      node({ name: 'auth/missing', path: 'auth/missing', component: 'no/screen' }),
    ],
  }),
  node({ type: 'menu_dir', name: 'links', path: 'links', children: [node({ name: 'links/docs', path: 'links/docs', menu_type: 'link', url: 'https://example.org' })] }),
];
const table = buildRouteTable(menus, { base: BASE, hasComponent: (c) => c === 'dashboard' || c === 'auth/admin' });
const here = { pathname: '/manage/dashboard', search: '' };

test('admin hrefs: under the base as given, else relative to it', (t) => {
  t.is(adminHref(BASE, '/manage/auth/admin'), '/manage/auth/admin');
  t.is(adminHref(BASE, 'auth/admin'), '/manage/auth/admin');
  t.is(adminHref(BASE, '/auth/admin?x=1'), '/manage/auth/admin?x=1');
  t.is(adminHref(BASE, '/manage'), '/manage');
  t.is(adminHref(BASE, '/managers'), '/manage/managers', 'a longer name is not the base');
});

test('navigation goes to pages, groups with pages, safe iframes and the base; everything else is an error', (t) => {
  t.deepEqual(checkNavigation(table, here, 'auth/admin?page=2'), { ok: true, href: '/manage/auth/admin?page=2' });
  t.deepEqual(checkNavigation(table, here, '/manage/auth'), { ok: true, href: '/manage/auth' }, 'a group leads to its first page');
  t.deepEqual(checkNavigation(table, here, '/manage'), { ok: true, href: '/manage' });
  t.deepEqual(checkNavigation(table, here, `/manage/iframe/${encodeURIComponent('https://example.org/x')}`).ok, true);
  t.deepEqual(checkNavigation(table, here, `/manage/iframe/${encodeURIComponent('javascript:alert(1)')}`), { ok: false, error: 'invalidRoute' });
  t.deepEqual(checkNavigation(table, here, '/manage/nothing'), { ok: false, error: 'invalidRoute' });
  t.deepEqual(checkNavigation(table, here, '/manage/links'), { ok: false, error: 'invalidRoute' }, 'a folder of links has no page');
  t.deepEqual(checkNavigation(table, here, 'dashboard'), { ok: false, error: 'alreadyThere' });
  t.deepEqual(checkNavigation(table, { pathname: '/manage/dashboard/', search: '?' }, '/manage/dashboard'), { ok: false, error: 'alreadyThere' });
  t.true(checkNavigation(table, here, 'dashboard?tab=2').ok, 'another query is another place');
});

test('a path the rules name but the shell cannot show says why', (t) => {
  t.is(explainMissing(menus, BASE, '/manage/auth/popup'), 'menuTypeUnknown');
  t.is(explainMissing(menus, BASE, '/manage/auth/missing'), 'invalidRoute');
  t.is(explainMissing(menus, BASE, '/manage/links'), 'noChildMenu');
  t.is(explainMissing(menus, BASE, '/manage/links/docs'), 'invalidRoute', 'a link item has no page of its own');
  t.is(explainMissing(menus, BASE, '/manage/elsewhere'), null);
  t.deepEqual(
    NAV_ERRORS.map(navErrorKey),
    ['admin:navError.beyondRange', 'admin:navError.menuTypeUnknown', 'admin:navError.guardIntercepted', 'admin:navError.alreadyThere', 'admin:navError.invalidRoute', 'admin:navError.noChildMenu'],
  );
});

test('permission nodes of a screen: bare actions are its own, paths sit under the base, names pass through', (t) => {
  const map = buildNodeMap(menus, BASE);
  const screen = '/manage/auth/admin';
  const can = (query: Parameters<typeof screenNode>[0], isSuper = false) => hasNode(map, screenNode(query, BASE, screen), isSuper);
  t.true(can('add'));
  t.false(can('del'));
  t.true(can('/auth/admin/edit'));
  t.true(can('/manage/auth/admin/edit'));
  t.false(can('/dashboard/add'));
  t.true(can({ name: 'auth/admin', node: 'add' }));
  t.false(can({ name: 'auth/admin', node: 'del' }));
  t.true(can('del', true), 'super admins hold every node');
});

test('after logging in, only pages of this admin are followed', (t) => {
  t.is(loginRedirect('/manage/auth/admin?page=2', BASE), '/manage/auth/admin?page=2');
  t.is(loginRedirect('/manage', BASE), '/manage');
  for (const bad of [null, '', 'https://evil.example/manage', '//evil.example/manage', '/\\evil.example', '/manage/../user', '/user/account', '/managex', '/manage/login', 'manage/a', '/manage/\u0000x']) {
    t.is(loginRedirect(bad, BASE), null, String(bad));
  }
  t.is(loginHref(BASE, '/manage/auth/admin?x=1'), '/manage/login?redirect=%2Fmanage%2Fauth%2Fadmin%3Fx%3D1');
  t.is(loginHref(BASE, '/manage'), '/manage/login', 'the home needs no redirect');
  t.is(loginHref(BASE, '/elsewhere'), '/manage/login');
});

test('clearing the browser cache keeps both logins', (t) => {
  t.deepEqual([...CLEARABLE_KEYS].sort(), [STORAGE_KEYS.config, STORAGE_KEYS.tabView, STORAGE_KEYS.terminal].sort());
  const store = new Map<string, string>(Object.values(STORAGE_KEYS).map((k) => [k, 'x']));
  store.set('other', 'y');
  clearBrowserStorage({ removeItem: (k: string) => void store.delete(k) });
  t.deepEqual([...store.keys()].sort(), [STORAGE_KEYS.adminInfo, 'other', STORAGE_KEYS.userInfo].sort());
});
