import type { TFunction } from 'i18next';
import type { ProbeKind, ProbeResult } from '../../../shared/wechat.ts';
import { now } from '../clock.ts';
import { sha1Signature, signatureMatches, WechatCipher, WechatCryptoError } from './crypto.ts';
import { randomNonce, type AccountSettings } from './officialAccount.ts';
import { buildXml, field, parseXml, type XmlFields } from './xml.ts';

const TIMEOUT_MS = 10_000;
/** The account and the follower of the test message (WeChat would send the account's original ID). */
export const PROBE_ACCOUNT = 'gh_canal_portal_test';
export const PROBE_OPENID = 'o-canal-portal-test';

/** The reply's fields as text, nested ones (Image.MediaId, Articles.item.Title) flattened to their leaf names. */
function flatten(fields: XmlFields, into: Record<string, string> = {}): Record<string, string> {
  for (const [name, value] of Object.entries(fields)) {
    if (value && typeof value === 'object') flatten((Array.isArray(value) ? value[0] : value) as XmlFields, into);
    else into[name] = String(value ?? '');
  }
  return into;
}

/**
 * "Test the callback": plays WeChat's part against our own callback URL with the saved settings: a follow
 * event or a text message, signed (and in compatible and safe mode encrypted) as WeChat does it, then the
 * reply checked and decrypted as WeChat would. The result says what came back and what went wrong.
 */
export async function probeCallback(input: { account: AccountSettings; url: string; kind: ProbeKind; content: string; t: TFunction }): Promise<ProbeResult> {
  const { account, t } = input;
  const encrypted = account.mode !== 'plain';
  const timestamp = String(now());
  const nonce = randomNonce();
  const message: Record<string, string | number> = { ToUserName: PROBE_ACCOUNT, FromUserName: PROBE_OPENID, CreateTime: now() };
  if (input.kind === 'follow') Object.assign(message, { MsgType: 'event', Event: 'subscribe' });
  else Object.assign(message, { MsgType: 'text', Content: input.content, MsgId: `${Date.now()}` });
  const sent = buildXml(message);
  const result: ProbeResult = { ok: false, mode: account.mode, encrypted, status: 0, sent, answer: '', reply: null, error: null };

  const query = new URLSearchParams({ signature: sha1Signature(account.token, timestamp, nonce), timestamp, nonce, openid: PROBE_OPENID });
  let body = sent;
  let cipher: WechatCipher | null = null;
  if (encrypted) {
    cipher = new WechatCipher(account.encodingAesKey, account.appId);
    const encrypt = cipher.encrypt(sent);
    body = buildXml({ ToUserName: String(message.ToUserName), Encrypt: encrypt });
    query.set('encrypt_type', 'aes');
    query.set('msg_signature', sha1Signature(account.token, timestamp, nonce, encrypt));
  }

  let res: Response;
  try {
    res = await fetch(`${input.url}?${query}`, { method: 'POST', headers: { 'content-type': 'text/xml' }, body, signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'manual' });
  } catch (err) {
    const cause = err instanceof Error && err.cause instanceof Error ? err.cause.message : String(err);
    return { ...result, error: t('wechat:probe.unreachable', { error: cause }) };
  }
  result.status = res.status;
  result.answer = (await res.text()).slice(0, 20_000);
  if (res.status === 403) return { ...result, error: t('wechat:probe.refused') };
  if (res.status !== 200) return { ...result, error: t('wechat:probe.httpStatus', { status: res.status }) };
  if (result.answer.trim() === 'success' || result.answer.trim() === '') return { ...result, ok: true, error: t('wechat:probe.noReply') };

  let reply = parseXml(result.answer);
  if (!reply) return { ...result, error: t('wechat:probe.malformed') };
  if (cipher) {
    const encrypt = field(reply, 'Encrypt');
    if (!signatureMatches(field(reply, 'MsgSignature'), sha1Signature(account.token, field(reply, 'TimeStamp'), field(reply, 'Nonce'), encrypt))) {
      return { ...result, error: t('wechat:probe.replySignature') };
    }
    try {
      reply = parseXml(cipher.decrypt(encrypt));
    } catch (err) {
      if (!(err instanceof WechatCryptoError)) throw err;
      return { ...result, error: t('wechat:probe.replyDecrypt', { error: err.message }) };
    }
    if (!reply) return { ...result, error: t('wechat:probe.malformed') };
  }
  return { ...result, ok: true, reply: flatten(reply) };
}
