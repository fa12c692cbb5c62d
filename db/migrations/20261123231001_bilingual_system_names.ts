import type { Knex } from 'knex';

/**
 * Names the system itself creates become bilingual (issue 17 item 7): beside each stored name an English
 * sibling column, as content has (`title` / `title_en`), shown in the reader's language; a name staff
 * entered in one language falls back to it visibly. New databases are seeded with both; this adds the
 * columns and fills them for rows the system created, recognised by their stored Chinese text matching
 * the names the seeds drew from. A row staff renamed keeps an empty English name, and English readers see
 * its Chinese one, marked.
 *
 * A migration is history: the names below are copied from the catalogues (src/locales) as they were when
 * this migration was made independent of them, so it fills the same rows however the catalogues change.
 */

const COLUMNS: [table: string, column: string, size: number | 'text'][] = [
  ['admin_rule', 'title_en', 50],
  ['user_rule', 'title_en', 50],
  ['admin_group', 'name_en', 100],
  ['user_group', 'name_en', 50],
  ['admin_log', 'title_en', 100],
  ['user_message', 'title_en', 200],
  ['user_message', 'content_en', 'text'],
  ['config', 'title_en', 50],
  ['config', 'tip_en', 255],
  ['security_data_recycle', 'name_en', 50],
  ['security_sensitive_data', 'name_en', 50],
  ['user_money_log', 'memo_en', 255],
  ['user_score_log', 'memo_en', 255],
];

/** A name in both languages. */
type Names = [zh: string, en: string];

// The catalogue entries the seeds drew these names from, [Chinese, English].

/** admin.json `menu`: admin menus by rule name. */
const ADMIN_MENU: Record<string, Names> = {
  dashboard: ['控制台', 'Dashboard'],
  content: ['内容管理', 'Content'],
  'content/newsCategory': ['新闻分类', 'News categories'],
  'content/news': ['新闻资讯', 'News'],
  'content/activity': ['品牌活动', 'Brand activities'],
  'content/canal': ['运河河段', 'Canal sections'],
  'content/city': ['沿线城市', 'Cities'],
  'content/trail': ['最美步道', 'Most beautiful trails'],
  'content/trailApplication': ['步道申报', 'Trail applications'],
  'content/member': ['组织成员', 'Organisation members'],
  'content/cultureCategory': ['文化分类', 'Culture categories'],
  'content/culture': ['运河文化', 'Culture articles'],
  'content/forum': ['青年论坛', 'Youth forum'],
  auth: ['权限管理', 'Permissions'],
  'auth/group': ['角色组管理', 'Role groups'],
  'auth/admin': ['管理员管理', 'Administrators'],
  'auth/rule': ['菜单规则管理', 'Menu rules'],
  'auth/adminLog': ['管理员日志管理', 'Admin log'],
  'auth/department': ['部门管理', 'Departments'],
  'auth/job': ['职位管理', 'Jobs'],
  user: ['会员管理', 'Members'],
  'user/user': ['会员管理', 'Members'],
  'user/group': ['会员分组管理', 'Member groups'],
  'user/rule': ['会员规则管理', 'Member rules'],
  'user/moneyLog': ['会员余额管理', 'Balance ledger'],
  'user/scoreLog': ['会员积分管理', 'Points ledger'],
  routine: ['常规管理', 'Routine'],
  'routine/config': ['系统配置', 'System config'],
  'routine/attachment': ['附件管理', 'Attachments'],
  'routine/backup': ['备份与恢复', 'Backups'],
  'routine/adminInfo': ['个人资料', 'Profile'],
  security: ['数据安全管理', 'Data security'],
  'security/dataRecycleLog': ['数据回收站', 'Recycle bin'],
  'security/sensitiveDataLog': ['敏感数据修改记录', 'Sensitive data log'],
  'security/dataRecycle': ['数据回收规则管理', 'Recycle rules'],
  'security/sensitiveData': ['敏感字段规则管理', 'Sensitive data rules'],
  sms: ['短信管理', 'SMS'],
  'sms/template': ['短信模板', 'SMS templates'],
  'sms/variable': ['模板变量', 'Template variables'],
  'sms/log': ['发送记录', 'Send log'],
  wechat: ['微信管理', 'WeChat'],
  'wechat/config': ['公众号配置', 'Official account'],
  'wechat/miniProgram': ['小程序配置', 'Mini program'],
  'wechat/autoReply': ['自动回复', 'Auto-replies'],
  'wechat/material': ['素材管理', 'Materials'],
  pay: ['支付管理', 'Payments'],
  'pay/config': ['支付配置', 'Payment settings'],
  'pay/order': ['充值订单', 'Top-up orders'],
  'crud/crud': ['CRUD代码生成', 'CRUD generator'],
};

