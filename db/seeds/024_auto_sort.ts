import type { SeedContext } from '../../src/server/seed.ts';
import { insertConfigItems } from '../../src/server/services/configSeeds.ts';
import { AUTO_SORT_SETTING } from '../../src/server/services/crud/engine.ts';

// Reference 2.2: off by default, when two dragged rows share a weight the move is refused; on, every row's weight
// becomes its key first. Titles and tips are keys of the admin-routine:configText catalogue.
const ITEM = {
  name: AUTO_SORT_SETTING,
  group: 'basics',
  title: 'Reorder rows of equal weight',
  tip: 'When two rows dragged past each other have the same weight, first give every row of the list its ID as weight instead of refusing the move',
  type: 'switch',
  value: '0',
  weigh: 0,
};

export async function seed({ knex }: SeedContext): Promise<void> {
  if (await knex('config').where({ name: ITEM.name }).first()) return;
  await insertConfigItems(knex, [ITEM]);
}
