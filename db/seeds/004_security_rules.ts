import type { SeedContext } from '../../src/server/seed.ts';
import { resources } from '../../src/resources/index.ts';
import { serverT } from '../../src/server/i18n.ts';
import { controllerAlias } from '../../src/server/services/securityRules.ts';

interface RuleSeed {
  name: string;
  controller: string;
  data_table: string;
}

/**
 * Recycle rules of reference 6.3, under our function names. The reference's menu-rule entry pointed at the
 * renamed table (auth/menu → menu_rule) and never fired; ours names auth/rule → admin_rule.
 */
const RECYCLE: RuleSeed[] = [
  { name: '管理员', controller: 'auth/admin', data_table: 'admin' },
  { name: '管理员日志', controller: 'auth/adminLog', data_table: 'admin_log' },
  { name: '菜单规则', controller: 'auth/rule', data_table: 'admin_rule' },
  { name: '系统配置项', controller: 'routine/config', data_table: 'config' },
  { name: '会员', controller: 'user/user', data_table: 'user' },
  { name: '数据回收规则', controller: 'security/dataRecycle', data_table: 'security_data_recycle' },
];

/** Sensitive rules of reference 6.3: `{column: title}` per watched table. */
const SENSITIVE: (RuleSeed & { data_fields: Record<string, string> })[] = [
  { name: '管理员数据', controller: 'auth/admin', data_table: 'admin', data_fields: { username: '用户名', mobile: '手机', password: '密码', status: '状态' } },
  { name: '会员数据', controller: 'user/user', data_table: 'user', data_fields: { username: '用户名', mobile: '手机号', password: '密码', status: '状态', email: '邮箱' } },
  { name: '管理员权限', controller: 'auth/group', data_table: 'admin_group', data_fields: { rules: '权限规则' } },
];

export async function seed({ knex }: SeedContext): Promise<void> {
  const time = Math.floor(Date.now() / 1000);
  const t = serverT('zh-cn', 'resources');
  // Every resource marked for the recycle bin (the public content kinds) gets its rule too.
  const recycle = [...RECYCLE];
  for (const def of resources) {
    if (def.recycle && !recycle.some((r) => r.controller === def.name)) {
      recycle.push({ name: t(`${def.name}.title`, { defaultValue: def.name }).slice(0, 50), controller: def.name, data_table: def.table });
    }
  }
  const row = (r: RuleSeed) => ({
    ...r,
    controller_as: controllerAlias(r.controller),
    connection: '',
    primary_key: 'id',
    status: '1',
    create_time: time,
    update_time: time,
  });
  await knex('security_data_recycle').insert(recycle.map(row));
  await knex('security_sensitive_data').insert(SENSITIVE.map((r) => ({ ...row(r), data_fields: JSON.stringify(r.data_fields) })));
}