/** user.json `menu`: member-centre menus by rule name. */
const MEMBER_MENU: Record<string, Names> = {
  account: ['我的账户', 'My account'],
  'account/overview': ['账户概览', 'Overview'],
  'account/profile': ['个人资料', 'Profile'],
  'account/changePassword': ['修改密码', 'Change password'],
  'account/integral': ['积分记录', 'Points'],
  'account/balance': ['余额记录', 'Balance'],
  'account/message': ['站内消息', 'Messages'],
  'account/trailApplication': ['我的步道申报', 'My trail applications'],
};

/** resources `menu`: the menu folders of the resources, by rule name. */
const RESOURCE_MENU: Record<string, Names> = {
  content: ['内容管理', 'Content'],
  auth: ['权限管理', 'Permissions'],
  user: ['会员管理', 'Members'],
  routine: ['常规管理', 'Routine'],
  security: ['数据安全管理', 'Data security'],
  sms: ['短信管理', 'SMS'],
  wechat: ['微信管理', 'WeChat'],
  pay: ['支付管理', 'Payments'],
};

/** resources `<controller>.title`: each resource's screen, by rule name (or controller). */
const RESOURCE_TITLES: Record<string, Names> = {
  'auth/adminLog': ['管理员日志', 'Admin log'],
  'auth/admin': ['管理员', 'Administrators'],
  'auth/group': ['角色组', 'Role groups'],
  'auth/rule': ['菜单规则', 'Menu rules'],
  'content/activity': ['品牌活动', 'Brand activities'],
  'content/canal': ['运河河段', 'Canal sections'],
  'content/city': ['沿线城市', 'Cities'],
  'content/culture': ['运河文化', 'Culture articles'],
  'content/cultureCategory': ['文化分类', 'Culture categories'],
  'content/forum': ['青年论坛', 'Youth forum'],
  'content/member': ['组织成员', 'Organisation members'],
  'content/news': ['新闻资讯', 'News'],
  'content/newsCategory': ['新闻分类', 'News categories'],
  'content/trail': ['最美步道', 'Most beautiful trails'],
  'content/trailApplication': ['步道申报', 'Trail applications'],
  'crud/log': ['CRUD生成记录', 'CRUD generator log'],
  'auth/department': ['部门管理', 'Departments'],
  'auth/job': ['职位管理', 'Jobs'],
  'pay/order': ['充值订单', 'Top-up orders'],
  'pay/config': ['支付配置', 'Payment settings'],
  'routine/config': ['系统配置', 'System config'],
  'routine/attachment': ['附件管理', 'Attachments'],
  'routine/adminInfo': ['个人资料', 'Profile'],
  'security/dataRecycle': ['数据回收规则管理', 'Recycle rules'],
  'security/sensitiveData': ['敏感字段规则管理', 'Sensitive data rules'],
  'security/dataRecycleLog': ['数据回收站', 'Recycle bin'],
  'security/sensitiveDataLog': ['敏感数据修改记录', 'Sensitive data log'],
  'sms/template': ['短信模板', 'SMS templates'],
  'sms/variable': ['模板变量', 'Template variables'],
  'sms/log': ['短信发送记录', 'SMS send log'],
  'user/user': ['会员', 'Members'],
  'user/group': ['会员分组', 'Member groups'],
  'user/rule': ['会员规则', 'Member rules'],
  'user/moneyLog': ['会员余额', 'Balance ledger'],
  'user/scoreLog': ['会员积分', 'Points ledger'],
  'wechat/autoReply': ['自动回复', 'Auto-replies'],
  'wechat/material': ['素材管理', 'Materials'],
};

