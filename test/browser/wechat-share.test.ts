import test from 'ava';
import { browserSuite, collectErrors } from '../helpers/browser.ts';
import { setConfig } from '../helpers/standIns.ts';
import { startWechatStandIn, type WechatStandIn } from '../helpers/wechatStandIn.ts';
import { jsapiSignature } from '../../src/server/services/wechat/jssdk.ts';

// A news page opened with WeChat's user agent configures its share card: WeChat's JS-SDK (here the stand-in's,
// which records its calls) gets the signature the server made with the stand-in's ticket, and the card gets the
// page's title, description, address and picture. The same page in another browser loads no script.

const APP_ID = 'wx1234567890abcdef';
const SECRET = '0123456789abcdef0123456789abcdef';
const WECHAT_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64 NetType/WIFI Language/zh_CN';

let wechat: WechatStandIn;
const suite = browserSuite(test, async () => {
  wechat = await startWechatStandIn(APP_ID, SECRET);
  return { WECHAT_API_BASE: wechat.url, WECHAT_JSSDK_URL: `${wechat.url}/jweixin.js` };
});
test.after.always(async () => {
  await wechat?.close();
});

type WxCall = [string, Record<string, unknown>?];

test.serial("a page in WeChat's browser configures its share card from the stand-in; elsewhere it loads no script", async (t) => {
  const { server, browser } = suite;
  await setConfig(server, { wechat_app_id: APP_ID, wechat_app_secret: SECRET });
  const news = await server.app.knex('news').where({ status: '1' }).orderBy('id').first<{ id: number; title_en: string }>('id', 'title_en');
  const url = `${server.url}/news/info?id=${news.id}`;

  const page = await browser.newPage();
  const errors = collectErrors(page);
  await page.setUserAgent(WECHAT_UA);
  await page.goto(url, { waitUntil: 'networkidle0' });
  await page.waitForFunction(() => ((window as unknown as { wxCalls?: unknown[] }).wxCalls ?? []).length >= 4);
  const wxCalls = await page.evaluate(() => (window as unknown as { wxCalls: WxCall[] }).wxCalls);
  t.deepEqual(wxCalls.map(([name]) => name), ['config', 'ready', 'updateAppMessageShareData', 'updateTimelineShareData']);
  const config = wxCalls[0]![1] as { appId: string; timestamp: number; nonceStr: string; signature: string; jsApiList: string[]; debug: boolean };
  t.is(config.appId, APP_ID);
  t.false(config.debug);
  t.deepEqual(config.jsApiList, ['updateAppMessageShareData', 'updateTimelineShareData']);
  t.is(config.signature, jsapiSignature(wechat.ticket(), config.nonceStr, config.timestamp, url), 'the signature of this page with the ticket WeChat gave');
  const card = wxCalls[2]![1] as { title: string; desc: string; link: string; imgUrl: string };
  const og = await page.evaluate(() => Object.fromEntries([...document.querySelectorAll('meta[property^="og:"]')].map((m) => [m.getAttribute('property'), m.getAttribute('content')])));
  t.true(card.title.startsWith(news.title_en), card.title);
  t.deepEqual(card, { title: og['og:title'], desc: og['og:description'], link: og['og:url'], imgUrl: og['og:image'] });
  t.truthy(card.desc);
  t.regex(card.imgUrl, /^http:\/\/127\.0\.0\.1:\d+\//);
  t.deepEqual(wxCalls[3]![1], { title: card.title, link: card.link, imgUrl: card.imgUrl });
  t.deepEqual(errors, []);
  await page.close();

  const other = await browser.newPage();
  const scripts: string[] = [];
  other.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await other.goto(url, { waitUntil: 'networkidle0' });
  t.deepEqual(scripts, []);
  t.is(await other.$$eval('script', (s) => s.length), 0);
  await other.close();
});
