import type { SeedContext } from '../../src/server/seed.ts';
import { configColumns } from '../../src/server/services/bilingual.ts';
import { DEFAULT_REVISION_KEEP, REVISION_KEEP_SETTING } from '../../src/server/services/crud/revisions.ts';

// How many earlier versions of each row the resources that keep revisions hold (0: all). Titles and tips
// are keys of the admin-routine:configText catalogue.
const ITEM = {
  name: REVISION_KEEP_SETTING,
  group: 'basics',
  title: 'Revisions kept per item',
  tip: 'Earlier versions kept for each content item (0 keeps them all); the oldest go first',
  type: 'number',
  value: String(DEFAULT_REVISION_KEEP),
  rule: 'integer',
  weigh: 0,
};

export async function seed({ knex }: SeedContext): Promise<void> {
  if (await knex('config').where({ name: ITEM.name }).first()) return;
  const { title, tip, ...item } = ITEM;
  await knex('config').insert({ content: '', extend: '', allow_del: false, ...item, ...configColumns(title, tip) });
}
