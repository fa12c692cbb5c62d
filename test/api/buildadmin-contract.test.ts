/**
 * The contract BuildAdmin's own web client needs from our server (issue 10): menu rules name its view files
 * and its icons, and the two first-load calls answer in the reference's shapes, field by field
 * (reference admin-api 1.2 and 1.4, member-and-common-api 3.7, 3.8 and 7).
 */
import test from 'ava';
import { isMenuIcon } from '../../src/shared/icons.ts';
import { adminRuleView, adminScreenOf, memberScreenOf, memberView } from '../../src/shared/views.ts';
import { createMember, solvedCaptcha } from '../helpers/accounts.ts';
import { matchShape, ours } from '../helpers/contract.ts';
import { superToken } from '../helpers/admins.ts';
import { api, startServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
test.before(async () => {
  server = await startServer();
});
test.after.always(async () => {
  await server?.stop();
});

type Row = Record<string, unknown>;

interface RuleRow {
  id: number;
  type: string;
  name: string;
  icon: string;
  menu_type: string;
  component: string;
}

/** The reference's own components for the rules it seeds (admin-api 6.2, member-and-common-api 3.8). */
const REFERENCE_ADMIN_VIEWS: Record<string, string> = {
  dashboard: '/src/views/backend/dashboard.vue',
  'auth/group': '/src/views/backend/auth/group/index.vue',
  'auth/admin': '/src/views/backend/auth/admin/index.vue',
  'auth/rule': '/src/views/backend/auth/rule/index.vue',
  'auth/adminLog': '/src/views/backend/auth/adminLog/index.vue',
  'user/user': '/src/views/backend/user/user/index.vue',
  'user/group': '/src/views/backend/user/group/index.vue',
  'user/rule': '/src/views/backend/user/rule/index.vue',
  'user/moneyLog': '/src/views/backend/user/moneyLog/index.vue',
  'user/scoreLog': '/src/views/backend/user/scoreLog/index.vue',
  'routine/config': '/src/views/backend/routine/config/index.vue',
  'routine/attachment': '/src/views/backend/routine/attachment/index.vue',
  'routine/adminInfo': '/src/views/backend/routine/adminInfo.vue',
  'security/dataRecycleLog': '/src/views/backend/security/dataRecycleLog/index.vue',
  'security/sensitiveDataLog': '/src/views/backend/security/sensitiveDataLog/index.vue',
  'security/dataRecycle': '/src/views/backend/security/dataRecycle/index.vue',
  'security/sensitiveData': '/src/views/backend/security/sensitiveData/index.vue',
  // Not its own name's view: BuildAdmin's client has no crud/crud/index.vue and would register no route.
  'crud/crud': '/src/views/backend/crud/index.vue',
};
const REFERENCE_MEMBER_VIEWS: Record<string, string> = {
  'account/overview': '/src/views/frontend/user/account/overview.vue',
  'account/profile': '/src/views/frontend/user/account/profile.vue',
  'account/changePassword': '/src/views/frontend/user/account/changePassword.vue',
  'account/integral': '/src/views/frontend/user/account/integral.vue',
  'account/balance': '/src/views/frontend/user/account/balance.vue',
};
/** The reference's icons for the rules it seeds. */
const REFERENCE_ICONS: Record<string, string> = {
  dashboard: 'fa fa-dashboard',
  auth: 'fa fa-group',
  'auth/group': 'fa fa-group',
  'auth/admin': 'el-icon-UserFilled',
  'auth/rule': 'el-icon-Grid',
  'auth/adminLog': 'el-icon-List',
  user: 'fa fa-drivers-license',
  'user/user': 'fa fa-user',
  'user/group': 'fa fa-group',
  'user/rule': 'fa fa-th-list',
  'user/moneyLog': 'el-icon-Money',
  'user/scoreLog': 'el-icon-Discount',
  routine: 'fa fa-cogs',
  'routine/config': 'el-icon-Tools',
  'routine/attachment': 'fa fa-folder',
  'routine/adminInfo': 'fa fa-user',
  security: 'fa fa-shield',
  'security/dataRecycleLog': 'fa fa-database',
  'security/sensitiveDataLog': 'fa fa-expeditedssl',
  'security/dataRecycle': 'fa fa-database',
  'security/sensitiveData': 'fa fa-expeditedssl',
  account: 'fa fa-user-circle',
  'account/overview': 'fa fa-home',
  'account/profile': 'fa fa-user-circle-o',
  'account/changePassword': 'fa fa-shield',
  'account/integral': 'fa fa-tag',
  'account/balance': 'fa fa-money',
};

test('every seeded admin rule: a view path in the reference convention, an icon BuildAdmin draws', async (t) => {
  const rules = await server.app.knex<RuleRow>('admin_rule').select('id', 'type', 'name', 'icon', 'menu_type', 'component');
  t.true(rules.length > 60);
  for (const rule of rules) {
    if (rule.type === 'menu' && rule.menu_type === 'tab') {
      t.regex(rule.component, /^\/src\/views\/backend\/[A-Za-z0-9_/]+(\/index)?\.vue$/, rule.name);
      t.is(rule.component, adminRuleView(rule.name), `${rule.name}: the view of its own name, or the reference's`);
      t.truthy(adminScreenOf(rule.component), rule.name);
    } else {
      t.is(rule.component, '', `${rule.name}: folders and buttons open no view`);
    }
    if (rule.type === 'button') t.is(rule.icon, '', rule.name);
    else t.true(isMenuIcon(rule.icon), `${rule.name}: "${rule.icon}" is a fa / el-icon / local name we draw`);
    t.false(/^bi-|\bbi /.test(rule.icon), rule.name);
  }
  const byName = new Map(rules.map((r) => [r.name, r]));
  for (const [name, view] of Object.entries(REFERENCE_ADMIN_VIEWS)) t.is(byName.get(name)?.component, view, name);
  for (const [name, icon] of Object.entries(REFERENCE_ICONS)) if (byName.has(name)) t.is(byName.get(name)!.icon, icon, name);
  // Our own screens use the same convention.
  t.is(byName.get('content/news')?.component, '/src/views/backend/content/news/index.vue');
  t.is(byName.get('content/trailApplication')?.component, '/src/views/backend/content/trailApplication/index.vue');
});

test('every seeded member rule: a view path under /src/views/frontend/user/, an icon BuildAdmin draws', async (t) => {
  const rules = await server.app.knex<RuleRow>('user_rule').select('id', 'type', 'name', 'icon', 'menu_type', 'component');
  t.true(rules.length >= 8);
  for (const rule of rules) {
    if (rule.type === 'menu' && rule.menu_type === 'tab') {
      t.is(rule.component, memberView(rule.name), rule.name);
      t.is(memberScreenOf(rule.component), rule.name);
    } else {
      t.is(rule.component, '', rule.name);
    }
    t.true(isMenuIcon(rule.icon), `${rule.name}: "${rule.icon}"`);
  }
  const byName = new Map(rules.map((r) => [r.name, r]));
  for (const [name, view] of Object.entries(REFERENCE_MEMBER_VIEWS)) t.is(byName.get(name)?.component, view, name);
  for (const [name, icon] of Object.entries(REFERENCE_ICONS)) if (name.startsWith('account')) t.is(byName.get(name)?.icon, icon, name);
  t.is(byName.get('account/message')?.component, '/src/views/frontend/user/account/message.vue');
});

/** Ours beside the reference site fields: the site's time zone, which every date on screen is shown in. */
const SITE_EXTRAS = ours({ timeZone: 'string' });
/** And for the public site: how visitors reach the association. */
const CONTACT = ours({ contact: { address: 'string', phone: 'string', email: 'string' } });
/** The site config fields of spec section 3 that BuildAdmin's client keeps in its siteConfig store. */
const SITE_STATE = { headNav: 'array', initialize: 'boolean', userInitialize: 'boolean' } as const;
const UPLOAD = { maxSize: 'number', saveName: 'string', allowedSuffixes: 'string', allowedMimeTypes: 'array', mode: 'string' };
/**
 * Reference 1.4 node fields; `title_en` and `title_zh` are ours (the stored English and Chinese titles beside the
 * reader's, for the fallback mark and the screen search), ignored by its client.
 */
const NODE = {
  id: 'number', pid: 'number', type: 'string', title: 'string', name: 'string', path: 'string', icon: 'string', menu_type: 'string|null', url: 'string',
  component: 'string', extend: 'string', 'children?': 'array', ...ours({ title_en: 'string', title_zh: 'string' }),
} as const;

function walk(nodes: Row[], visit: (node: Row) => void): void {
  for (const node of nodes) {
    visit(node);
    if (node.children) walk(node.children as Row[], visit);
  }
}

test('/admin/index/index answers in the reference shape (admin-api 1.2, 1.4)', async (t) => {
  const res = await api<Row>(server.url, '/admin/index/index', { headers: { batoken: await superToken(server) } });
  t.is(res.body.code, 1, res.body.msg);
  const data = res.body.data;
  t.deepEqual(Object.keys(data).sort(), ['adminInfo', 'menus', 'siteConfig', 'terminal']);
  matchShape(t, data.adminInfo, { id: 'number', username: 'string', nickname: 'string', avatar: 'string', last_login_time: 'string', super: 'boolean' }, 'adminInfo');
  matchShape(t, data.siteConfig, { siteName: 'string', version: 'string', cdnUrl: 'string', apiUrl: 'string', upload: UPLOAD, ...SITE_STATE, ...SITE_EXTRAS }, 'siteConfig');
  // The admin's first load: the site and its account are initialised; the admin has no top-bar navigation.
  t.like(data.siteConfig as Row, { apiUrl: `//${new URL(server.url).host}`, headNav: [], initialize: true, userInitialize: true });
  matchShape(t, data.terminal, { phpDevelopmentServer: 'boolean', npmPackageManager: 'string' }, 'terminal');
  let buttons = 0;
  walk(data.menus as Row[], (node) => {
    matchShape(t, node, { ...NODE, keepalive: 'number|string' }, `menu ${String(node.name)}`);
    if (node.type === 'button') buttons++;
    // keepalive is the route name when on (the client keys its cache by it), else 0.
    if (node.type === 'menu') t.true(node.keepalive === node.name || node.keepalive === 0, String(node.name));
  });
  t.true(buttons > 20, 'buttons are sent as menu nodes: the client makes permission points of them');
  t.is((data.adminInfo as Row).avatar, '/static/images/avatar.png');
});

test('/api/index/index answers in the reference shape, and the member keeps the token they sent (member 3.7, 3.8, 7)', async (t) => {
  const guest = await api<Row>(server.url, '/api/index/index');
  t.is(guest.body.code, 1);
  t.deepEqual(Object.keys(guest.body.data).sort(), ['menus', 'openMemberCenter', 'rules', 'site', 'userInfo']);
  matchShape(t, guest.body.data.site, { siteName: 'string', recordNumber: 'string', version: 'string', cdnUrl: 'string', apiUrl: 'string', upload: UPLOAD, ...SITE_STATE, ...SITE_EXTRAS, ...CONTACT }, 'site');
  t.like(guest.body.data.site as Row, { apiUrl: `//${new URL(server.url).host}`, initialize: true, userInitialize: false });
  t.is(guest.body.data.openMemberCenter, true);
  t.deepEqual(guest.body.data.userInfo, [], 'a guest gets an empty array');
  t.deepEqual(guest.body.data.menus, []);

  // A real login, as BuildAdmin's client does it; then the member-centre layout's first call.
  const member = await createMember(server);
  const login = await api<{ userInfo: Row }>(server.url, '/api/user/checkIn', { body: { tab: 'login', username: member.username, password: member.password, keep: false, ...(await solvedCaptcha(server)) } });
  t.is(login.body.code, 1, login.body.msg);
  const token = String(login.body.data.userInfo.token);
  const index = await api<Row>(server.url, '/api/index/index?requiredLogin=1', { headers: { 'ba-user-token': token } });
  t.is(index.body.code, 1, index.body.msg);
  const userInfo = index.body.data.userInfo as Row;
  matchShape(t, userInfo, {
    id: 'number',
    username: 'string',
    nickname: 'string',
    email: 'string',
    mobile: 'string',
    avatar: 'string',
    gender: 'number',
    birthday: 'string|null',
    money: 'string',
    score: 'number',
    join_time: 'number|null',
    last_login_time: 'number|null',
    last_login_ip: 'string',
    motto: 'string',
    token: 'string',
    refresh_token: 'string',
  }, 'userInfo');
  t.is(userInfo.token, token, 'the token the member sent comes back, so merging userInfo keeps it');
  t.is(userInfo.refresh_token, '');
  t.is(userInfo.avatar, '/static/images/avatar.png');
  t.is(userInfo.money, '0.00');
  t.like(index.body.data.site as Row, { initialize: true, userInitialize: true }, "the member's data came with it");

  const menus = index.body.data.menus as Row[];
  t.true(menus.length > 0 && menus.every((n) => n.type === 'menu_dir'), 'menus holds the menu folders');
  walk(menus, (node) => matchShape(t, node, { ...NODE, no_login_valid: 'number' }, `member menu ${String(node.name)}`));

  // The client stores userInfo as it came; its next call carries that token and still works.
  const next = await api<Row>(server.url, '/api/account/overview', { headers: { 'ba-user-token': String(userInfo.token) } });
  t.is(next.body.code, 1, next.body.msg);
});

test("the client's default avatar is served", async (t) => {
  const res = await fetch(`${server.url}/static/images/avatar.png`);
  t.is(res.status, 200);
  t.is(res.headers.get('content-type'), 'image/png');
  const bytes = new Uint8Array(await res.arrayBuffer());
  t.deepEqual([...bytes.slice(1, 4)], [0x50, 0x4e, 0x47], 'a PNG file');
});
