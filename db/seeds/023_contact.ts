import type { SeedContext } from '../../src/server/seed.ts';
import { configColumns } from '../../src/server/services/bilingual.ts';

// How visitors reach the association (issue 32, item 2): the footer, /about, /401 and a closed registration
// form show what is set. Titles and tips are keys of the admin-routine:configText catalogue. The demo site gets
// an address of the example domain, which no one receives mail at; a real association enters its own.
const TIP = 'Shown in the footer, on the About page and where members cannot register yet; empty = not shown';
const ITEMS = [
  { name: 'contact_email', title: 'Contact e-mail', type: 'string', rule: 'email', demo: 'contact@canal.example.org', weigh: 97 },
  { name: 'contact_phone', title: 'Contact phone', type: 'string', rule: '', demo: '', weigh: 96 },
  { name: 'contact_address', title: 'Contact address', type: 'string', rule: '', demo: '江苏省扬州市广陵区运河文化中心', weigh: 95 },
  { name: 'contact_address_en', title: 'Contact address (English)', type: 'string', rule: '', demo: 'Grand Canal Culture Centre, Guangling District, Yangzhou, Jiangsu', weigh: 94 },
];

export async function seed({ knex, config }: SeedContext): Promise<void> {
  for (const { title, demo, ...item } of ITEMS) {
    if (await knex('config').where({ name: item.name }).first()) continue;
    await knex('config').insert({ content: '', extend: '', allow_del: false, group: 'basics', value: config.seedDemo ? demo : '', ...item, ...configColumns(title, TIP) });
  }
}
