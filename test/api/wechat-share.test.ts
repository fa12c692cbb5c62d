import test from 'ava';
import { api, startServer, type TestServer } from '../helpers/server.ts';
import { setConfig } from '../helpers/standIns.ts';
import { startWechatStandIn, type WechatStandIn } from '../helpers/wechatStandIn.ts';
import { jsapiSignature, WechatJsSdk, type ShareConfig } from '../../src/server/services/wechat/jssdk.ts';

// Share cards in WeChat (issue 27): the server signs a page's address with a jsapi_ticket fetched from a local
// stand-in speaking WeChat's documented API, keeps the ticket in the database until it expires (one fetch for
// every process), and adds the JS-SDK and the share script only to pages opened in WeChat's browser.

const APP_ID = 'wx1234567890abcdef';
const SECRET = '0123456789abcdef0123456789abcdef';
const WECHAT_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';
const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

let server: TestServer;
let wechat: WechatStandIn;

test.before(async () => {
  wechat = await startWechatStandIn(APP_ID, SECRET);
  server = await startServer({ WECHAT_API_BASE: wechat.url, WECHAT_JSSDK_URL: `${wechat.url}/jweixin.js` });
});
test.after.always(async () => {
  await server?.stop();
  await wechat?.close();
});

const jsConfig = (url: string, lang = 'en') => api<ShareConfig>(server.url, `/api/wechat/jsConfig?url=${encodeURIComponent(url)}`, { lang });
const calls = (path: string) => wechat.calls.filter((c) => c.path === path).length;

test.serial('before the official account is set up there is no signature, and WeChat is not asked', async (t) => {
  const res = await jsConfig(`${server.url}/news`);
  t.is(res.body.code, 0);
  t.is(res.body.msg, "The official account's AppID and AppSecret are not set, so there is no share card");
  t.is(wechat.calls.length, 0);
});

test.serial('a page is signed with the ticket of the stand-in; the ticket is kept in the database for every process until it expires', async (t) => {
  await setConfig(server, { wechat_app_id: APP_ID, wechat_app_secret: SECRET });
  const url = `${server.url}/news/info?id=1&lang=en`;
  const first = await jsConfig(`${url}#comments`);
  t.is(first.body.code, 1, first.body.msg);
  const { appId, timestamp, nonceStr, signature } = first.body.data;
  t.is(appId, APP_ID);
  t.true(Math.abs(timestamp - Date.now() / 1000) < 60);
  t.regex(nonceStr, /^[\w-]{16}$/);
  t.is(signature, jsapiSignature(wechat.ticket(), nonceStr, timestamp, url), 'signed without the fragment, with the ticket WeChat gave');
  t.is(calls('/cgi-bin/token'), 1);
  t.is(calls('/cgi-bin/ticket/getticket'), 1);
  const token = wechat.calls.find((c) => c.path === '/cgi-bin/token')!.query;
  t.is(token.get('appid'), APP_ID);
  t.is(token.get('secret'), SECRET);

  const second = await jsConfig(`${server.url}/brand`);
  t.is(second.body.code, 1);
  t.not(second.body.data.nonceStr, nonceStr);
  // Another process on the same database signs with the stored ticket and asks WeChat nothing.
  const otherProcess = new WechatJsSdk(server.app.knex, server.app.services.settings, wechat.url);
  t.is(await otherProcess.ticket(), wechat.ticket());
  t.is(calls('/cgi-bin/token'), 1);
  t.is(calls('/cgi-bin/ticket/getticket'), 1);
  const stored = await server.app.knex('wechat_ticket').where({ app_id: APP_ID }).orderBy('name').select<{ name: string; expire_time: number }[]>('name', 'expire_time');
  t.deepEqual(stored.map((r) => r.name), ['access_token', 'jsapi_ticket']);
  t.true(stored.every((r) => Math.abs(Number(r.expire_time) - Date.now() / 1000 - 7200) < 60));

  // Close to its expiry the ticket is fetched again (the token is still good).
  await server.app.knex('wechat_ticket').where({ name: 'jsapi_ticket' }).update({ expire_time: Math.floor(Date.now() / 1000) + 60 });
  t.is((await jsConfig(`${server.url}/`)).body.code, 1);
  t.is(calls('/cgi-bin/token'), 1);
  t.is(calls('/cgi-bin/ticket/getticket'), 2);
});

