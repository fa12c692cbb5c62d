import type { SeedContext } from '../../src/server/seed.ts';
import { insertConfigItems } from '../../src/server/services/configSeeds.ts';

// How visitors reach the association (issue 32, item 2): the footer, /about, /401 and a closed registration
// form show what is set. Titles and tips are keys of the admin-routine:configText catalogue. The demo site gets
// an address of the example domain, which no one receives mail at; a real association enters its own.
const TIP = 'Shown in the footer, on the About page and where members cannot register yet; empty = not shown';
const ITEMS = [
  { name: 'contact_email', title: 'Contact e-mail', rule: 'email', demo: 'contact@canal.example.org', weigh: 97 },
  { name: 'contact_phone', title: 'Contact phone', rule: '', demo: '', weigh: 96 },
  { name: 'contact_address', title: 'Contact address', rule: '', demo: '江苏省扬州市广陵区运河文化中心', weigh: 95 },
  { name: 'contact_address_en', title: 'Contact address (English)', rule: '', demo: 'Grand Canal Culture Centre, Guangling District, Yangzhou, Jiangsu', weigh: 94 },
];

export async function seed({ knex, config }: SeedContext): Promise<void> {
  await insertConfigItems(
    knex,
    ITEMS.map(({ demo, ...item }) => ({ ...item, group: 'basics', type: 'string', tip: TIP, value: config.seedDemo ? demo : '' })),
  );
}
