import type { Knex } from 'knex';
import { configColumns } from './bilingual.ts';
import type { KeyValue } from '../../shared/config.ts';

/** A config item as a seed writes it: title and tip are keys of the admin-routine:configText catalogue. */
export interface ConfigSeedItem {
  name: string;
  group: string;
  title: string;
  tip?: string;
  type: string;
  value: string;
  content?: string;
  rule?: string;
  weigh: number;
}

/** Inserts seeded items (not deletable), their titles and tips stored in both languages; an item already there is kept. */
export async function insertConfigItems(knex: Knex, items: readonly ConfigSeedItem[]): Promise<void> {
  const existing = new Set((await knex('config').whereIn('name', items.map((i) => i.name)).select<{ name: string }[]>('name')).map((r) => r.name));
  const missing = items.filter((i) => !existing.has(i.name));
  if (missing.length) await knex('config').insert(missing.map(({ title, tip, ...i }) => ({ content: '', rule: '', extend: '', allow_del: false, ...i, ...configColumns(title, tip) })));
}

/** Adds a tab to the `config_group` item, before the quick-entrance group, which the admin expects last. */
export async function addConfigGroup(knex: Knex, group: KeyValue): Promise<void> {
  const row = await knex('config').where({ name: 'config_group' }).first<{ value: string } | undefined>();
  if (!row) return;
  const groups = JSON.parse(row.value) as KeyValue[];
  if (groups.some((g) => g.key === group.key)) return;
  const at = groups.findIndex((g) => g.key === 'config_quick_entrance');
  groups.splice(at === -1 ? groups.length : at, 0, group);
  await knex('config').where({ name: 'config_group' }).update({ value: JSON.stringify(groups) });
}
