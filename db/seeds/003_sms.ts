import type { SeedContext } from '../../src/server/seed.ts';
import { addConfigGroup, insertConfigItems } from '../../src/server/services/configSeeds.ts';
import { SMS_DRIVERS } from '../../src/shared/sms.ts';

// Titles and tips are keys of the admin-routine:configText catalogue, stored in both languages like 001_config's.
const items = [
  {
    name: 'smtp_tls_verify', group: 'mail', title: 'Verify SMTP server certificate', tip: 'Turn off only for a relay with a self-signed certificate',
    type: 'switch', value: '1', weigh: 3,
  },
  {
    name: 'sms_driver', group: 'sms', title: 'SMS driver', tip: 'log: write messages to the server log (development); webhook: POST them to your SMS gateway',
    type: 'select', value: 'log', content: JSON.stringify(Object.fromEntries(SMS_DRIVERS.map((d) => [d, d]))), rule: 'required', weigh: 3,
  },
  { name: 'sms_webhook_url', group: 'sms', title: 'SMS webhook URL', tip: 'Receives {mobile, message, event, code, templateCode} as JSON', type: 'string', value: '', weigh: 2 },
  { name: 'sms_webhook_secret', group: 'sms', title: 'SMS webhook secret', tip: 'Sent as "Authorization: Bearer <secret>" when set', type: 'password', value: '', weigh: 1 },
];

export async function seed({ knex }: SeedContext): Promise<void> {
  await insertConfigItems(knex, items);
  await addConfigGroup(knex, { key: 'sms', value: 'SMS' });
}
