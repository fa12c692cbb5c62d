import test from 'ava';
import { browserSuite } from '../helpers/browser.ts';
import { createAdmin, createGroup, ruleIds } from '../helpers/admins.ts';
import { createMember, memberToken } from '../helpers/accounts.ts';

// Spec section 6: "Unauthorised access leads to /401". A screen the app has, but the account's rules do not
// open, goes to the no-permission page; a path that is no screen at all stays "not found".
const suite = browserSuite(test);

test.serial('an admin opening a screen their rules do not give goes to /401; an unknown path is not found', async (t) => {
  const { server, browser } = suite;
  const group = await createGroup(server, await ruleIds(server, ['dashboard', 'dashboard/index']));
  const admin = await createAdmin(server, [group]);
  const info = JSON.stringify({ id: admin.id, username: admin.username, nickname: admin.username, avatar: '', last_login_time: '', token: admin.token, refresh_token: '' });
  const page = await browser.newPage();
  await page.goto(`${server.url}/robots.txt`);
  await page.evaluate((value) => localStorage.setItem('adminInfo', value), info);

  await page.goto(`${server.url}/admin/auth/admin?lang=en`);
  await page.waitForFunction(() => location.pathname === '/401', { timeout: 30_000 });
  t.regex(await page.$eval('main', (m) => m.textContent ?? ''), /permission/i);
  t.is(new URL(page.url()).searchParams.get('lang'), 'en', 'in the admin\'s language');

  await page.goto(`${server.url}/admin/no/such/screen`);
  await page.waitForSelector('[data-not-found]', { timeout: 30_000 });
  t.true(new URL(page.url()).pathname.startsWith('/admin/'));
  await page.close();
});

test.serial('a member opening a member-centre screen their group does not give goes to /401', async (t) => {
  const { server, browser } = suite;
  const { knex } = server.app;
  // A member group with every member rule but the balance screen.
  const balance = await knex('user_rule').where({ name: 'account/balance' }).first<{ id: number }>('id');
  const others = (await knex('user_rule').whereNot('id', balance.id).select<{ id: number }[]>('id')).map((r) => r.id);
  const [row] = await knex('user_group').insert({ name: 'no balance', name_en: 'No balance', rules: others.join(','), status: '1' }).returning('id');
  const member = await createMember(server, { group_id: typeof row === 'object' ? (row as { id: number }).id : Number(row) });
  const token = await memberToken(server, member.id);
  const page = await browser.newPage();
  await page.goto(`${server.url}/robots.txt`);
  await page.evaluate((value) => localStorage.setItem('userInfo', value), JSON.stringify({ id: member.id, username: member.username, token, refresh_token: '' }));
  await page.goto(`${server.url}/user/account/balance`);
  await page.waitForFunction(() => location.pathname === '/401', { timeout: 30_000 });
  t.pass();
  await page.close();
});
