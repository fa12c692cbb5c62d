import test from 'ava';
import { api, startServer, type TestServer } from '../helpers/server.ts';
import { ADMIN_PASSWORD, createMember } from '../helpers/accounts.ts';
import { asAdmin, superToken, type AdminCall } from '../helpers/admins.ts';
import { MEMBER_RULES_TAG } from '../../src/server/guestIndex.ts';

// A guest's GET /api/index/index is answered from a kept copy (src/server/guestIndex.ts): the same answer as
// the route gives, dropped when what it shows changes here or in another process.

let server: TestServer;
let root: AdminCall;
test.before(async () => {
  server = await startServer({ ADMIN_PASSWORD });
  root = asAdmin(server, await superToken(server));
});
test.after.always(async () => {
  await server?.stop();
});

interface IndexData {
  site: { siteName: string; cdnUrl: string };
  userInfo: unknown;
  rules: Array<{ name: string; title: string }>;
}
const guest = (query = '', headers: Record<string, string> = {}) => api<IndexData>(server.url, `/api/index/index${query}`, { method: 'GET', headers });
const titleOf = (data: IndexData, name: string) => data.rules.find((r) => r.name === name)?.title;

test.serial('guests get the answer the route gives, with the same headers, in their language', async (t) => {
  const added = await root('/admin/user.Rule/add', {
    body: { type: 'nav', title: '运河地图', title_en: 'Canal map', name: 'guest_index_map', menu_type: 'tab', extend: 'none', no_login_valid: '1', status: '1' },
  });
  t.is(added.code, 1, added.msg);
  const first = await guest();
  const second = await guest();
  t.is(second.status, 200);
  t.deepEqual({ ...second.body, time: 0 }, { ...first.body, time: 0 });
  t.is(Math.abs(second.body.time - Date.now() / 1000) < 5, true, 'the time is the answer’s own');
  t.is(titleOf(second.body.data, 'guest_index_map'), '运河地图');
  for (const name of ['content-type', 'content-security-policy', 'x-frame-options', 'vary', 'x-request-id']) t.truthy(second.headers.get(name), name);
  t.not(second.headers.get('x-request-id'), first.headers.get('x-request-id'));
  t.is(second.headers.get('content-security-policy') === first.headers.get('content-security-policy'), false, 'a fresh nonce');

  await guest('?lang=en');
  const english = await guest('?lang=en');
  t.is(titleOf(english.body.data, 'guest_index_map'), 'Canal map');
  t.is(titleOf((await guest('', { 'think-lang': 'en' })).body.data, 'guest_index_map'), 'Canal map');
  t.is(titleOf((await guest()).body.data, 'guest_index_map'), '运河地图');
});

test.serial('a member and a member-centre call are never answered with the guest copy', async (t) => {
  await guest();
  const member = await createMember(server, { username: 'guestindex1' });
  const signedIn = await guest('', { 'ba-user-token': await server.app.services.tokens.issue('user', member.id) });
  t.is(signedIn.body.code, 1);
  t.is((signedIn.body.data.userInfo as { username?: string }).username, 'guestindex1', 'the member’s own details');
  const centre = await guest('?requiredLogin=1');
  t.not(centre.body.code, 1, 'a guest asking for the member centre is sent to log in');
});

test.serial('kept until member rules change in this process or another, or the site settings change', async (t) => {
  await guest();
  // A change no process announced is not seen: the answer is the kept one.
  await server.app.knex('user_rule').where({ name: 'guest_index_map' }).update({ title: '大运河地图' });
  t.is(titleOf((await guest()).body.data, 'guest_index_map'), '运河地图');
  // What another process's change arrives as (cache_event, applied by the poller).
  await server.app.services.caches.apply([MEMBER_RULES_TAG]);
  t.is(titleOf((await guest()).body.data, 'guest_index_map'), '大运河地图');
  // A content change elsewhere leaves it alone.
  await server.app.knex('user_rule').where({ name: 'guest_index_map' }).update({ title: '运河全图' });
  await server.app.services.caches.apply(['news']);
  t.is(titleOf((await guest()).body.data, 'guest_index_map'), '大运河地图');

  // An admin's edit drops it here at once and tells the other processes.
  const rule = await server.app.knex('user_rule').where({ name: 'guest_index_map' }).first<{ id: number }>();
  const edited = await root('/admin/user.Rule/edit', { body: { id: rule.id, title: '京杭运河地图' } });
  t.is(edited.code, 1, edited.msg);
  t.is(titleOf((await guest()).body.data, 'guest_index_map'), '京杭运河地图');
  const event = await server.app.knex('cache_event').orderBy('id', 'desc').first<{ tags: string }>('tags');
  t.deepEqual(JSON.parse(event.tags), [MEMBER_RULES_TAG]);

  const config = await root('/admin/routine.Config/edit', { body: { site_name: '京杭大运河文化协会' } });
  t.is(config.code, 1, config.msg);
  t.is((await guest()).body.data.site.siteName, '京杭大运河文化协会');
});
