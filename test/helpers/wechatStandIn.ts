import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { TEST_SERVER_OPTIONS } from './httpServer.ts';

/** What the stand-in was asked, and switches that make it answer as WeChat does when things go wrong. */
export interface WechatStandIn {
  url: string;
  calls: { path: string; query: URLSearchParams }[];
  /** The ticket it hands out now; a new token makes a new ticket. */
  ticket(): string;
  /** Makes the current access_token invalid (errcode 40001 on the next ticket request). */
  revokeToken(): void;
  /** The AppSecret it accepts. */
  secret: string;
  close(): Promise<void>;
}

/**
 * A local server speaking WeChat's official account API as documented: `GET /cgi-bin/token` (client_credential)
 * answers an access_token for the right AppID and AppSecret, `GET /cgi-bin/ticket/getticket?type=jsapi` a
 * jsapi_ticket for a valid token, each with `expires_in` 7200, and the documented error codes otherwise. It
 * also serves a stand-in of the JS-SDK script at `/jweixin.js`, which records what a page configures.
 */
export async function startWechatStandIn(appId: string, secret: string): Promise<WechatStandIn> {
  let tokens = 0;
  let token = '';
  const calls: WechatStandIn['calls'] = [];
  const json = (res: http.ServerResponse, body: unknown) => res.writeHead(200, { 'content-type': 'application/json; encoding=utf-8' }).end(JSON.stringify(body));
  const server = http.createServer(TEST_SERVER_OPTIONS, (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    calls.push({ path: url.pathname, query: url.searchParams });
    if (url.pathname === '/cgi-bin/token') {
      if (url.searchParams.get('grant_type') !== 'client_credential') return json(res, { errcode: 40002, errmsg: 'invalid grant_type' });
      if (url.searchParams.get('appid') !== appId) return json(res, { errcode: 40013, errmsg: 'invalid appid' });
      if (url.searchParams.get('secret') !== standIn.secret) return json(res, { errcode: 40125, errmsg: 'invalid appsecret' });
      token = `ACCESS_TOKEN_${++tokens}`;
      return json(res, { access_token: token, expires_in: 7200 });
    }
    if (url.pathname === '/cgi-bin/ticket/getticket') {
      if (url.searchParams.get('type') !== 'jsapi') return json(res, { errcode: 40097, errmsg: 'invalid args' });
      if (!token || url.searchParams.get('access_token') !== token) return json(res, { errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' });
      return json(res, { errcode: 0, errmsg: 'ok', ticket: standIn.ticket(), expires_in: 7200 });
    }
    if (url.pathname === '/jweixin.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(JSSDK_STAND_IN);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const standIn: WechatStandIn = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    ticket: () => `jsapi-ticket-for-${token}`,
    revokeToken: () => {
      token = `revoked-${token}`;
    },
    secret,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return standIn;
}

/** The JS-SDK as a page sees it: `wx.config`, `wx.ready` and the share calls, each recorded on `window.wxCalls`. */
const JSSDK_STAND_IN = `window.wxCalls = [];
window.wx = {
  config: function (options) { window.wxCalls.push(['config', options]); },
  ready: function (callback) { window.wxCalls.push(['ready']); setTimeout(callback, 0); },
  updateAppMessageShareData: function (data) { window.wxCalls.push(['updateAppMessageShareData', data]); },
  updateTimelineShareData: function (data) { window.wxCalls.push(['updateTimelineShareData', data]); },
};`;
