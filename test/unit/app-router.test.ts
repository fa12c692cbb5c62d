import test from 'ava';
import type { MenuNode } from '../../src/shared/account.ts';
import { inAppHref, ownsPath, type LinkClick } from '../../src/islands/app/history.ts';
import {
  iframePath,
  isWebUrl,
  joinPath,
  loadingPath,
  normalizePathname,
  parseIframePath,
  parseLoadingPath,
  targetHref,
  toLoadingTarget,
} from '../../src/islands/app/paths.ts';
import { trickle } from '../../src/islands/app/progress.ts';
import { activeItem, buildRouteTable, resolveLocation } from '../../src/islands/app/routes.ts';

const BASE = '/user';
let ids = 0;
function node(fields: Partial<MenuNode>): MenuNode {
  return { id: ++ids, pid: 0, type: 'menu', title: '', title_en: '', name: '', path: '', icon: '', menu_type: 'tab', url: '', component: '', extend: 'none', ...fields };
}

/** The seeded member menu plus one of every other kind of node. */
function menus(): MenuNode[] {
  return [
    node({
      type: 'menu_dir',
      name: 'account',
      path: 'account',
      children: [
        node({ name: 'account/overview', path: 'account/overview', component: 'account/overview' }),
        node({ name: 'account/profile', path: 'account/profile', component: 'account/profile' }),
        node({ name: 'account/unknown', path: 'account/unknown', component: 'account/nowhere' }),
        node({ name: 'account/docs', path: 'account/docs', menu_type: 'link', url: 'https://example.org/docs' }),
        node({ name: 'account/map', path: 'account/map', menu_type: 'iframe', url: 'https://example.org/map?a=1' }),
        node({ name: 'account/evil', path: 'account/evil', menu_type: 'iframe', url: 'javascript:alert(1)' }),
        node({ name: 'account/odd', path: 'account/odd', menu_type: 'popup' }),
        node({ type: 'button', name: 'account/profile/edit' }),
      ],
    }),
    node({ type: 'menu_dir', name: 'empty', path: 'empty', children: [node({ name: 'empty/x', path: 'empty/x', component: 'nope' })] }),
    node({ type: 'menu_dir', name: 'links', path: 'links', children: [node({ name: 'links/site', path: 'links/site', menu_type: 'link', url: '/about' })] }),
  ];
}

const KNOWN = new Set(['account/overview', 'account/profile']);
const table = () => buildRouteTable(menus(), { base: BASE, hasComponent: (c) => KNOWN.has(c) });

test('paths join and normalise', (t) => {
  t.is(joinPath('/user', 'account/overview'), '/user/account/overview');
  t.is(joinPath('/user', '/account/'), '/user/account');
  t.is(joinPath('/user', ''), '/user');
  t.is(normalizePathname('/user/a/'), '/user/a');
  t.is(normalizePathname('/'), '/');
});

