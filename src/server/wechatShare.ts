import type { IncomingHttpHeaders } from 'node:http';
import { WECHAT_SHARE_SCRIPT } from '../shared/wechat.ts';

/** WeChat's in-app browser names itself in its user agent (`MicroMessenger/8.0.x`). */
export function isWechatBrowser(headers: IncomingHttpHeaders): boolean {
  return /\bMicroMessenger\//i.test(headers['user-agent'] ?? '');
}

const escapeAttribute = (text: string): string => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * What a public page opened in WeChat's browser gets in its head: WeChat's JS-SDK and the share-card script
 * (src/islands/wechatShare.ts), both deferred, both with the answer's nonce. Every other browser gets nothing,
 * so pages without islands stay free of script for them.
 */
export function wechatShareHead(sdkUrl: string): (headers: IncomingHttpHeaders, nonce: string) => string {
  const sdk = escapeAttribute(sdkUrl);
  return (headers, nonce) =>
    isWechatBrowser(headers) ? `<script src="${sdk}" defer nonce="${nonce}"></script><script type="module" src="/${WECHAT_SHARE_SCRIPT}" nonce="${nonce}"></script>` : '';
}
