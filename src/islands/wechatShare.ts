/**
 * The share card of a public page opened in WeChat's browser: the server adds this script (and WeChat's JS-SDK
 * before it) to the page only for that browser, so other visitors get no script at all. It asks the server to
 * sign the page's address, configures the JS-SDK with the signature and gives it the card: the page's Open
 * Graph title, description, address and picture. It imports nothing, so the build emits it as one small file.
 */

interface ShareData {
  title: string;
  desc: string;
  link: string;
  imgUrl: string;
}

/** The part of WeChat's JS-SDK (jweixin) the card uses. */
interface WeixinJsSdk {
  config(options: { debug: boolean; appId: string; timestamp: number; nonceStr: string; signature: string; jsApiList: string[] }): void;
  ready(callback: () => void): void;
  updateAppMessageShareData(data: ShareData): void;
  updateTimelineShareData(data: Omit<ShareData, 'desc'>): void;
}

declare global {
  interface Window {
    wx?: WeixinJsSdk;
  }
}

/** The endpoint that signs the page (src/api/wechat/jsConfig.ts). */
const CONFIG_URL = '/api/wechat/jsConfig';

function meta(selector: string): string {
  return document.querySelector<HTMLMetaElement>(`meta[${selector}]`)?.content.trim() ?? '';
}

async function configure(wx: WeixinJsSdk): Promise<void> {
  const url = window.location.href.split('#')[0]!;
  const res = await fetch(`${CONFIG_URL}?url=${encodeURIComponent(url)}`, { headers: { accept: 'application/json' } });
  const envelope = (await res.json()) as { code?: number; data?: { appId: string; timestamp: number; nonceStr: string; signature: string } };
  // Without the account's settings there is no card; WeChat then shows the page as a plain link.
  if (envelope.code !== 1 || !envelope.data) return;
  const card: ShareData = {
    title: meta('property="og:title"') || document.title,
    desc: meta('property="og:description"') || meta('name="description"'),
    link: meta('property="og:url"') || url,
    imgUrl: meta('property="og:image"'),
  };
  wx.config({ debug: false, ...envelope.data, jsApiList: ['updateAppMessageShareData', 'updateTimelineShareData'] });
  wx.ready(() => {
    wx.updateAppMessageShareData(card);
    wx.updateTimelineShareData({ title: card.title, link: card.link, imgUrl: card.imgUrl });
  });
}

if (window.wx) void configure(window.wx).catch(() => undefined);

export {};
