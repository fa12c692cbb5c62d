/** Payment constants both the server and the islands use. */

export const PAY_PROVIDERS = ['wechat', 'alipay'] as const;
export type PayProvider = (typeof PAY_PROVIDERS)[number];

/** pending → paid → refunding → refunded; pending → closed when it expires unpaid. */
export const ORDER_STATES = ['pending', 'paid', 'closed', 'refunding', 'refunded'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** How often the member's page asks whether its order was paid (ms). */
export const ORDER_POLL_MS = 2000;

export type PaySettingKind = 'text' | 'secret' | 'key' | 'switch' | 'url' | 'number';

export interface PaySettingField {
  name: string;
  group: 'general' | PayProvider;
  kind: PaySettingKind;
}

/**
 * Every payment setting, in form order. `secret` values are stored sealed and never sent back; `key` values
 * are public keys or certificates (shown in full).
 */
export const PAY_SETTING_FIELDS = [
  { name: 'topup_amounts', group: 'general', kind: 'text' },
  { name: 'topup_min', group: 'general', kind: 'text' },
  { name: 'topup_max', group: 'general', kind: 'text' },
  { name: 'order_expire_minutes', group: 'general', kind: 'number' },
  { name: 'wechat_enabled', group: 'wechat', kind: 'switch' },
  { name: 'wechat_mchid', group: 'wechat', kind: 'text' },
  { name: 'wechat_appid', group: 'wechat', kind: 'text' },
  { name: 'wechat_api_v3_key', group: 'wechat', kind: 'secret' },
  { name: 'wechat_serial_no', group: 'wechat', kind: 'text' },
  { name: 'wechat_private_key', group: 'wechat', kind: 'secret' },
  { name: 'wechat_platform_key', group: 'wechat', kind: 'key' },
  { name: 'wechat_platform_serial', group: 'wechat', kind: 'text' },
  { name: 'wechat_base_url', group: 'wechat', kind: 'url' },
  { name: 'alipay_enabled', group: 'alipay', kind: 'switch' },
  { name: 'alipay_app_id', group: 'alipay', kind: 'text' },
  { name: 'alipay_private_key', group: 'alipay', kind: 'secret' },
  { name: 'alipay_public_key', group: 'alipay', kind: 'key' },
  { name: 'alipay_sandbox', group: 'alipay', kind: 'switch' },
  { name: 'alipay_gateway', group: 'alipay', kind: 'url' },
] as const satisfies readonly PaySettingField[];

export type PaySettingName = (typeof PAY_SETTING_FIELDS)[number]['name'];
export type PaySettingValues = Record<PaySettingName, string>;

export const PAY_SETTING_DEFAULTS: PaySettingValues = {
  topup_amounts: '10,50,100,200,500',
  topup_min: '1',
  topup_max: '5000',
  order_expire_minutes: '30',
  wechat_enabled: '0',
  wechat_mchid: '',
  wechat_appid: '',
  wechat_api_v3_key: '',
  wechat_serial_no: '',
  wechat_private_key: '',
  wechat_platform_key: '',
  wechat_platform_serial: '',
  wechat_base_url: '',
  alipay_enabled: '0',
  alipay_app_id: '',
  alipay_private_key: '',
  alipay_public_key: '',
  alipay_sandbox: '0',
  alipay_gateway: '',
};

/** What the admin's settings screen reads: secrets blank, with whether one is stored. */
export interface PaySettingsView {
  values: PaySettingValues;
  secretSet: Partial<Record<PaySettingName, boolean>>;
  /** False when SECRETS_KEY is not set: secrets cannot be saved. */
  canStoreSecrets: boolean;
  /** Where each provider must send its notifications. */
  notifyUrls: Record<PayProvider, string>;
}

/** One finding of "check settings": a field and a message key of the `pay` catalogue (ok or a problem). */
export interface PayCheckItem {
  field: PaySettingName | 'sample';
  ok: boolean;
  key: string;
  params?: Record<string, string | number>;
}

export type PayCheckReport = Record<PayProvider, { enabled: boolean; items: PayCheckItem[] }>;

/** GET /api/pay/options: what the member's top-up form offers. */
export interface TopupOptions {
  providers: PayProvider[];
  /** Preset amounts in yuan ("50.00"). */
  amounts: string[];
  min: string;
  max: string;
}

/** A member's top-up order as the API shows it. */
export interface TopupOrder {
  order_no: string;
  provider: PayProvider;
  /** Yuan. */
  amount: string;
  status: OrderState;
  expire_time: number;
  /** The QR code as an SVG document, while the order can be paid. */
  qr_svg: string;
}
