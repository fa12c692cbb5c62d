import type { SeedContext } from '../../src/server/seed.ts';
import { insertConfigItems } from '../../src/server/services/configSeeds.ts';
import { ALLOW_PRIVATE_SETTING } from '../../src/server/services/outbound.ts';

// Titles and tips are keys of the admin-routine:configText catalogue, stored in both languages like 001_config's.
// Off: the mail server and the gateways admins name must be public addresses unless an intranet one is wanted.
const ITEM = {
  name: ALLOW_PRIVATE_SETTING,
  group: 'basics',
  title: 'Allow intranet gateways',
  tip: 'Mail server, SMS and payment gateways may be on this server or a private network (10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7); link-local and cloud metadata addresses are always refused',
  type: 'switch',
  value: '0',
  weigh: 0,
};

export async function seed({ knex }: SeedContext): Promise<void> {
  if (await knex('config').where({ name: ITEM.name }).first()) return;
  await insertConfigItems(knex, [ITEM]);
}
