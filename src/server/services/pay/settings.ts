import type { KeyObject } from 'node:crypto';
import type { Knex } from 'knex';
import { yuanToCents } from '../../../shared/account.ts';
import {
  PAY_PROVIDERS,
  PAY_SETTING_DEFAULTS,
  PAY_SETTING_FIELDS,
  type PayCheckItem,
  type PayProvider,
  type PaySettingName,
  type PaySettingValues,
} from '../../../shared/pay.ts';
import { now } from '../clock.ts';
import { addressRefusal, hostOf, type Outbound } from '../outbound.ts';
import type { SecretBox } from '../secretBox.ts';
import { refuseStaleSecrets, type SecretBinding } from '../secretBindings.ts';
import { parsePrivateKey, parsePublicKey } from './rsa.ts';

export const WECHAT_BASE_URL = 'https://api.mch.weixin.qq.com';
export const ALIPAY_GATEWAY = 'https://openapi.alipay.com/gateway.do';
export const ALIPAY_SANDBOX_GATEWAY = 'https://openapi-sandbox.dl.alipaydev.com/gateway.do';

const MIN_RSA_BITS = 2048;
const SECRET_NAMES = new Set<string>(PAY_SETTING_FIELDS.filter((f) => f.kind === 'secret').map((f) => f.name));
const NAMES = new Set<string>(PAY_SETTING_FIELDS.map((f) => f.name));

/** Fields a provider needs before it can be switched on. */
const REQUIRED: Record<PayProvider, PaySettingName[]> = {
  wechat: ['wechat_mchid', 'wechat_appid', 'wechat_api_v3_key', 'wechat_serial_no', 'wechat_private_key', 'wechat_platform_key'],
  alipay: ['alipay_app_id', 'alipay_private_key', 'alipay_public_key'],
};

export interface WechatConfig {
  mchid: string;
  appid: string;
  apiV3Key: string;
  serialNo: string;
  privateKey: KeyObject;
  platform: { key: KeyObject; serial: string };
  baseUrl: string;
}

export interface AlipayConfig {
  appId: string;
  privateKey: KeyObject;
  alipayPublicKey: KeyObject;
  gateway: string;
}

export interface TopupLimits {
  /** Cents. */
  amounts: number[];
  min: number;
  max: number;
  expireMinutes: number;
}

const wechatBaseUrl = (v: (name: PaySettingName) => string) => (v('wechat_base_url') || WECHAT_BASE_URL).replace(/\/+$/, '');
const alipayGateway = (v: (name: PaySettingName) => string) => v('alipay_gateway') || (v('alipay_sandbox') === '1' ? ALIPAY_SANDBOX_GATEWAY : ALIPAY_GATEWAY);

/**
 * The merchant keys sign requests to the API address (a signed request sent elsewhere could be replayed to
 * the provider) for one merchant: a new address or merchant needs them entered again.
 */
const PAY_BINDINGS: readonly SecretBinding<PaySettingName>[] = [
  { destination: (v) => `${wechatBaseUrl(v)}\n${v('wechat_mchid')}`, secrets: ['wechat_api_v3_key', 'wechat_private_key'], message: 'outbound:secretAgain.wechatPay' },
  { destination: (v) => `${alipayGateway(v)}\n${v('alipay_app_id')}`, secrets: ['alipay_private_key'], message: 'outbound:secretAgain.alipay' },
];

