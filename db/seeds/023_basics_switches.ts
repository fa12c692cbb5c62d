import type { SeedContext } from '../../src/server/seed.ts';
import { insertConfigItems } from '../../src/server/services/configSeeds.ts';
import { AUTO_SORT_SETTING } from '../../src/server/services/crud/engine.ts';
import { ALLOW_PRIVATE_SETTING } from '../../src/server/services/outbound.ts';

// Switches of the basics tab, both off; titles and tips are keys of the admin-routine:configText catalogue.
// - Intranet gateways: the mail server and the gateways admins name must be public addresses unless wanted.
// - Equal weights (reference 2.2): a drag between two rows of the same weight is refused unless this is on;
//   on, every row of the list first gets its ID as weight.
export async function seed({ knex }: SeedContext): Promise<void> {
  await insertConfigItems(knex, [
    {
      name: ALLOW_PRIVATE_SETTING,
      group: 'basics',
      title: 'Allow intranet gateways',
      tip: 'Mail server, SMS and payment gateways may be on this server or a private network (10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7); link-local and cloud metadata addresses are always refused',
      type: 'switch',
      value: '0',
      weigh: 0,
    },
    {
      name: AUTO_SORT_SETTING,
      group: 'basics',
      title: 'Reorder rows of equal weight',
      tip: 'When two rows dragged past each other have the same weight, first give every row of the list its ID as weight instead of refusing the move',
      type: 'switch',
      value: '0',
      weigh: 0,
    },
  ]);
}
