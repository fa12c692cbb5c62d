import { Refusal } from '../errors.ts';
import { ALLOW_PRIVATE_SETTING, addressRefusal, hostOf, type Outbound } from './outbound.ts';
import type { ConfigRow } from './settings.ts';
import { ALIYUN_ENDPOINT } from './sms/aliyun.ts';
import { TENCENT_ENDPOINT } from './sms/tencent.ts';

/**
 * A stored secret belongs to the destination it was entered for: when a save changes that destination
 * (host, port, URL or account) without the secret being entered again, the save is refused. An empty
 * secret field otherwise keeps the stored secret, so without this rule an admin could point the saved
 * password at a server of their own.
 */
export interface SecretBinding<N extends string = string> {
  /** Where the secrets go, or whom they sign for, as one comparable text. */
  destination(value: (name: N) => string): string;
  secrets: readonly N[];
  /** Catalogue key of the refusal, which names the secrets to enter again. */
  message: string;
}

export interface SecretState<N extends string> {
  before: (name: N) => string;
  after: (name: N) => string;
  /** A secret is stored (a sealed value that cannot be read counts). */
  stored: (name: N) => boolean;
  /** The save carries a new value for the secret. */
  entered: (name: N) => boolean;
}

/** Refuses when a binding's destination changes while one of its stored secrets was not entered again. */
export function refuseStaleSecrets<N extends string>(bindings: readonly SecretBinding<N>[], state: SecretState<N>): void {
  for (const binding of bindings) {
    if (binding.destination(state.before) === binding.destination(state.after)) continue;
    const stale = binding.secrets.find((s) => state.stored(s) && !state.entered(s));
    if (stale) throw new Refusal(binding.message, 0, { field: stale });
  }
}

const joined =
  <N extends string>(...names: N[]) =>
  (value: (name: N) => string) =>
    names.map(value).join('\n');

/** The secrets of the config table and what each is bound to. */
const CONFIG_BINDINGS: readonly SecretBinding[] = [
  { destination: joined('smtp_server', 'smtp_port', 'smtp_user'), secrets: ['smtp_pass'], message: 'outbound:secretAgain.mail' },
  { destination: joined('sms_webhook_url'), secrets: ['sms_webhook_secret'], message: 'outbound:secretAgain.smsWebhook' },
  {
    destination: (v) => `${v('sms_aliyun_endpoint') || ALIYUN_ENDPOINT}\n${v('sms_aliyun_access_key_id')}`,
    secrets: ['sms_aliyun_access_key_secret'],
    message: 'outbound:secretAgain.smsAliyun',
  },
  {
    destination: (v) => `${v('sms_tencent_endpoint') || TENCENT_ENDPOINT}\n${v('sms_tencent_secret_id')}`,
    secrets: ['sms_tencent_secret_key'],
    message: 'outbound:secretAgain.smsTencent',
  },
  { destination: joined('wechat_app_id'), secrets: ['wechat_app_secret', 'wechat_token', 'wechat_encoding_aes_key'], message: 'outbound:secretAgain.wechat' },
  { destination: joined('mini_program_app_id'), secrets: ['mini_program_app_secret'], message: 'outbound:secretAgain.miniProgram' },
];

/** Config items that name a host to connect to, and how to read the host from the stored value. */
const CONFIG_DESTINATIONS: Record<string, (value: string) => string> = {
  smtp_server: (value) => value,
  sms_webhook_url: hostOf,
  sms_aliyun_endpoint: hostOf,
  sms_tencent_endpoint: hostOf,
};

/**
 * Checks a save of config rows (`rows` as stored, `updates` the new values by row id) before it is written:
 * no stored secret may follow a changed destination, and a changed destination may not resolve to a refused
 * address (under the intranet switch as this same save leaves it). Throws the Refusal to answer with.
 */
export async function guardConfigSave(outbound: Outbound, rows: readonly ConfigRow[], updates: readonly { id: number; value: string }[]): Promise<void> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const before = new Map(rows.map((r) => [r.name, r.value ?? '']));
  const after = new Map(before);
  for (const u of updates) after.set(byId.get(u.id)!.name, u.value);
  const entered = new Set(updates.map((u) => byId.get(u.id)!).filter((r) => r.type === 'password').map((r) => r.name));
  refuseStaleSecrets(CONFIG_BINDINGS, {
    before: (name) => before.get(name) ?? '',
    after: (name) => after.get(name) ?? '',
    stored: (name) => (before.get(name) ?? '') !== '',
    entered: (name) => entered.has(name),
  });
  const intranet = after.has(ALLOW_PRIVATE_SETTING) ? after.get(ALLOW_PRIVATE_SETTING) === '1' : undefined;
  for (const [name, host] of Object.entries(CONFIG_DESTINATIONS)) {
    const value = after.get(name) ?? '';
    if (value === (before.get(name) ?? '')) continue;
    let target: string;
    try {
      target = host(value);
    } catch {
      // Not a URL: the driver treats it as unset, and nothing is sent anywhere.
      continue;
    }
    const refused = target ? await outbound.refusal(target, intranet) : null;
    if (refused) throw addressRefusal(refused);
  }
}
