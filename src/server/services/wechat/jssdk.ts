import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { Refusal } from '../../errors.ts';
import { now } from '../clock.ts';
import type { Settings } from '../settings.ts';

const TIMEOUT_MS = 10_000;
/** A credential is renewed this long before WeChat says it expires, so none is used as it runs out. */
const RENEW_BEFORE = 300;
/** WeChat's answers meaning the access_token is no longer valid: fetch a new one and try once more. */
const STALE_TOKEN = [40001, 40014, 42001];
const TABLE = 'wechat_ticket';

/** What a page's script hands `wx.config()`. */
export interface ShareConfig {
  appId: string;
  timestamp: number;
  nonceStr: string;
  signature: string;
}

/**
 * The JS-SDK signature (WeChat's JS-SDK documentation, appendix 1): the SHA-1 of
 * `jsapi_ticket=…&noncestr=…&timestamp=…&url=…`, the URL being the page's without its fragment.
 */
export function jsapiSignature(ticket: string, nonceStr: string, timestamp: number, url: string): string {
  return createHash('sha1').update(`jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${url}`).digest('hex');
}

interface WechatAnswer {
  errcode?: number;
  errmsg?: string;
  access_token?: string;
  ticket?: string;
  expires_in?: number;
}

class StaleToken extends Error {}

/**
 * The official account's share-card signatures: the access_token (`/cgi-bin/token`) and the JS-SDK ticket
 * (`/cgi-bin/ticket/getticket?type=jsapi`) are fetched with the saved AppID and AppSecret and kept in the
 * database until shortly before they expire, so every process signs with the same ones and WeChat is asked
 * about once in two hours. Concurrent requests of one process share one fetch.
 */
export class WechatJsSdk {
  private readonly fetching = new Map<string, Promise<string>>();

  constructor(
    private readonly knex: Knex,
    private readonly settings: Settings,
    private readonly base: string,
  ) {}

  private async account(): Promise<{ appId: string; appSecret: string }> {
    const appId = (await this.settings.get('wechat_app_id')).trim();
    const appSecret = (await this.settings.get('wechat_app_secret')).trim();
    if (!appId || !appSecret) throw new Refusal('wechat:share.notSetUp');
    return { appId, appSecret };
  }

  /** The signature a page at `url` configures the JS-SDK with. */
  async shareConfig(url: string): Promise<ShareConfig> {
    const { appId } = await this.account();
    const ticket = await this.ticket();
    const timestamp = now();
    const nonceStr = randomBytes(12).toString('base64url');
    return { appId, timestamp, nonceStr, signature: jsapiSignature(ticket, nonceStr, timestamp, url) };
  }

  /** The jsapi_ticket, from the database while it is fresh, else from WeChat (with a new token when it went stale). */
  async ticket(): Promise<string> {
    const fetchTicket = async (appId: string) =>
      this.ask(`/cgi-bin/ticket/getticket?${new URLSearchParams({ access_token: await this.accessToken(appId), type: 'jsapi' })}`, 'ticket');
    try {
      return await this.cached('jsapi_ticket', fetchTicket);
    } catch (err) {
      if (!(err instanceof StaleToken)) throw err;
      const { appId } = await this.account();
      await this.knex(TABLE).where({ name: 'access_token', app_id: appId }).delete();
      return this.cached('jsapi_ticket', fetchTicket);
    }
  }

  private accessToken(appId: string): Promise<string> {
    return this.cached('access_token', async () => {
      const { appSecret } = await this.account();
      return this.ask(`/cgi-bin/token?${new URLSearchParams({ grant_type: 'client_credential', appid: appId, secret: appSecret })}`, 'access_token');
    });
  }

  /** A credential kept in the database until RENEW_BEFORE its expiry; `fetch` answers the value and its lifetime. */
  private async cached(name: string, fetch: (appId: string) => Promise<{ value: string; expiresIn: number }>): Promise<string> {
    const { appId } = await this.account();
    const row = await this.knex(TABLE).where({ name, app_id: appId }).first<{ value: string; expire_time: number } | undefined>('value', 'expire_time');
    if (row && Number(row.expire_time) - RENEW_BEFORE > now()) return row.value;
    const key = `${name}:${appId}`;
    let pending = this.fetching.get(key);
    if (!pending) {
      pending = (async () => {
        const { value, expiresIn } = await fetch(appId);
        const time = now();
        await this.knex(TABLE)
          .insert({ name, app_id: appId, value, expire_time: time + expiresIn, update_time: time })
          .onConflict(['name', 'app_id'])
          .merge(['value', 'expire_time', 'update_time']);
        return value;
      })().finally(() => this.fetching.delete(key));
      this.fetching.set(key, pending);
    }
    return pending;
  }

  /** One GET of WeChat's API: the named field and its lifetime, or a refusal naming WeChat's error. */
  private async ask(path: string, field: 'access_token' | 'ticket'): Promise<{ value: string; expiresIn: number }> {
    let answer: WechatAnswer;
    try {
      const res = await fetch(`${this.base}${path}`, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' });
      answer = (await res.json()) as WechatAnswer;
    } catch {
      throw new Refusal('wechat:share.unreachable');
    }
    const errcode = Number(answer.errcode ?? 0);
    if (field === 'ticket' && STALE_TOKEN.includes(errcode)) throw new StaleToken();
    const value = answer[field];
    if (errcode !== 0 || typeof value !== 'string' || !value) throw new Refusal('wechat:share.refused', 0, null, { errcode, errmsg: String(answer.errmsg ?? '') });
    const expiresIn = Number(answer.expires_in);
    return { value, expiresIn: Number.isFinite(expiresIn) && expiresIn > 0 ? Math.min(expiresIn, 7200) : 7200 };
  }
}
