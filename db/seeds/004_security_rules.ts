import type { SeedContext } from '../../src/server/seed.ts';
import { resources } from '../../src/resources/index.ts';
import { bilingual, columns, type Bilingual } from '../../src/server/services/bilingual.ts';
import { controllerAlias } from '../../src/server/services/securityRules.ts';

interface RuleSeed {
  /** Where the rule's name comes from: a key of the system-names catalogue, or a resource's title. */
  name: Bilingual;
  controller: string;
  data_table: string;
}

const named = (kind: 'recycleRules' | 'sensitiveRules', controller: string) => bilingual('system-names', `${kind}.${controller}`);

/**
 * Recycle rules of reference 6.3, under our function names. The reference's menu-rule entry pointed at the
 * renamed table (auth/menu → menu_rule) and never fired; ours names auth/rule → admin_rule.
 */
const RECYCLE: RuleSeed[] = [
  { name: named('recycleRules', 'auth/admin'), controller: 'auth/admin', data_table: 'admin' },
  { name: named('recycleRules', 'auth/adminLog'), controller: 'auth/adminLog', data_table: 'admin_log' },
  { name: named('recycleRules', 'auth/rule'), controller: 'auth/rule', data_table: 'admin_rule' },
  { name: named('recycleRules', 'routine/config'), controller: 'routine/config', data_table: 'config' },
  { name: named('recycleRules', 'user/user'), controller: 'user/user', data_table: 'user' },
  { name: named('recycleRules', 'security/dataRecycle'), controller: 'security/dataRecycle', data_table: 'security_data_recycle' },
];

/** Sensitive rules of reference 6.3: `{column: title}` per watched table. */
const SENSITIVE: (RuleSeed & { data_fields: Record<string, string> })[] = [
  { name: named('sensitiveRules', 'auth/admin'), controller: 'auth/admin', data_table: 'admin', data_fields: { username: '用户名', mobile: '手机', password: '密码', status: '状态' } },
  { name: named('sensitiveRules', 'user/user'), controller: 'user/user', data_table: 'user', data_fields: { username: '用户名', mobile: '手机号', password: '密码', status: '状态', email: '邮箱' } },
  { name: named('sensitiveRules', 'auth/group'), controller: 'auth/group', data_table: 'admin_group', data_fields: { rules: '权限规则' } },
];

export async function seed({ knex }: SeedContext): Promise<void> {
  const time = Math.floor(Date.now() / 1000);
  // Every resource marked for the recycle bin (the public content kinds) gets its rule too.
  const recycle = [...RECYCLE];
  for (const def of resources) {
    if (def.recycle && !recycle.some((r) => r.controller === def.name)) {
      recycle.push({ name: bilingual('resources', `${def.name}.title`, { defaultValue: def.name }), controller: def.name, data_table: def.table });
    }
  }
  const row = ({ name, ...r }: RuleSeed) => ({
    ...r,
    ...columns('name', name, 50),
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