/** wechat.json `seed.menu`: the WeChat module's menus, by the last part of the rule name. */
const WECHAT_MENU: Record<string, Names> = {
  config: ['公众号配置', 'Official account'],
  miniProgram: ['小程序配置', 'Mini program'],
};

/** admin-screens-auth.json `buttons`: button rules by action. */
const BUTTONS: Record<string, Names> = {
  index: ['查看', 'View'],
  add: ['添加', 'Add'],
  edit: ['编辑', 'Edit'],
  del: ['删除', 'Delete'],
  sortable: ['快速排序', 'Sort'],
  restore: ['还原', 'Restore'],
  info: ['查看详情', 'Details'],
  rollback: ['回滚', 'Roll back'],
  sendTestMail: ['发送测试邮件', 'Send test mail'],
  approve: ['通过', 'Approve'],
  reject: ['驳回', 'Reject'],
  test: ['测试回调', 'Test the callback'],
  check: ['检查配置', 'Check settings'],
  refund: ['退款', 'Refund'],
  create: ['创建', 'Create'],
  verify: ['校验', 'Verify'],
  download: ['下载', 'Download'],
  upload: ['上传', 'Upload'],
  generate: ['生成', 'Generate'],
  delete: ['删除', 'Delete'],
};

/** system-names.json `adminGroups`. */
const ADMIN_GROUPS: Record<string, Names> = {
  super: ['超级管理组', 'Super administrators'],
  level1: ['一级管理员', 'Level 1 administrators'],
  level2: ['二级管理员', 'Level 2 administrators'],
  level3: ['三级管理员', 'Level 3 administrators'],
};

/** system-names.json `memberGroups`. */
const MEMBER_GROUPS: Record<string, Names> = {
  default: ['默认分组', 'Default group'],
};

/** system-names.json `recycleRules`, by controller. */
const RECYCLE_RULES: Record<string, Names> = {
  'auth/admin': ['管理员', 'Administrators'],
  'auth/adminLog': ['管理员日志', 'Admin log'],
  'auth/rule': ['菜单规则', 'Menu rules'],
  'routine/config': ['系统配置项', 'Config items'],
  'user/user': ['会员', 'Members'],
  'security/dataRecycle': ['数据回收规则', 'Recycle rules'],
};

/** system-names.json `sensitiveRules`, by controller. */
const SENSITIVE_RULES: Record<string, Names> = {
  'auth/admin': ['管理员数据', 'Administrator data'],
  'user/user': ['会员数据', 'Member data'],
  'auth/group': ['管理员权限', 'Administrator permissions'],
};

/** system-names.json `logTitles`: the English keys explicit admin log titles were stored as. */
const LOG_TITLES: Record<string, Names> = {
  Login: ['登录', 'Login'],
  Upload: ['上传文件', 'Upload'],
  'Clear cache': ['清理缓存', 'Clear cache'],
  'Change terminal config': ['修改终端配置', 'Change terminal config'],
  'Run terminal command': ['运行终端命令', 'Run terminal command'],
  'Terminal ticket': ['终端凭证', 'Terminal ticket'],
};

