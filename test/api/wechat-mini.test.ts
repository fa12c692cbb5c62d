import test from 'ava';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { api, startServer, type TestServer } from '../helpers/server.ts';
import { asAdmin, superToken, type AdminCall } from '../helpers/admins.ts';
import type { UserInfo } from '../../src/shared/account.ts';
import { TEST_SERVER_OPTIONS } from '../helpers/httpServer.ts';

// Members sign in from the mini program: the code goes to a local stand-in for WeChat's code2Session
// (WECHAT_API_BASE), which answers as WeChat does; new members are made, returning ones found, errors shown.

const APP_ID = 'wx1234567890abcdef';
const APP_SECRET = '0123456789abcdef0123456789abcdef';

interface Session {
  openid?: string;
  session_key?: string;
  unionid?: string;
  errcode?: number;
  errmsg?: string;
}

const sessions: Record<string, Session | 'html'> = {
  'code-alice': { openid: 'o-alice', session_key: 'sk-1' },
  'code-alice-again': { openid: 'o-alice', session_key: 'sk-2', unionid: 'u-alice' },
  'code-bob': { openid: 'o-bob-mini', session_key: 'sk-3', unionid: 'u-bob' },
  'code-expired': { errcode: 40029, errmsg: 'invalid code, rid: 6552c3d1-0e3b9a3c-42a1f5d0' },
  'code-odd': { errcode: 61024, errmsg: 'weird refusal' },
  'code-html': 'html',
  'code-carol': { openid: 'o-carol', session_key: 'sk-4' },
};

let wechat: http.Server;
const calls: URLSearchParams[] = [];
let server: TestServer;
let root: AdminCall;