/** Stored values, secrets opened; `unreadable` names secrets sealed under another SECRETS_KEY. */
interface Loaded {
  values: PaySettingValues;
  unreadable: Set<PaySettingName>;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

function problem(field: PayCheckItem['field'], key: string, params?: PayCheckItem['params']): PayCheckItem {
  return { field, ok: false, key, params };
}

function privateKeyProblem(field: PaySettingName, text: string): PayCheckItem | null {
  try {
    const bits = parsePrivateKey(text).asymmetricKeyDetails?.modulusLength ?? 0;
    return bits < MIN_RSA_BITS ? problem(field, 'pay:check.keyTooShort', { bits }) : null;
  } catch {
    return problem(field, 'pay:check.privateKey');
  }
}

function publicKeyProblem(field: PaySettingName, text: string): PayCheckItem | null {
  try {
    parsePublicKey(text);
    return null;
  } catch {
    return problem(field, 'pay:check.publicKey');
  }
}

/** Yuan amounts separated by commas (Chinese or Latin), as cents; null when one is malformed. */
export function parseAmountList(text: string): number[] | null {
  const parts = text.split(/[,，\s]+/).filter(Boolean);
  const cents = parts.map((p) => yuanToCents(p));
  return cents.every((c): c is number => c !== null && c > 0) ? cents : null;
}

/**
 * Checks the format of every filled value, and that an enabled provider has everything it needs. Returns
 * the problems; an empty list means the settings can be saved.
 */
export function settingProblems(values: PaySettingValues, unreadable: ReadonlySet<PaySettingName> = new Set()): PayCheckItem[] {
  const found: PayCheckItem[] = [];
  const add = (item: PayCheckItem | null) => item && found.push(item);
  const v = values;

  const min = yuanToCents(v.topup_min);
  const max = yuanToCents(v.topup_max);
  if (min === null || max === null || min < 1 || max < min) found.push(problem('topup_min', 'pay:check.limits'));
  const amounts = parseAmountList(v.topup_amounts);
  if (!amounts || (min !== null && max !== null && amounts.some((a) => a < min || a > max))) found.push(problem('topup_amounts', 'pay:check.amounts'));
  const expire = Number(v.order_expire_minutes);
  if (!Number.isInteger(expire) || expire < 5 || expire > 1440) found.push(problem('order_expire_minutes', 'pay:check.expire'));

  if (v.wechat_mchid && !/^\d{8,12}$/.test(v.wechat_mchid)) found.push(problem('wechat_mchid', 'pay:check.mchid'));
  if (v.wechat_appid && !/^wx[0-9a-zA-Z]{16}$/.test(v.wechat_appid)) found.push(problem('wechat_appid', 'pay:check.appid'));
  if (v.wechat_api_v3_key && !/^[A-Za-z0-9]{32}$/.test(v.wechat_api_v3_key)) found.push(problem('wechat_api_v3_key', 'pay:check.apiV3Key'));
  if (v.wechat_serial_no && !/^[0-9A-Fa-f]{8,40}$/.test(v.wechat_serial_no)) found.push(problem('wechat_serial_no', 'pay:check.serialNo'));
  if (v.wechat_private_key) add(privateKeyProblem('wechat_private_key', v.wechat_private_key));
  if (v.wechat_platform_key) {
    const keyProblem = publicKeyProblem('wechat_platform_key', v.wechat_platform_key);
    add(keyProblem);
    // A certificate names its own serial; a bare public key needs the ID WeChat shows next to it.
    if (!keyProblem && !v.wechat_platform_key.includes('BEGIN CERTIFICATE') && !v.wechat_platform_serial) {
      found.push(problem('wechat_platform_serial', 'pay:check.platformSerial'));
    }
  }
  if (v.wechat_platform_serial && !/^[A-Za-z0-9_]{1,64}$/.test(v.wechat_platform_serial)) found.push(problem('wechat_platform_serial', 'pay:check.platformSerial'));
  if (v.wechat_base_url && !isHttpUrl(v.wechat_base_url)) found.push(problem('wechat_base_url', 'pay:check.url'));

  if (v.alipay_app_id && !/^\d{16}$/.test(v.alipay_app_id)) found.push(problem('alipay_app_id', 'pay:check.alipayAppId'));
  if (v.alipay_private_key) add(privateKeyProblem('alipay_private_key', v.alipay_private_key));
  if (v.alipay_public_key) add(publicKeyProblem('alipay_public_key', v.alipay_public_key));
  if (v.alipay_gateway && !isHttpUrl(v.alipay_gateway)) found.push(problem('alipay_gateway', 'pay:check.url'));

  for (const provider of PAY_PROVIDERS) {
    if (v[`${provider}_enabled`] !== '1') continue;
    for (const field of REQUIRED[provider]) {
      if (unreadable.has(field)) found.push(problem(field, 'pay:check.secretUnreadable'));
      else if (!v[field]) found.push(problem(field, 'pay:check.required'));
    }
  }
  return found;
}

/**
 * The payment settings in `pay_setting`: secrets sealed with SECRETS_KEY, read fresh on every use (they
 * change rarely and payments are few, so every process sees a change at once).
 */
export class PaySettings {
  constructor(
    private readonly knex: Knex,
    readonly box: SecretBox,
    readonly outbound: Outbound,
  ) {}

  async load(db: Knex | Knex.Transaction = this.knex): Promise<Loaded> {
    const rows = await db('pay_setting').select<{ name: string; value: string }[]>('name', 'value');
    const values = { ...PAY_SETTING_DEFAULTS };
    const unreadable = new Set<PaySettingName>();
    for (const { name, value } of rows) {
      if (!NAMES.has(name)) continue;
      const key = name as PaySettingName;
      if (!SECRET_NAMES.has(name)) {
        values[key] = value;
        continue;
      }
      const opened = value === '' ? '' : this.box.open(name, value);
      if (opened === null) unreadable.add(key);
      values[key] = opened ?? '';
    }
    return { values, unreadable };
  }

  /** The settings for the admin form: secrets blank, with whether one is stored. */
  async view(): Promise<{ values: PaySettingValues; secretSet: Partial<Record<PaySettingName, boolean>> }> {
    const { values, unreadable } = await this.load();
    const secretSet: Partial<Record<PaySettingName, boolean>> = {};
    for (const name of SECRET_NAMES) {
      const key = name as PaySettingName;
      secretSet[key] = values[key] !== '' || unreadable.has(key);
      values[key] = '';
    }
    return { values, secretSet };
  }

