import { entriesThatFit } from '../../src/islands/admin/Menus.tsx';
import test from 'ava';
import {
  DEFAULT_LAYOUT,
  SHRINK_BELOW,
  effectiveMode,
  isShrink,
  layoutStyle,
  parseLayoutConfig,
  serializeLayoutConfig,
  sideMenuWidth,
  withColour,
  withDefaultColours,
  withLayoutMode,
  type LayoutConfig,
} from '../../src/islands/admin/layout.ts';
import { closeOtherTabs, closeTab, moveTab, openTab, restoreTabs, serializeTabs, tabHref, type Tab } from '../../src/islands/admin/tabs.ts';

const dark = (config: LayoutConfig): LayoutConfig => ({ ...config, isDark: true });

test('layout settings round-trip through the config key and fall back to defaults', (t) => {
  const config: LayoutConfig = withColour({ ...DEFAULT_LAYOUT, layoutMode: 'Streamline', isDark: true, menuCollapse: true }, 'menuBackground', '#123456');
  const raw = serializeLayoutConfig(config);
  t.deepEqual(parseLayoutConfig(raw), config);
  t.deepEqual((JSON.parse(raw) as { layout: LayoutConfig }).layout.layoutMode, 'Streamline', 'stored as {layout: ...}');
  t.deepEqual(parseLayoutConfig(null), DEFAULT_LAYOUT);
  t.deepEqual(parseLayoutConfig('not json'), DEFAULT_LAYOUT);
  t.deepEqual(parseLayoutConfig('{"layout":"x"}'), DEFAULT_LAYOUT);
  const odd = parseLayoutConfig(JSON.stringify({ layout: { layoutMode: 'Double', isDark: 'yes', menuBackground: ['red', '#000'], menuColor: ['#abc', '#def'] } }));
  t.is(odd.layoutMode, 'Default', 'an unknown mode is ignored');
  t.false(odd.isDark);
  t.deepEqual(odd.menuBackground, DEFAULT_LAYOUT.menuBackground, 'only hex colours are accepted');
  t.deepEqual(odd.menuColor, ['#abc', '#def']);
});

test('sizes: menu 260, collapsed 64, none on phones or in Streamline; top offsets 70 / 50 / 60', (t) => {
  t.is(sideMenuWidth(DEFAULT_LAYOUT, false), 260);
  t.is(sideMenuWidth({ ...DEFAULT_LAYOUT, menuCollapse: true }, false), 64);
  t.is(sideMenuWidth(DEFAULT_LAYOUT, true), 0);
  t.is(sideMenuWidth({ ...DEFAULT_LAYOUT, layoutMode: 'Streamline' }, false), 0);
  t.is(layoutStyle(DEFAULT_LAYOUT, 1280)['--admin-top-offset'], '70px');
  t.is(layoutStyle({ ...DEFAULT_LAYOUT, layoutMode: 'Classic' }, 1280)['--admin-top-offset'], '50px');
  t.is(layoutStyle({ ...DEFAULT_LAYOUT, layoutMode: 'Streamline' }, 1280)['--admin-top-offset'], '60px');
  t.is(layoutStyle({ ...DEFAULT_LAYOUT, menuCollapse: true }, 1280)['--admin-menu-width'], '64px');
});

test('phones: below 768 px the menu is a drawer, the mode Default, and the chrome sized from width / 10', (t) => {
  t.true(isShrink(375));
  t.true(isShrink(SHRINK_BELOW - 1));
  t.false(isShrink(SHRINK_BELOW));
  t.is(effectiveMode({ ...DEFAULT_LAYOUT, layoutMode: 'Streamline' }, true), 'Default');
  t.is(effectiveMode({ ...DEFAULT_LAYOUT, layoutMode: 'Classic' }, false), 'Classic');
  const style = layoutStyle({ ...DEFAULT_LAYOUT, layoutMode: 'Classic' }, 375);
  t.is(style['--admin-mobile-base'], '37.5px');
  t.is(style['--admin-menu-width'], '0px');
  t.false('--admin-top-offset' in style, 'the stylesheet derives the phone offset from the base');
});

test('colours: the current theme picks its half of each pair', (t) => {
  const light = layoutStyle(DEFAULT_LAYOUT, 1280);
  t.is(light['--admin-menu-background'], DEFAULT_LAYOUT.menuBackground[0]);
  t.is(light['--admin-header-bar-tab-active-color'], DEFAULT_LAYOUT.headerBarTabActiveColor[0]);
  t.is(layoutStyle(dark(DEFAULT_LAYOUT), 1280)['--admin-menu-background'], DEFAULT_LAYOUT.menuBackground[1]);
  const changed = withColour(dark(DEFAULT_LAYOUT), 'menuColor', '#ff0000');
  t.deepEqual(changed.menuColor, [DEFAULT_LAYOUT.menuColor[0], '#ff0000'], 'only the dark colour changes');
  t.is(withColour(DEFAULT_LAYOUT, 'menuColor', 'url(x)'), DEFAULT_LAYOUT);
  t.deepEqual(withDefaultColours(changed).menuColor, DEFAULT_LAYOUT.menuColor);
  t.true(withDefaultColours(changed).isDark, 'resetting colours keeps the theme');
});