test.before(async () => {
  wechat = http.createServer(TEST_SERVER_OPTIONS, (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    calls.push(url.searchParams);
    const answer = sessions[url.searchParams.get('js_code') ?? ''];
    const rightApp = url.pathname === '/sns/jscode2session' && url.searchParams.get('appid') === APP_ID && url.searchParams.get('secret') === APP_SECRET && url.searchParams.get('grant_type') === 'authorization_code';
    if (answer === 'html') {
      res.writeHead(502, { 'content-type': 'text/html' }).end('<html>Bad gateway</html>');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain' }).end(JSON.stringify(rightApp ? (answer ?? { errcode: 40029, errmsg: 'invalid code' }) : { errcode: 40013, errmsg: 'invalid appid' }));
  });
  await new Promise<void>((resolve) => wechat.listen(0, '127.0.0.1', resolve));
  server = await startServer({ WECHAT_API_BASE: `http://127.0.0.1:${(wechat.address() as AddressInfo).port}/` });
  root = asAdmin(server, await superToken(server));
});
test.after.always(async () => {
  await server?.stop();
  await new Promise<void>((resolve) => wechat?.close(() => resolve()));
});

type LoginAnswer = { userInfo: UserInfo; routePath: string; created: boolean };
const miniLogin = async (body: unknown, lang = 'en') => (await api<LoginAnswer>(server.url, '/api/user/miniLogin', { body, lang })).body;

test.serial('before the mini program is set up, sign-in says so; the settings keep the AppSecret write-only', async (t) => {
  const early = await miniLogin({ code: 'code-alice' });
  t.is(early.code, 0);
  t.is(early.msg, 'Mini program sign-in is not set up yet');
  t.is(calls.length, 0, 'WeChat was not asked');

  t.is((await root('/admin/wechat.MiniProgram/edit', { body: { mini_program_app_id: 'wx12' } })).msg, "An AppID is 'wx' followed by 16 hexadecimal characters");
  const saved = await root('/admin/wechat.MiniProgram/edit', { body: { mini_program_app_id: APP_ID, mini_program_app_secret: APP_SECRET } });
  t.is(saved.code, 1, saved.msg);
  const index = await root<{ items: { name: string; value: unknown; set: boolean }[]; loginUrl: string }>('/admin/wechat.MiniProgram/index');
  t.deepEqual(
    index.data.items.map((i) => [i.name, i.value, i.set]),
    [
      ['mini_program_app_id', APP_ID, true],
      ['mini_program_app_secret', '', true],
    ],
  );
  t.is(index.data.loginUrl, `${server.url}/api/user/miniLogin`);
});

test.serial('a new member is made and bound; the same openid signs in again as that member', async (t) => {
  const first = await miniLogin({ code: 'code-alice' });
  t.is(first.code, 1, first.msg);
  t.is(first.msg, 'Registration complete');
  t.true(first.data.created);
  t.is(first.data.routePath, '/user');
  const info = first.data.userInfo;
  t.regex(info.username, /^wx[a-z0-9]{10}$/);
  t.is(info.nickname, 'WeChat user');
  t.regex(info.token, /^[0-9a-f-]{36}$/);
  t.regex(info.refresh_token, /^[0-9a-f-]{36}$/, 'a mini program keeps its session: a refresh token too');
  const asked = calls.at(-1)!;
  t.deepEqual([asked.get('appid'), asked.get('secret'), asked.get('js_code'), asked.get('grant_type')], [APP_ID, APP_SECRET, 'code-alice', 'authorization_code']);
  t.like(await server.app.knex('user_oauth').where({ openid: 'o-alice' }).first(), { user_id: info.id, platform: 'wechat_mini', unionid: '' });
  const overview = await api(server.url, '/api/account/overview', { headers: { 'ba-user-token': info.token } });
  t.is(overview.body.code, 1, 'the token works in the member centre');

  const again = await miniLogin({ code: 'code-alice-again' }, 'zh-cn');
  t.is(again.code, 1);
  t.false(again.data.created);
  t.is(again.msg, '登录成功');
  t.is(again.data.userInfo.id, info.id, 'the same member');
  t.is((await server.app.knex('user_oauth').where({ openid: 'o-alice' }).first<{ unionid: string }>()).unionid, 'u-alice', 'the unionid learnt later is kept');
  t.is(await server.app.knex('user').where({ id: info.id }).count<{ n: number }[]>('id as n').then((r) => Number(r[0]!.n)), 1);

  const chinese = await miniLogin({ code: 'code-carol' }, 'zh-cn');
  t.is(chinese.data.userInfo.nickname, '微信用户');
});

test.serial('a unionid bound through another WeChat app leads to the same member', async (t) => {
  const [row] = await server.app.knex('user').insert({ username: 'bob_walker', nickname: 'Bob', password: 'x', status: 'enable', group_id: 1 }).returning('id');
  const bob = (row as { id: number }).id;
  await server.app.knex('user_oauth').insert({ user_id: bob, platform: 'wechat_mp', openid: 'o-bob-official', unionid: 'u-bob', create_time: 1, update_time: 1 });
  const res = await miniLogin({ code: 'code-bob' });
  t.is(res.code, 1);
  t.is(res.data.userInfo.id, bob);
  t.false(res.data.created);
  t.is(await server.app.knex('user_oauth').where({ user_id: bob }).count<{ n: number }[]>('id as n').then((r) => Number(r[0]!.n)), 2);
});

test.serial("WeChat's refusals and bad answers reach the member as clear messages, and nothing is made", async (t) => {
  const members = async () => Number((await server.app.knex('user').count<{ n: number }[]>('id as n'))[0]!.n);
  const before = await members();
  t.is((await miniLogin({ code: 'code-expired' })).msg, 'The sign-in code is invalid or has expired; please sign in again');
  t.is((await miniLogin({ code: 'code-expired' }, 'zh-cn')).msg, '登录凭证无效或已过期，请重新登录');
  t.is((await miniLogin({ code: 'code-odd' })).msg, 'WeChat refused the sign-in: weird refusal (61024)');
  t.is((await miniLogin({ code: 'code-html' })).msg, "WeChat's server gave an answer we cannot read; please try again later");
  t.is((await miniLogin({})).msg, 'The sign-in code is missing');
  t.is((await miniLogin({ code: 'a b' })).msg, 'The sign-in code is not valid');
  t.is((await miniLogin({ code: ['code-alice'] })).code, 0);
  t.is(await members(), before);
});

test.serial('a disabled member cannot sign in; a closed member centre closes this door too', async (t) => {
  const bound = await server.app.knex('user_oauth').where({ openid: 'o-alice' }).first<{ user_id: number }>('user_id');
  await server.app.knex('user').where({ id: bound.user_id }).update({ status: 'disable' });
  t.is((await miniLogin({ code: 'code-alice' })).msg, 'This account has been disabled');
  await server.app.knex('config').where({ name: 'open_member_center' }).update({ value: '0' });
  server.app.services.settings.invalidate();
  const closed = await miniLogin({ code: 'code-carol' });
  t.is(closed.code, 0);
  await server.app.knex('config').where({ name: 'open_member_center' }).update({ value: '1' });
  server.app.services.settings.invalidate();
});
