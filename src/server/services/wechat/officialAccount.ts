import { randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { MESSAGE_MODES, type MessageMode } from '../../../shared/wechat.ts';
import { now } from '../clock.ts';
import { isUniqueViolation } from '../idempotency.ts';
import type { Settings } from '../settings.ts';
import { autoReply } from './autoReply.ts';
import { sha1Signature, signatureMatches, WechatCipher, WechatCryptoError } from './crypto.ts';
import { buildXml, field, parseXml, type XmlFields } from './xml.ts';

/** Messages older (or newer) than this many seconds are replays and refused. */
export const MAX_AGE_SECONDS = 300;

export interface AccountSettings {
  appId: string;
  appSecret: string;
  token: string;
  encodingAesKey: string;
  mode: MessageMode;
}

/** The official account's settings as saved in the admin (config group `wechat`). */
export async function accountSettings(settings: Settings): Promise<AccountSettings> {
  const get = async (name: string) => (await settings.get(name)).trim();
  const mode = await get('wechat_message_mode');
  return {
    appId: await get('wechat_app_id'),
    appSecret: await get('wechat_app_secret'),
    token: await get('wechat_token'),
    encodingAesKey: await get('wechat_encoding_aes_key'),
    mode: (MESSAGE_MODES as readonly string[]).includes(mode) ? (mode as MessageMode) : 'plain',
  };
}

/** A nonce like WeChat's: a decimal number. */
export function randomNonce(): string {
  return String(randomInt(100_000_000, 2_000_000_000));
}

/** What the callback answers: a status and, only when the request was genuine, a body. */
export interface CallbackAnswer {
  status: number;
  type: string;
  body: string;
}

const refuse = (status: number): CallbackAnswer => ({ status, type: 'text/plain', body: '' });
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The official account's message callback (WeChat's passive reply protocol): URL verification, and
 * messages verified by `signature` (plus `msg_signature` when encrypted), decrypted, answered by the
 * auto-reply rules and encrypted back. Anything not genuine gets a bare status and no body.
 */
export class OfficialAccount {
  constructor(
    private readonly knex: Knex,
    private readonly settings: Settings,
    private readonly log: Logger,
  ) {}

  /**
   * `signature` = sha1 of the sorted token, timestamp and nonce; the timestamp within five minutes; and this
   * signature not accepted before (a replay inside the window), by any process.
   */
  private async genuine(query: Record<string, unknown>, account: AccountSettings): Promise<boolean> {
    const timestamp = text(query.timestamp);
    if (!account.token || !/^\d{1,12}$/.test(timestamp) || Math.abs(now() - Number(timestamp)) > MAX_AGE_SECONDS) return false;
    const signature = sha1Signature(account.token, timestamp, text(query.nonce));
    return signatureMatches(query.signature, signature) && (await this.firstUse(signature, Number(timestamp) + MAX_AGE_SECONDS));
  }

  /** Records a genuine request's signature until its timestamp leaves the window; false when it was already there. */
  private async firstUse(signature: string, expireTime: number): Promise<boolean> {
    await this.knex('wechat_callback_nonce').where('expire_time', '<', now()).delete();
    try {
      await this.knex('wechat_callback_nonce').insert({ signature, expire_time: expireTime });
      return true;
    } catch (err) {
      if (isUniqueViolation(err)) return false;
      throw err;
    }
  }

  /** GET: WeChat checks the server by having it echo `echostr`. */
  async verifyUrl(query: Record<string, unknown>): Promise<CallbackAnswer> {
    if (!(await this.genuine(query, await accountSettings(this.settings)))) return refuse(403);
    const echostr = text(query.echostr);
    return echostr ? { status: 200, type: 'text/plain', body: echostr } : refuse(400);
  }

  /** POST: a message or event; `absolute` makes stored image paths into URLs WeChat can fetch. */
  async receive(query: Record<string, unknown>, body: string, absolute: (url: string) => string): Promise<CallbackAnswer> {
    const account = await accountSettings(this.settings);
    if (!(await this.genuine(query, account))) return refuse(403);
    const outer = parseXml(body);
    if (!outer) return refuse(400);
    let message: XmlFields = outer;
    let cipher: WechatCipher | null = null;
    if (text(query.encrypt_type).toLowerCase() === 'aes') {
      // Compatible and safe mode: the Encrypt field is authoritative (compatible mode also sends plain fields).
      if (account.mode === 'plain') return refuse(400);
      const encrypted = field(outer, 'Encrypt');
      if (!encrypted || !signatureMatches(query.msg_signature, sha1Signature(account.token, text(query.timestamp), text(query.nonce), encrypted))) return refuse(403);
      try {
        cipher = new WechatCipher(account.encodingAesKey, account.appId);
        const inner = parseXml(cipher.decrypt(encrypted));
        if (!inner) return refuse(400);
        message = inner;
      } catch (err) {
        if (!(err instanceof WechatCryptoError)) throw err;
        this.log.warn({ reason: err.message }, 'WeChat message could not be decrypted');
        return refuse(400);
      }
    } else if (account.mode === 'safe') {
      return refuse(400);
    }
    const reply = await autoReply(this.knex, message, absolute);
    // 'success' tells WeChat there is no reply (rather than retrying and showing the follower an error).
    if (!reply) return { status: 200, type: 'text/plain', body: 'success' };
    const xml = buildXml({
      ToUserName: field(message, 'FromUserName'),
      FromUserName: field(message, 'ToUserName'),
      CreateTime: now(),
      MsgType: reply.msgType,
      ...reply.fields,
    });
    if (!cipher) return { status: 200, type: 'text/xml; charset=utf-8', body: xml };
    const encrypted = cipher.encrypt(xml);
    const timestamp = String(now());
    const nonce = randomNonce();
    return {
      status: 200,
      type: 'text/xml; charset=utf-8',
      body: buildXml({ Encrypt: encrypted, MsgSignature: sha1Signature(account.token, timestamp, nonce, encrypted), TimeStamp: Number(timestamp), Nonce: nonce }),
    };
  }
}