  /**
   * What a posted form means: known fields only, trimmed (keys keep their line breaks), an empty secret
   * keeping the stored one. Refused when a stored merchant key would follow a changed API address or
   * merchant without being entered again, or when a changed address resolves to a refused one.
   */
  async merge(input: Record<string, unknown>): Promise<Loaded & { changed: Set<PaySettingName> }> {
    const loaded = await this.load();
    const values = { ...loaded.values };
    const changed = new Set<PaySettingName>();
    const entered = new Set<PaySettingName>();
    for (const field of PAY_SETTING_FIELDS) {
      const raw = input[field.name];
      if (raw === undefined || raw === null) continue;
      let text = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' || typeof raw === 'boolean' ? String(raw) : '';
      if (field.kind === 'switch') text = ['1', 'true'].includes(text) ? '1' : '0';
      if (field.kind === 'secret' && text === '') continue;
      if (field.kind === 'secret') entered.add(field.name);
      if (text !== values[field.name]) changed.add(field.name);
      values[field.name] = text;
    }
    refuseStaleSecrets(PAY_BINDINGS, {
      before: (name) => loaded.values[name],
      after: (name) => values[name],
      stored: (name) => loaded.values[name] !== '' || loaded.unreadable.has(name),
      entered: (name) => entered.has(name),
    });
    for (const url of [wechatBaseUrl, alipayGateway]) {
      const target = url((name) => values[name]);
      if (target === url((name) => loaded.values[name]) || !isHttpUrl(target)) continue;
      const refused = await this.outbound.refusal(hostOf(target));
      if (refused) throw addressRefusal(refused);
    }
    const unreadable = new Set([...loaded.unreadable].filter((n) => !changed.has(n)));
    return { values, unreadable, changed };
  }

  /** Writes the changed values in one transaction; secrets need SECRETS_KEY. */
  async save(values: PaySettingValues, changed: ReadonlySet<PaySettingName>): Promise<void> {
    const time = now();
    await this.knex.transaction(async (trx) => {
      for (const name of changed) {
        const value = SECRET_NAMES.has(name) && values[name] !== '' ? this.box.seal(name, values[name]) : values[name];
        await trx('pay_setting').insert({ name, value, update_time: time }).onConflict('name').merge(['value', 'update_time']);
      }
    });
  }

  async limits(): Promise<TopupLimits> {
    const { values } = await this.load();
    const min = yuanToCents(values.topup_min) ?? 1;
    const max = yuanToCents(values.topup_max) ?? min;
    return {
      amounts: (parseAmountList(values.topup_amounts) ?? []).filter((a) => a >= min && a <= max),
      min,
      max,
      expireMinutes: Number(values.order_expire_minutes) || Number(PAY_SETTING_DEFAULTS.order_expire_minutes),
    };
  }

  /** The WeChat Pay configuration, or null when it is off or cannot be used as stored. */
  async wechat(): Promise<WechatConfig | null> {
    return wechatConfigOf((await this.load()).values);
  }

  async alipay(): Promise<AlipayConfig | null> {
    return alipayConfigOf((await this.load()).values);
  }

  async enabledProviders(): Promise<PayProvider[]> {
    const { values } = await this.load();
    return PAY_PROVIDERS.filter((p) => (p === 'wechat' ? wechatConfigOf(values) : alipayConfigOf(values)) !== null);
  }
}

/** Parsed keys of a WeChat Pay configuration; null when it is off or incomplete. */
export function wechatConfigOf(v: PaySettingValues, ignoreSwitch = false): WechatConfig | null {
  if ((!ignoreSwitch && v.wechat_enabled !== '1') || REQUIRED.wechat.some((f) => !v[f])) return null;
  try {
    const platform = parsePublicKey(v.wechat_platform_key);
    return {
      mchid: v.wechat_mchid,
      appid: v.wechat_appid,
      apiV3Key: v.wechat_api_v3_key,
      serialNo: v.wechat_serial_no,
      privateKey: parsePrivateKey(v.wechat_private_key),
      platform: { key: platform.key, serial: platform.serial || v.wechat_platform_serial },
      baseUrl: wechatBaseUrl((name) => v[name]),
    };
  } catch {
    return null;
  }
}

export function alipayConfigOf(v: PaySettingValues, ignoreSwitch = false): AlipayConfig | null {
  if ((!ignoreSwitch && v.alipay_enabled !== '1') || REQUIRED.alipay.some((f) => !v[f])) return null;
  try {
    return {
      appId: v.alipay_app_id,
      privateKey: parsePrivateKey(v.alipay_private_key),
      alipayPublicKey: parsePublicKey(v.alipay_public_key).key,
      gateway: alipayGateway((name) => v[name]),
    };
  } catch {
    return null;
  }
}
