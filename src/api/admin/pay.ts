import { createPublicKey } from 'node:crypto';
import { PAY_PROVIDERS, PAY_SETTING_FIELDS, type PayCheckItem, type PayCheckReport, type PayProvider, type PaySettingName, type PaySettingValues, type PaySettingsView } from '../../shared/pay.ts';
import type { Services } from '../../server/services/index.ts';
import { alipayRequestParams } from '../../server/services/pay/alipay.ts';
import { rsaVerify } from '../../server/services/pay/rsa.ts';
import { alipayConfigOf, settingProblems, wechatConfigOf } from '../../server/services/pay/settings.ts';
import { alipaySignContent } from '../../server/services/pay/alipaySign.ts';
import { wechatAuthorization, wechatRequestMessage } from '../../server/services/pay/wechatSign.ts';
import type { ApiRequest, ApiRoute } from '../types.ts';
import { Refusal, Success } from '../../server/errors.ts';

/** The merchant keys: sealed where stored, masked in the admin log. */
const PAY_SECRETS = PAY_SETTING_FIELDS.filter((f) => f.kind === 'secret').map((f) => f.name);
const GROUP_OF = new Map<string, string>(PAY_SETTING_FIELDS.map((f) => [f.name, f.group]));
/** The pinned time and nonce of the sample request, so the same key always gives the same sample. */
const SAMPLE = { timestamp: 1554208460, nonce: '593BEC0C930BF1AFEB40B4A08C8FB242' };

/** Signs a sample request with the merchant key and checks it against the key's own public half. */
function sampleItem(provider: PayProvider, values: PaySettingValues): PayCheckItem {
  if (provider === 'wechat') {
    const config = wechatConfigOf(values, true);
    if (!config) return { field: 'sample', ok: false, key: 'pay:check.incomplete' };
    const request = { method: 'GET', pathWithQuery: '/v3/certificates', body: '' };
    const header = wechatAuthorization(config, request, SAMPLE);
    const signature = /signature="([^"]+)"/.exec(header)![1]!;
    const message = wechatRequestMessage(request.method, request.pathWithQuery, SAMPLE.timestamp, SAMPLE.nonce, request.body);
    const ok = rsaVerify(message, signature, createPublicKey(config.privateKey));
    return { field: 'sample', ok, key: ok ? 'pay:check.sampleSigned' : 'pay:check.sampleFailed', params: { text: header } };
  }
  const config = alipayConfigOf(values, true);
  if (!config) return { field: 'sample', ok: false, key: 'pay:check.incomplete' };
  const params = alipayRequestParams(config, 'alipay.trade.query', { out_trade_no: 'SAMPLE' });
  const content = alipaySignContent(params, ['sign']);
  const ok = rsaVerify(content, params.sign!, createPublicKey(config.privateKey));
  return { field: 'sample', ok, key: ok ? 'pay:check.sampleSigned' : 'pay:check.sampleFailed', params: { text: `${content}&sign=${params.sign}` } };
}

/** The report of "check settings": every filled field of each provider, its problems, and a signed sample. */
function checkReport(values: PaySettingValues, unreadable: ReadonlySet<PaySettingName>): PayCheckReport {
  const problems = settingProblems(values, unreadable);
  const report = {} as PayCheckReport;
  for (const provider of PAY_PROVIDERS) {
    const mine = problems.filter((p) => GROUP_OF.get(p.field) === provider);
    const fine: PayCheckItem[] = PAY_SETTING_FIELDS.filter(
      (f) => f.group === provider && f.kind !== 'switch' && values[f.name] !== '' && !mine.some((p) => p.field === f.name),
    ).map((f) => ({ field: f.name, ok: true, key: 'pay:check.ok' }));
    report[provider] = { enabled: values[`${provider}_enabled`] === '1', items: [...mine, ...fine, ...(mine.length ? [] : [sampleItem(provider, values)])] };
  }
  return report;
}

/**
 * pay/config: the payment settings (secrets sealed, never sent back), saving with format checks, and the
 * "check settings" report. (The orders are a resource: src/resources/pay/order.ts.)
 */
export function payAdminRoutes(services: Services): ApiRoute[] {
  const { pay } = services;
  const settings = pay.settings;

  const view = async (req: ApiRequest): Promise<PaySettingsView> => {
    const origin = services.origin(req.ctx);
    return {
      ...(await settings.view()),
      canStoreSecrets: settings.box.available,
      notifyUrls: { wechat: `${origin}/api/pay/notify/wechat`, alipay: `${origin}/api/pay/notify/alipay` },
    };
  };

  return [
    {
      methods: ['GET'],
      path: '/admin/pay.Config/index',
      auth: 'adminRule',
      handler: view,
    },
    {
      methods: ['POST'],
      path: '/admin/pay.Config/edit',
      auth: 'adminRule',
      secretInputs: PAY_SECRETS,
      async handler(req) {
        const t = req.ctx.state.t;
        const { values, unreadable, changed } = await settings.merge(req.input);
        if (!settings.box.available && PAY_SETTING_FIELDS.some((f) => f.kind === 'secret' && changed.has(f.name))) {
          throw new Refusal('pay:check.noSecretsKey');
        }
        const [first] = settingProblems(values, unreadable);
        if (first) throw new Refusal(first.key, 0, { field: first.field }, { ...first.params, label: t(`pay:fields.${first.field}`) });
        await settings.save(values, changed);
        return new Success(await view(req), 'pay:saved');
      },
    },
    {
      methods: ['POST'],
      path: '/admin/pay.Config/check',
      auth: 'adminRule',
      secretInputs: PAY_SECRETS,
      async handler({ input }) {
        // The form's unsaved values; secrets it leaves blank come from what is stored.
        const { values, unreadable } = await settings.merge(input);
        return { report: checkReport(values, unreadable) };
      },
    },
  ];
}