/** admin-routine.json `configText`: the English keys config titles and tips were stored as. */
const CONFIG_TEXT: Record<string, Names> = {
  'Config group': ['配置分组', 'Config groups'],
  'Site Name': ['站点名称', 'Site name'],
  'Site Name (English)': ['站点英文名称', 'Site name (English)'],
  'Record number': ['备案号', 'Record number'],
  'Version number': ['版本号', 'Version number'],
  'time zone': ['时区', 'Time zone'],
  'No access ip': ['禁止访问的 IP', 'Blocked IPs'],
  'Open member center': ['开启会员中心', 'Open the member centre'],
  'CDN URL': ['CDN 地址', 'CDN URL'],
  'Maximum upload size': ['最大上传大小', 'Maximum upload size'],
  'Storage name template': ['文件保存名模板', 'Storage name template'],
  'Allowed suffixes': ['允许的后缀', 'Allowed suffixes'],
  'Allowed MIME types': ['允许的 MIME 类型', 'Allowed MIME types'],
  'smtp server': ['SMTP 服务器', 'SMTP server'],
  'smtp port': ['SMTP 端口', 'SMTP port'],
  'smtp user': ['SMTP 用户名', 'SMTP user'],
  'smtp pass': ['SMTP 密码', 'SMTP password'],
  'smtp verification': ['SMTP 加密方式', 'SMTP encryption'],
  'smtp sender mail': ['发件人邮箱', 'Sender address'],
  'Config Quick entrance': ['快捷配置入口', 'Quick entrances'],
  'Verify SMTP server certificate': ['校验 SMTP 服务器证书', 'Verify the SMTP server certificate'],
  'SMS driver': ['短信驱动', 'SMS driver'],
  'SMS webhook URL': ['短信 Webhook 地址', 'SMS webhook URL'],
  'SMS webhook secret': ['短信 Webhook 密钥', 'SMS webhook secret'],
  'Domain name filing number': ['域名备案号', 'Domain name filing (ICP) number'],
  'One IP or CIDR per line': ['每行一个 IP 或 CIDR', 'One IP or CIDR per line'],
  'Origin that serves uploaded files; empty = this site': ['提供上传文件的源站地址；留空为本站', 'Origin that serves uploaded files; empty = this site'],
  'Units b, kb, mb or gb': ['单位 b、kb、mb 或 gb', 'Units b, kb, mb or gb'],
  'Comma separated': ['以逗号分隔', 'Comma separated'],
  'Comma separated; empty = any': ['以逗号分隔；留空为不限', 'Comma separated; empty = any'],
  'Turn off only for a relay with a self-signed certificate': ['仅当中继服务器使用自签名证书时关闭', 'Turn off only for a relay with a self-signed certificate'],
  'log: write messages to the server log (development); webhook: POST them to your SMS gateway': ['log：把短信写入服务器日志（开发用）；webhook：以 POST 发送到你的短信网关', 'log: write messages to the server log (development); webhook: POST them to your SMS gateway'],
  'Receives {mobile, message, event, code, templateCode} as JSON': ['以 JSON 接收 {mobile, message, event, code, templateCode}', 'Receives {mobile, message, event, code, templateCode} as JSON'],
  'Sent as "Authorization: Bearer <secret>" when set': ['填写后以 "Authorization: Bearer <密钥>" 发送', 'Sent as "Authorization: Bearer <secret>" when set'],
  'log: the server log and the SMS send log only (development); webhook: your own SMS gateway; aliyun: Alibaba Cloud SMS; tencent: Tencent Cloud SMS': ['log：只写入服务器日志和短信发送记录（开发用）；webhook：你自己的短信网关；aliyun：阿里云短信；tencent：腾讯云短信', 'log: the server log and the SMS send log only (development); webhook: your own SMS gateway; aliyun: Alibaba Cloud SMS; tencent: Tencent Cloud SMS'],
  'Receives {mobile, message, event, code, templateCode, template, params} as JSON': ['以 JSON 接收 {mobile, message, event, code, templateCode, template, params}', 'Receives {mobile, message, event, code, templateCode, template, params} as JSON'],
  'Alibaba Cloud AccessKey ID': ['阿里云 AccessKey ID', 'Alibaba Cloud AccessKey ID'],
  'Alibaba Cloud AccessKey secret': ['阿里云 AccessKey Secret', 'Alibaba Cloud AccessKey secret'],
  'Alibaba Cloud SMS signature': ['阿里云短信签名', 'Alibaba Cloud SMS signature'],
  'The approved signature name, e.g. 大运河文化协会': ['已审核通过的签名名称，如：大运河文化协会', 'The approved signature name, e.g. 大运河文化协会'],
  'Alibaba Cloud region': ['阿里云地域', 'Alibaba Cloud region'],
  'Alibaba Cloud SMS endpoint': ['阿里云短信接口地址', 'Alibaba Cloud SMS endpoint'],
  'Tencent Cloud SecretId': ['腾讯云 SecretId', 'Tencent Cloud SecretId'],
  'Tencent Cloud SecretKey': ['腾讯云 SecretKey', 'Tencent Cloud SecretKey'],
  'Tencent Cloud SMS SdkAppId': ['腾讯云短信 SdkAppId', 'Tencent Cloud SMS SdkAppId'],
  'Tencent Cloud SMS signature': ['腾讯云短信签名', 'Tencent Cloud SMS signature'],
  'Tencent Cloud region': ['腾讯云地域', 'Tencent Cloud region'],
  'Tencent Cloud SMS endpoint': ['腾讯云短信接口地址', 'Tencent Cloud SMS endpoint'],
  Basics: ['基础配置', 'Basics'],
  Mail: ['邮件配置', 'Mail'],
  Upload: ['上传配置', 'Upload'],
  SMS: ['短信配置', 'SMS'],
  'Data recycle rule settings': ['数据回收规则配置', 'Recycle rules'],
  'Sensitive data rule settings': ['敏感数据规则配置', 'Sensitive data rules'],
  'Official account AppID': ['公众号 AppID', 'Official account AppID'],
  'Official account AppSecret': ['公众号 AppSecret', 'Official account AppSecret'],
  'Official account Token': ['公众号 Token', 'Official account Token'],
  'Official account EncodingAESKey': ['公众号 EncodingAESKey', 'Official account EncodingAESKey'],
  'Message encryption mode': ['消息加解密方式', 'Message encryption mode'],
  'Mini program AppID': ['小程序 AppID', 'Mini program AppID'],
  'Mini program AppSecret': ['小程序 AppSecret', 'Mini program AppSecret'],
  Terminal: ['终端配置', 'Terminal'],
  'Package manager': ['包管理器', 'Package manager'],
  'Used by the terminal to install, build and test': ['终端安装、构建和测试时使用', 'Used by the terminal to install, build and test'],
  'Remove successful tasks automatically': ['自动清除成功的任务', 'Remove successful tasks automatically'],
  'When a task is added to the terminal': ['在终端添加任务时', 'When a task is added to the terminal'],
  'Command time limit (seconds)': ['命令时限（秒）', 'Command time limit (seconds)'],
  'Versions, migrations, checks': ['查看版本、迁移、检查', 'Versions, migrations, checks'],
  'Install and build time limit (seconds)': ['安装与构建时限（秒）', 'Install and build time limit (seconds)'],
  'Installing dependencies, building the pages': ['安装依赖、构建页面', 'Installing dependencies, building the pages'],
};

