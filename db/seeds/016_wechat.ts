import type { SeedContext } from '../../src/server/seed.ts';
import { serverT } from '../../src/server/i18n.ts';
import { configColumns } from '../../src/server/services/bilingual.ts';
import { buttons, insertRuleTree, menuTitles } from '../../src/server/services/ruleTree.ts';
import { adminView } from '../../src/shared/views.ts';
import { MESSAGE_MODES } from '../../src/shared/wechat.ts';

// Titles are catalogue keys (admin-routine:configText) like every config item's; these groups are edited on
// their own screens (SCREEN_CONFIG_GROUPS), not in the system config.
const ITEMS = [
  { name: 'wechat_app_id', group: 'wechat', title: 'Official account AppID', type: 'string', weigh: 5 },
  { name: 'wechat_app_secret', group: 'wechat', title: 'Official account AppSecret', type: 'password', weigh: 4 },
  { name: 'wechat_token', group: 'wechat', title: 'Official account Token', type: 'password', weigh: 3 },
  { name: 'wechat_encoding_aes_key', group: 'wechat', title: 'Official account EncodingAESKey', type: 'password', weigh: 2 },
  {
    name: 'wechat_message_mode', group: 'wechat', title: 'Message encryption mode', type: 'select', value: 'plain', weigh: 1,
    content: JSON.stringify(Object.fromEntries(MESSAGE_MODES.map((m) => [m, m]))),
  },
  { name: 'mini_program_app_id', group: 'mini_program', title: 'Mini program AppID', type: 'string', weigh: 2 },
  { name: 'mini_program_app_secret', group: 'mini_program', title: 'Mini program AppSecret', type: 'password', weigh: 1 },
];

/**
 * The WeChat menu: the official account and mini program settings screens (the auto-reply and material
 * menus follow from their resources), their config items, and a first follow reply.
 */
export async function seed({ knex }: SeedContext): Promise<void> {
  const existing = new Set((await knex('config').whereIn('name', ITEMS.map((i) => i.name)).select<{ name: string }[]>('name')).map((r) => r.name));
  const items = ITEMS.filter((i) => !existing.has(i.name)).map(({ title, ...i }) => ({ value: '', content: '', rule: '', extend: '', allow_del: false, ...i, ...configColumns(title) }));
  if (items.length) await knex('config').insert(items);

  const zh = serverT('zh-cn', 'wechat');
  if (!(await knex('admin_rule').where({ name: 'wechat', type: 'menu_dir' }).first())) {
    await insertRuleTree(knex, 'admin_rule', [
      {
        type: 'menu_dir', name: 'wechat', ...menuTitles('resources', 'menu.wechat'), icon: 'fa fa-wechat', weigh: 75,
        children: [
          { type: 'menu', name: 'wechat/config', ...menuTitles('wechat', 'seed.menu.config'), icon: 'fa fa-bullhorn', component: adminView('wechat/config'), weigh: 4, keepalive: 1, children: buttons('wechat/config', ['index', 'edit', 'test']) },
          { type: 'menu', name: 'wechat/miniProgram', ...menuTitles('wechat', 'seed.menu.miniProgram'), icon: 'fa fa-mobile', component: adminView('wechat/miniProgram'), weigh: 3, keepalive: 1, children: buttons('wechat/miniProgram', ['index', 'edit']) },
        ],
      },
    ]);
  }
  if (!(await knex('wechat_auto_reply').where({ type: 'follow' }).first())) {
    const time = Math.floor(Date.now() / 1000);
    await knex('wechat_auto_reply').insert({ type: 'follow', keyword: '', match_mode: 'exact', msg_type: 'text', reply_content: zh('seed.followReply'), material_id: 0, status: '1', weigh: 1, create_time: time, update_time: time });
  }
}
