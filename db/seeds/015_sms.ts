import type { SeedContext } from '../../src/server/seed.ts';
import { serverT } from '../../src/server/i18n.ts';
import { columns, configColumns, configPair } from '../../src/server/services/bilingual.ts';
import { insertRuleTree, menuTitles } from '../../src/server/services/ruleTree.ts';
import { SMS_DRIVERS, type VariableSource } from '../../src/shared/sms.ts';

/** The events /api/Sms/send serves, each with its template. */
const EVENTS = ['user_register', 'user_retrieve_pwd', 'user_change_mobile', 'user_mobile_verify'];

const VARIABLES: { name: string; value_source: VariableSource }[] = [
  { name: 'site_name', value_source: 'site_name' },
  { name: 'code', value_source: 'code' },
  { name: 'minutes', value_source: 'code_minutes' },
];

const DRIVER_TIP = 'log: the server log and the SMS send log only (development); webhook: your own SMS gateway; aliyun: Alibaba Cloud SMS; tencent: Tencent Cloud SMS';

// Titles and tips are keys of the admin-routine:configText catalogue, stored in both languages as in 001_config;
// the driver and webhook tips of 003_sms are replaced by ones that name the new providers.
const PROVIDER_ITEMS = [
  { name: 'sms_aliyun_access_key_id', title: 'Alibaba Cloud AccessKey ID', type: 'string', value: '' },
  { name: 'sms_aliyun_access_key_secret', title: 'Alibaba Cloud AccessKey secret', type: 'password', value: '' },
  { name: 'sms_aliyun_sign_name', title: 'Alibaba Cloud SMS signature', tip: 'The approved signature name, e.g. 大运河文化协会', type: 'string', value: '' },
  { name: 'sms_aliyun_region', title: 'Alibaba Cloud region', type: 'string', value: 'cn-hangzhou' },
  { name: 'sms_aliyun_endpoint', title: 'Alibaba Cloud SMS endpoint', type: 'string', value: 'https://dysmsapi.aliyuncs.com' },
  { name: 'sms_tencent_secret_id', title: 'Tencent Cloud SecretId', type: 'string', value: '' },
  { name: 'sms_tencent_secret_key', title: 'Tencent Cloud SecretKey', type: 'password', value: '' },
  { name: 'sms_tencent_sdk_app_id', title: 'Tencent Cloud SMS SdkAppId', type: 'string', value: '' },
  { name: 'sms_tencent_sign_name', title: 'Tencent Cloud SMS signature', tip: 'The approved signature name, e.g. 大运河文化协会', type: 'string', value: '' },
  { name: 'sms_tencent_region', title: 'Tencent Cloud region', type: 'string', value: 'ap-guangzhou' },
  { name: 'sms_tencent_endpoint', title: 'Tencent Cloud SMS endpoint', type: 'string', value: 'https://sms.tencentcloudapi.com' },
];

/**
 * SMS providers, templates and variables: the provider settings join the SMS config tab, the "SMS" menu
 * folder is made for the template, variable and send-log screens (their menus follow from the resources),
 * and each event gets a template in both languages with the variables it uses.
 */
export async function seed({ knex }: SeedContext): Promise<void> {
  const time = Math.floor(Date.now() / 1000);
  await knex('config')
    .where({ name: 'sms_driver' })
    .update({ content: JSON.stringify(Object.fromEntries(SMS_DRIVERS.map((d) => [d, d]))), ...columns('tip', configPair(DRIVER_TIP), 100) });
  await knex('config')
    .where({ name: 'sms_webhook_url' })
    .update(columns('tip', configPair('Receives {mobile, message, event, code, templateCode, template, params} as JSON'), 100));
  const existing = new Set((await knex('config').whereIn('name', PROVIDER_ITEMS.map((i) => i.name)).select<{ name: string }[]>('name')).map((r) => r.name));
  const items = PROVIDER_ITEMS.filter((i) => !existing.has(i.name)).map(({ title, tip, ...item }, i) => ({
    group: 'sms',
    content: '',
    rule: '',
    extend: '',
    allow_del: false,
    weigh: -i,
    ...item,
    ...configColumns(title, tip),
  }));
  if (items.length) await knex('config').insert(items);

  const zh = serverT('zh-cn', 'sms');
  const en = serverT('en', 'sms');
  if (!(await knex('admin_rule').where({ name: 'sms', type: 'menu_dir' }).first())) {
    await insertRuleTree(knex, 'admin_rule', [{ type: 'menu_dir', name: 'sms', ...menuTitles('resources', 'menu.sms'), icon: 'fa fa-commenting', weigh: 70 }]);
  }
  for (const v of VARIABLES) {
    if (await knex('sms_variable').where({ name: v.name }).first()) continue;
    await knex('sms_variable').insert({ ...v, title: zh(`seed.variables.${v.name}`), title_en: en(`seed.variables.${v.name}`), value: '', status: '1', create_time: time, update_time: time });
  }
  for (const code of EVENTS) {
    if (await knex('sms_template').where({ code }).first()) continue;
    await knex('sms_template').insert({
      code,
      title: zh(`seed.templates.${code}`),
      title_en: en(`seed.templates.${code}`),
      template: '',
      content: zh('seed.content'),
      content_en: en('seed.content'),
      status: '1',
      create_time: time,
      update_time: time,
    });
  }
}