test('Classic shifts the default tab background slightly and Default shifts it back, per theme', (t) => {
  const classic = withLayoutMode(DEFAULT_LAYOUT, 'Classic');
  t.is(classic.layoutMode, 'Classic');
  t.not(classic.headerBarTabActiveBackground[0], DEFAULT_LAYOUT.headerBarTabActiveBackground[0]);
  t.is(classic.headerBarTabActiveBackground[1], DEFAULT_LAYOUT.headerBarTabActiveBackground[1], 'the other theme is untouched');
  t.deepEqual(withLayoutMode(classic, 'Default').headerBarTabActiveBackground, DEFAULT_LAYOUT.headerBarTabActiveBackground);
  const darkClassic = withLayoutMode(dark(DEFAULT_LAYOUT), 'Classic');
  t.not(darkClassic.headerBarTabActiveBackground[1], DEFAULT_LAYOUT.headerBarTabActiveBackground[1]);
  t.deepEqual(withLayoutMode(darkClassic, 'Default').headerBarTabActiveBackground, DEFAULT_LAYOUT.headerBarTabActiveBackground);
  const chosen = withColour(DEFAULT_LAYOUT, 'headerBarTabActiveBackground', '#ffeedd');
  t.deepEqual(withLayoutMode(chosen, 'Classic').headerBarTabActiveBackground, chosen.headerBarTabActiveBackground, 'colours an admin chose stay');
  t.deepEqual(withLayoutMode(DEFAULT_LAYOUT, 'Streamline').headerBarTabActiveBackground, DEFAULT_LAYOUT.headerBarTabActiveBackground);
  t.deepEqual(withDefaultColours(classic).headerBarTabActiveBackground, classic.headerBarTabActiveBackground, 'defaults in Classic come shifted');
});

const tab = (path: string, search = ''): Tab => ({ path, search });

test('tabs open once, keep their order and follow the query of their page', (t) => {
  let tabs = openTab([], '/admin/dashboard', '');
  tabs = openTab(tabs, '/admin/routine/adminInfo/', '?x=1');
  tabs = openTab(tabs, '/admin/dashboard', '');
  t.deepEqual(tabs, [tab('/admin/dashboard'), tab('/admin/routine/adminInfo', '?x=1')]);
  tabs = openTab(tabs, '/admin/routine/adminInfo', '?x=2');
  t.is(tabs[1]!.search, '?x=2');
  t.is(tabHref(tabs[1]!), '/admin/routine/adminInfo?x=2');
  t.is(tabHref(tab('/admin/a', '?')), '/admin/a');
});

test('closing a tab shows its right neighbour, else its left one; close others keeps one', (t) => {
  const tabs = [tab('/a'), tab('/b'), tab('/c')];
  t.deepEqual(closeTab(tabs, '/b'), { tabs: [tab('/a'), tab('/c')], next: tab('/c') });
  t.deepEqual(closeTab(tabs, '/c'), { tabs: [tab('/a'), tab('/b')], next: tab('/b') });
  t.deepEqual(closeTab([tab('/a')], '/a'), { tabs: [], next: null });
  t.deepEqual(closeTab(tabs, '/x').tabs, tabs);
  t.deepEqual(closeOtherTabs(tabs, '/b'), [tab('/b')]);
});

test('moving a tab past either end is refused as beyond range', (t) => {
  const tabs = [tab('/a'), tab('/b'), tab('/c')];
  t.deepEqual(moveTab(tabs, '/b', -1), { ok: true, tabs: [tab('/b'), tab('/a'), tab('/c')] });
  t.deepEqual(moveTab(tabs, '/b', 1), { ok: true, tabs: [tab('/a'), tab('/c'), tab('/b')] });
  t.deepEqual(moveTab(tabs, '/a', -1), { ok: false, error: 'beyondRange' });
  t.deepEqual(moveTab(tabs, '/c', 1), { ok: false, error: 'beyondRange' });
  t.deepEqual(moveTab(tabs, '/x', 1), { ok: false, error: 'beyondRange' });
});

test('restored tabs are the stored ones that are still pages, without repeats or junk', (t) => {
  const raw = serializeTabs([tab('/admin/dashboard'), tab('/admin/gone'), tab('/admin/routine/adminInfo', '?a=1')]);
  const pages = new Set(['/admin/dashboard', '/admin/routine/adminInfo']);
  t.deepEqual(restoreTabs(raw, (p) => pages.has(p)), [tab('/admin/dashboard'), tab('/admin/routine/adminInfo', '?a=1')]);
  t.deepEqual(restoreTabs(null, () => true), []);
  t.deepEqual(restoreTabs('{bad', () => true), []);
  t.deepEqual(
    restoreTabs(JSON.stringify({ tabs: [{ path: '/admin/dashboard/' }, { path: '/admin/dashboard', search: 'nope' }, 7, { search: '?x' }] }), () => true),
    [tab('/admin/dashboard')],
  );
});

test('Streamline: the top menu keeps the entries that fit and leaves room for "More" when some do not', (t) => {
  const widths = [100, 120, 80, 90];
  // Gaps of 4 px: all four take 402 px.
  t.is(entriesThatFit(widths, 4, 60, 402), 4, 'everything fits: no More');
  t.is(entriesThatFit(widths, 4, 60, 401), 3, 'four do not fit; three (308) + gap + More (60) = 372 do');
  t.is(entriesThatFit(widths, 4, 60, 371), 2, 'one pixel less: two (224) + gap + More = 288');
  t.is(entriesThatFit(widths, 4, 60, 50), 0, 'only More');
  t.is(entriesThatFit([], 4, 60, 10), 0);
});