test.serial('a token WeChat no longer accepts is replaced once and the ticket fetched with the new one', async (t) => {
  await server.app.knex('wechat_ticket').where({ name: 'jsapi_ticket' }).delete();
  wechat.revokeToken();
  const res = await jsConfig(`${server.url}/trail`);
  t.is(res.body.code, 1, res.body.msg);
  t.is(res.body.data.signature, jsapiSignature(wechat.ticket(), res.body.data.nonceStr, res.body.data.timestamp, `${server.url}/trail`));
  t.is(calls('/cgi-bin/token'), 2);
});

test.serial("WeChat's refusals and bad requests are answered clearly, never with a server error", async (t) => {
  const cases: [string, RegExp][] = [
    ['https://elsewhere.example.org/news', /Only this site's pages/],
    ['not a url', /address of the page/],
    ['', /address of the page/],
  ];
  for (const [url, message] of cases) {
    const res = await jsConfig(url);
    t.is(res.status, 200);
    t.is(res.body.code, 0, url);
    t.regex(res.body.msg, message, url);
  }
  const none = await api(server.url, '/api/wechat/jsConfig', { lang: 'en' });
  t.regex(none.body.msg, /address of the page/);
  await server.app.knex('wechat_ticket').delete();
  await setConfig(server, { wechat_app_secret: 'ffffffffffffffffffffffffffffffff' });
  const refused = await jsConfig(`${server.url}/news`, 'zh-cn');
  t.is(refused.body.code, 0);
  t.is(refused.body.msg, '微信拒绝了请求（40125：invalid appsecret）');
  await setConfig(server, { wechat_app_secret: SECRET });
});

test.serial("only WeChat's browser gets the JS-SDK and the share script; other visitors still get no script; a cached page serves both", async (t) => {
  for (const path of ['/news', '/about', '/brand']) {
    const plain = await fetch(server.url + path, { headers: { 'user-agent': PHONE_UA } });
    const plainHtml = await plain.text();
    t.false(plainHtml.includes('<script'), `${path}: no script for other browsers`);
    t.regex(plain.headers.get('vary') ?? '', /User-Agent/);
    const inWechat = await fetch(server.url + path, { headers: { 'user-agent': WECHAT_UA } });
    const html = await inWechat.text();
    t.is(inWechat.headers.get('x-page-cache'), 'HIT', `${path}: the same cached page`);
    const nonce = /'nonce-([^']+)'/.exec(inWechat.headers.get('content-security-policy') ?? '')?.[1];
    t.truthy(nonce);
    t.true(html.includes(`<script src="${wechat.url}/jweixin.js" defer nonce="${nonce}"></script><script type="module" src="/wechat-share.js" nonce="${nonce}"></script></head>`), path);
    t.regex(inWechat.headers.get('content-security-policy') ?? '', new RegExp(`script-src 'self' 'nonce-[^']+' ${wechat.url.replace(/[.:/]/g, '\\$&')};`));
    const compressed = await fetch(server.url + path, { headers: { 'user-agent': WECHAT_UA, 'accept-encoding': 'gzip' } });
    t.true((await compressed.text()).includes('/wechat-share.js'), `${path}: compressed too`);
  }
  const script = await fetch(`${server.url}/wechat-share.js`);
  t.is(script.status, 200);
  t.regex(script.headers.get('content-type') ?? '', /javascript/);
  t.regex(await script.text(), /\/api\/wechat\/jsConfig/);
});
