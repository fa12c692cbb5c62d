import type { SeedContext } from '../../src/server/seed.ts';
import { addConfigGroup, insertConfigItems } from '../../src/server/services/configSeeds.ts';

/**
 * The security tab (issue "Contract"): who may call the API from another origin (reference member 1.2,
 * `cors_request_domain`), and single sign-on for admins and members (reference 2.2, `admin_sso` /
 * `user_sso`, off as there). A seed, not a migration: an existing database gets it at its next start.
 */
export async function seed({ knex }: SeedContext): Promise<void> {
  await insertConfigItems(knex, [
    {
      name: 'cors_request_domain', group: 'security', title: 'Cross-origin request domains',
      tip: 'Sites whose pages may call the API: host names or origins, comma separated; * allows any site', type: 'string', value: 'localhost,127.0.0.1', weigh: 3,
    },
    { name: 'admin_sso', group: 'security', title: 'Admin single sign-on', tip: "A password login ends the admin's other sessions", type: 'switch', value: '0', weigh: 2 },
    { name: 'user_sso', group: 'security', title: 'Member single sign-on', tip: "A password login ends the member's other sessions", type: 'switch', value: '0', weigh: 1 },
  ]);
  await addConfigGroup(knex, { key: 'security', value: 'Security' });
}
