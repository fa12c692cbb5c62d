import type { Knex } from 'knex';
import type { TFunction } from 'i18next';

/** The help banner of a page: the translated remark of the menu rule of that name (reference 2.1 `remark`). */
export async function ruleRemark(knex: Knex, name: string, t: TFunction): Promise<string> {
  const rule = await knex('admin_rule').whereRaw('lower(name) = ?', [name.toLowerCase()]).first<{ remark: string } | undefined>('remark');
  if (!rule?.remark) return '';
  return t(`crud:remarks.${rule.remark}`, { defaultValue: rule.remark });
}