/** system-names.json `unknownAction`. */
const UNKNOWN_ACTION: Names = ['未知（{{action}}）', 'Unknown ({{action}})'];

/** The names of a table under `key`, if it has that key as its own (rule names come from the database). */
function own(table: Record<string, Names>, key: string): Names | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** Chinese → English of these names; where two share their Chinese, the later one's English. */
function pairs(names: (Names | undefined)[]): Map<string, string> {
  return new Map(names.filter((n): n is Names => n !== undefined));
}

interface Row {
  id: number;
  [column: string]: unknown;
}

/** Fills `<column>_en` for rows whose `<column>` is a known Chinese name and whose English is empty. */
async function fill(knex: Knex, table: string, column: string, names: (row: Row) => Map<string, string>): Promise<void> {
  const size = COLUMNS.find(([t, c]) => t === table && c === `${column}_en`)![2] as number;
  for (const row of (await knex(table).select('*')) as Row[]) {
    if (String(row[`${column}_en`] ?? '')) continue;
    const english = names(row).get(String(row[column] ?? ''));
    if (english) await knex(table).where({ id: row.id }).update({ [`${column}_en`]: english.slice(0, size) });
  }
}

export async function up(knex: Knex): Promise<void> {
  for (const [table, column, size] of COLUMNS) {
    await knex.schema.alterTable(table, (t) => {
      if (size === 'text') t.text(column);
      else t.string(column, size).notNullable().defaultTo('');
    });
  }

  // Menu rules: by the name the seeds took their title from, buttons by their action.
  const buttons = pairs(Object.values(BUTTONS));
  // Where the seeds took a menu's title from: the shell's menus, a resource, a module's own.
  const ruleNames = (menu: Record<string, Names>, name: string) =>
    pairs([own(menu, name), own(RESOURCE_MENU, name), own(RESOURCE_TITLES, name), own(WECHAT_MENU, name.split('/').pop() ?? '')]);
  await fill(knex, 'admin_rule', 'title', (row) => (row.type === 'button' ? buttons : ruleNames(ADMIN_MENU, String(row.name))));
  await fill(knex, 'user_rule', 'title', (row) => ruleNames(MEMBER_MENU, String(row.name)));

  // Seeded groups and security rules, by their Chinese names.
  await fill(knex, 'admin_group', 'name', () => pairs(Object.values(ADMIN_GROUPS)));
  await fill(knex, 'user_group', 'name', () => pairs(Object.values(MEMBER_GROUPS)));
  const ruleName = (rules: Record<string, Names>, row: Row) => pairs([own(rules, String(row.controller)), own(RESOURCE_TITLES, String(row.controller))]);
  await fill(knex, 'security_data_recycle', 'name', (row) => ruleName(RECYCLE_RULES, row));
  await fill(knex, 'security_sensitive_data', 'name', (row) => ruleName(SENSITIVE_RULES, row));

  // Config titles and tips were English keys: now the Chinese text, with the English beside it.
  for (const row of (await knex('config').select('id', 'title', 'tip')) as Row[]) {
    const change: Record<string, string> = {};
    for (const column of ['title', 'tip']) {
      const names = own(CONFIG_TEXT, String(row[column] ?? ''));
      if (names) Object.assign(change, { [column]: names[0], [`${column}_en`]: names[1] });
    }
    if (Object.keys(change).length) await knex('config').where({ id: row.id }).update(change);
  }

  // Admin log titles: an explicit title was an English key; a derived one "<menu>-<action>" in Chinese.
  const ruleTitles = new Map((await knex('admin_rule').whereNot('title_en', '').select('title', 'title_en')).map((r: Row) => [String(r.title), String(r.title_en)]));
  const unknown = (zh: string) => {
    const m = /^Unknown\((.*)\)$/.exec(zh);
    return m ? { zh: UNKNOWN_ACTION[0].replace('{{action}}', m[1]!), en: UNKNOWN_ACTION[1].replace('{{action}}', m[1]!) } : null;
  };
  for (const row of (await knex('admin_log').where('title_en', '').select('id', 'title')) as Row[]) {
    const title = String(row.title);
    const names = own(LOG_TITLES, title);
    if (names) {
      await knex('admin_log').where({ id: row.id }).update({ title: names[0], title_en: names[1] });
      continue;
    }
    const cut = title.lastIndexOf('-');
    if (cut <= 0) continue;
    const [menu, action] = [title.slice(0, cut), title.slice(cut + 1)];
    const actionPair = unknown(action) ?? (ruleTitles.has(action) || buttons.has(action) ? { zh: action, en: ruleTitles.get(action) ?? buttons.get(action)! } : null);
    const menuEn = ruleTitles.get(menu);
    if (menuEn && actionPair) await knex('admin_log').where({ id: row.id }).update({ title: `${menu}-${actionPair.zh}`.slice(0, 100), title_en: `${menuEn}-${actionPair.en}`.slice(0, 100) });
  }

  // Inbox messages were written as "中文 / English" and "中文\n\nEnglish": split them where that is certain.
  for (const row of (await knex('user_message').where('title_en', '').select('id', 'title', 'content')) as Row[]) {
    const titles = String(row.title).split(' / ');
    const contents = String(row.content).split('\n\n');
    if (titles.length === 2 && contents.length === 2) {
      await knex('user_message').where({ id: row.id }).update({ title: titles[0], title_en: titles[1], content: contents[0], content_en: contents[1] });
    }
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const [table, column] of [...COLUMNS].reverse()) {
    await knex.schema.alterTable(table, (t) => t.dropColumn(column));
  }
}