test('the loading route carries the original path and query as encoded JSON, both ways', (t) => {
  const to = toLoadingTarget({ pathname: '/user/nothing/', search: '?x=1&y=%E6%B2%B3' });
  t.deepEqual(to, { path: '/user/nothing', query: { x: '1', y: '河' } });
  const path = loadingPath(BASE, to);
  t.is(path, `/user/loading/${encodeURIComponent(JSON.stringify(to))}`);
  t.notRegex(path.slice('/user/loading/'.length), /[/?#]/);
  t.deepEqual(parseLoadingPath(BASE, path), to);
  t.is(loadingPath(BASE), '/user/loading');
  t.is(parseLoadingPath(BASE, '/user/loading'), null);
  t.is(parseLoadingPath(BASE, '/user/loading/'), null);
  t.is(parseLoadingPath(BASE, '/user/loading/%7Bnot-json'), null);
  t.is(parseLoadingPath(BASE, '/user/loading/%E0%A4%A'), null);
  t.is(parseLoadingPath(BASE, `/user/loading/${encodeURIComponent('"just a string"')}`), null);
  t.is(parseLoadingPath(BASE, '/user/account'), undefined);
  t.is(parseLoadingPath(BASE, '/user/loadingx'), undefined);
  // Non-string query values from a hand-made link are kept as text; nested ones are dropped.
  t.deepEqual(parseLoadingPath(BASE, loadingPath(BASE, { path: '/user/a', query: { n: 2, o: { p: 1 } } } as never)), { path: '/user/a', query: { n: '2' } });
});

test('a loading target only ever leads inside the app', (t) => {
  t.is(targetHref(BASE, { path: '/user/account/balance', query: { page: '2' } }), '/user/account/balance?page=2');
  t.is(targetHref(BASE, { path: '/user', query: {} }), '/user');
  t.is(targetHref(BASE, { path: '//evil.example/user', query: {} }), null);
  t.is(targetHref(BASE, { path: 'https://evil.example/', query: {} }), null);
  t.is(targetHref(BASE, { path: '/admin', query: {} }), null);
  t.is(targetHref(BASE, { path: '/username', query: {} }), null);
  t.is(targetHref(BASE, { path: '/user/../admin', query: {} }), null);
});

test('iframe routes encode the whole url in one segment and accept only web addresses', (t) => {
  const url = 'https://example.org/map?a=1&b=/x#top';
  const path = iframePath(BASE, url);
  t.is(path, `/user/iframe/${encodeURIComponent(url)}`);
  t.is(parseIframePath(BASE, path), url);
  t.is(parseIframePath(BASE, '/user/iframe'), undefined);
  t.is(parseIframePath(BASE, '/user/account'), undefined);
  t.is(parseIframePath(BASE, '/user/iframe/%E0%A4%A'), undefined);
  t.true(isWebUrl('https://example.org'));
  t.true(isWebUrl('http://example.org/a'));
  t.true(isWebUrl('/about'));
  t.false(isWebUrl('javascript:alert(1)'));
  t.false(isWebUrl(' JavaScript:alert(1)'));
  t.false(isWebUrl('data:text/html,<b>x</b>'));
  t.false(isWebUrl('//evil.example/'));
  t.false(isWebUrl('/\\evil.example/'));
  t.false(isWebUrl('https:///nohost'));
});

test('the route table is built from menu nodes: groups, tabs with a known screen, links and iframes', (t) => {
  const { menu, routes, first } = table();
  t.deepEqual(
    menu.map((i) => [i.kind, i.node.name, i.children.map((c) => [c.kind, c.node.name, c.href])]),
    [
      [
        'group',
        'account',
        [
          ['tab', 'account/overview', '/user/account/overview'],
          ['tab', 'account/profile', '/user/account/profile'],
          ['link', 'account/docs', 'https://example.org/docs'],
          ['iframe', 'account/map', iframePath(BASE, 'https://example.org/map?a=1')],
        ],
      ],
      ['group', 'links', [['link', 'links/site', '/about']]],
    ],
  );
  t.is(first, '/user/account/overview');
  t.deepEqual([...routes.keys()], ['/user/account', '/user/account/overview', '/user/account/profile', iframePath(BASE, 'https://example.org/map?a=1')]);
  t.is(routes.get('/user/account')?.redirect, '/user/account/overview');
  // A group of links only has no page to go to, so it has no route.
  t.false(routes.has('/user/links'));
});

test('a menu without pages has no first page', (t) => {
  const only = buildRouteTable([node({ type: 'menu_dir', name: 'l', path: 'l', children: [node({ name: 'l/x', menu_type: 'link', url: 'https://example.org' })] })], {
    base: BASE,
    hasComponent: () => true,
  });
  t.is(only.first, null);
  t.deepEqual(resolveLocation(BASE, only, { pathname: '/user/loading', search: '' }), { kind: 'empty' });
});

test('locations resolve as spec section 2 says', (t) => {
  const ready = table();
  const at = (pathname: string, search = '', tbl: ReturnType<typeof table> | null = ready) => resolveLocation(BASE, tbl, { pathname, search });

  // The bare base goes to the loading route, which goes to the first page once the routes are known.
  t.deepEqual(at('/user'), { kind: 'redirect', to: '/user/loading' });
  t.deepEqual(at('/user/'), { kind: 'redirect', to: '/user/loading' });
  t.deepEqual(at('/user/loading', '', null), { kind: 'loading' });
  t.deepEqual(at('/user/loading'), { kind: 'redirect', to: '/user/account/overview' });

  // Before the routes are known every path is unknown: it goes to the loading route with its target...
  const waiting = at('/user/account/profile', '?tab=1', null);
  t.deepEqual(waiting, { kind: 'redirect', to: loadingPath(BASE, { path: '/user/account/profile', query: { tab: '1' } }) });
  // ...which follows it once it exists.
  const to = waiting.kind === 'redirect' ? waiting.to : '';
  t.deepEqual(at(to), { kind: 'redirect', to: '/user/account/profile?tab=1' });
  t.deepEqual(at(loadingPath(BASE, { path: '/user', query: {} })), { kind: 'redirect', to: '/user/account/overview' });

  // An unknown path: loading route, then the not-found state.
  const unknown = at('/user/nothing', '?x=1');
  t.deepEqual(unknown, { kind: 'redirect', to: loadingPath(BASE, { path: '/user/nothing', query: { x: '1' } }) });
  t.deepEqual(at(unknown.kind === 'redirect' ? unknown.to : ''), { kind: 'notFound', to: { path: '/user/nothing', query: { x: '1' } } });
  // A page the app has but this account's menus lack: no permission, the /401 page (spec section 6).
  const isPage = (path: string) => path === '/user/account/balance';
  t.deepEqual(resolveLocation(BASE, ready, { pathname: loadingPath(BASE, { path: '/user/account/balance', query: {} }), search: '' }, isPage), { kind: 'noPower' });
  t.deepEqual(resolveLocation(BASE, ready, { pathname: loadingPath(BASE, { path: '/user/nothing', query: {} }), search: '' }, isPage).kind, 'notFound');
  t.is(at('/user/loading/%7Bbad').kind, 'redirect');
  t.deepEqual(at(loadingPath(BASE, { path: 'https://evil.example/', query: {} })), { kind: 'notFound', to: { path: 'https://evil.example/', query: {} } });
  t.is(at(loadingPath(BASE, { path: loadingPath(BASE), query: {} })).kind, 'notFound');

  // Pages, groups and iframes.
  const screen = at('/user/account/profile/');
  t.is(screen.kind, 'screen');
  t.is(screen.kind === 'screen' ? screen.route.node.name : '', 'account/profile');
  t.deepEqual(at('/user/account', '?a=b'), { kind: 'redirect', to: '/user/account/overview?a=b' });
  const menuFrame = at(iframePath(BASE, 'https://example.org/map?a=1'));
  t.is(menuFrame.kind === 'iframe' ? `${menuFrame.url} ${menuFrame.route?.node.name}` : '', 'https://example.org/map?a=1 account/map');
  // Any web address may be framed from a link, even before the routes are known; script urls never.
  t.deepEqual(at(iframePath(BASE, 'https://example.com/'), '', null), { kind: 'iframe', url: 'https://example.com/', route: null });
  t.is(at(iframePath(BASE, 'javascript:alert(1)')).kind, 'notFound');
  t.deepEqual(at(loadingPath(BASE, { path: iframePath(BASE, 'https://example.com/'), query: {} })), { kind: 'redirect', to: iframePath(BASE, 'https://example.com/') });
});

test('the active menu item is the one whose page shows', (t) => {
  const { menu } = table();
  t.is(activeItem(menu, '/user/account/profile/')?.node.name, 'account/profile');
  t.is(activeItem(menu, iframePath(BASE, 'https://example.org/map?a=1'))?.node.name, 'account/map');
  t.is(activeItem(menu, '/user/account'), null);
  t.is(activeItem(menu, 'https://example.org/docs'), null);
});

const click = (href: string, extra: Partial<LinkClick> = {}): LinkClick => ({ href, target: '', download: false, button: 0, modified: false, defaultPrevented: false, ...extra });

test('links inside the app are taken over; everything else is left to the browser', (t) => {
  const options = { base: BASE, external: ['/user/login'] };
  const origin = 'https://canal.example';
  t.true(ownsPath(options, '/user'));
  t.true(ownsPath(options, '/user/account/overview'));
  t.false(ownsPath(options, '/user/login'));
  t.false(ownsPath(options, '/user/login/x'));
  t.false(ownsPath(options, '/username'));
  t.false(ownsPath(options, '/'));

  t.is(inAppHref(click(`${origin}/user/account/balance?page=2#top`), origin, options), '/user/account/balance?page=2#top');
  t.is(inAppHref(click('/user/account'), origin, options), '/user/account');
  t.is(inAppHref(click(`${origin}/user/login?redirect=/user`), origin, options), null);
  t.is(inAppHref(click(`${origin}/about`), origin, options), null);
  t.is(inAppHref(click('https://elsewhere.example/user/a'), origin, options), null);
  t.is(inAppHref(click(`${origin}/user/a`, { target: '_blank' }), origin, options), null);
  t.is(inAppHref(click(`${origin}/user/a`, { target: '_self' }), origin, options), '/user/a');
  t.is(inAppHref(click(`${origin}/user/a`, { modified: true }), origin, options), null);
  t.is(inAppHref(click(`${origin}/user/a`, { button: 1 }), origin, options), null);
  t.is(inAppHref(click(`${origin}/user/a`, { download: true }), origin, options), null);
  t.is(inAppHref(click(`${origin}/user/a`, { defaultPrevented: true }), origin, options), null);
});

test('the progress bar trickles towards the end without reaching it', (t) => {
  let v = 0.08;
  const seen: number[] = [];
  for (let i = 0; i < 200; i++) seen.push((v = trickle(v)));
  t.true(seen.every((x, i) => i === 0 || x >= seen[i - 1]!));
  t.true(v < 1 && v > 0.95);
  t.is(trickle(0), 0.1);
});
