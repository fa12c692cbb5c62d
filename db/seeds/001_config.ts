import type { SeedContext } from '../../src/server/seed.ts';
import { insertConfigItems, type ConfigSeedItem } from '../../src/server/services/configSeeds.ts';

const groups = [
  { key: 'basics', value: 'Basics' },
  { key: 'mail', value: 'Mail' },
  { key: 'upload', value: 'Upload' },
  { key: 'config_quick_entrance', value: 'Config Quick entrance' },
];

// Titles and tips are keys of the admin-routine:configText catalogue, stored in both languages (configColumns);
// values are what a new association starts with.
const items: ConfigSeedItem[] = [
  { name: 'config_group', group: 'basics', title: 'Config group', type: 'array', value: JSON.stringify(groups), rule: 'required', weigh: -1 },
  { name: 'site_name', group: 'basics', title: 'Site Name', type: 'string', value: '大运河文化协会', rule: 'required', weigh: 99 },
  { name: 'site_name_en', group: 'basics', title: 'Site Name (English)', type: 'string', value: 'Grand Canal Culture Association', rule: 'required', weigh: 98 },
  { name: 'record_number', group: 'basics', title: 'Record number', tip: 'Domain name filing number', type: 'string', value: '', weigh: 0 },
  { name: 'version', group: 'basics', title: 'Version number', type: 'string', value: 'v1.0.0', rule: 'required', weigh: 0 },
  { name: 'time_zone', group: 'basics', title: 'time zone', type: 'string', value: 'Asia/Shanghai', rule: 'required', weigh: 0 },
  { name: 'no_access_ip', group: 'basics', title: 'No access ip', tip: 'One IP or CIDR per line', type: 'textarea', value: '', weigh: 0 },
  { name: 'open_member_center', group: 'basics', title: 'Open member center', type: 'switch', value: '1', weigh: 0 },
  { name: 'cdn_url', group: 'basics', title: 'CDN URL', tip: 'Origin that serves uploaded files; empty = this site', type: 'string', value: '', weigh: 0 },
  { name: 'upload_max_size', group: 'upload', title: 'Maximum upload size', tip: 'Units b, kb, mb or gb', type: 'string', value: '10mb', rule: 'required', weigh: 4 },
  { name: 'upload_save_name', group: 'upload', title: 'Storage name template', type: 'string', value: '/storage/{topic}/{year}{mon}{day}/{fileName}{fileSha1}{.suffix}', rule: 'required', weigh: 3 },
  { name: 'upload_allowed_suffixes', group: 'upload', title: 'Allowed suffixes', tip: 'Comma separated', type: 'string', value: 'jpg,png,bmp,jpeg,gif,webp,zip,rar,wav,mp4,mp3', rule: 'required', weigh: 2 },
  { name: 'upload_allowed_mime_types', group: 'upload', title: 'Allowed MIME types', tip: 'Comma separated; empty = any', type: 'string', value: '', weigh: 1 },
  { name: 'smtp_server', group: 'mail', title: 'smtp server', type: 'string', value: 'smtp.qq.com', weigh: 9 },
  { name: 'smtp_port', group: 'mail', title: 'smtp port', type: 'string', value: '465', weigh: 8 },
  { name: 'smtp_user', group: 'mail', title: 'smtp user', type: 'string', value: '', weigh: 7 },
  { name: 'smtp_pass', group: 'mail', title: 'smtp pass', type: 'password', value: '', weigh: 6 },
  { name: 'smtp_verification', group: 'mail', title: 'smtp verification', type: 'select', value: 'SSL', content: JSON.stringify({ SSL: 'SSL', TLS: 'TLS' }), weigh: 5 },
  { name: 'smtp_sender_mail', group: 'mail', title: 'smtp sender mail', type: 'string', value: '', rule: 'email', weigh: 4 },
  {
    name: 'config_quick_entrance',
    group: 'config_quick_entrance',
    title: 'Config Quick entrance',
    type: 'array',
    value: JSON.stringify([
      { key: 'Data recycle rule settings', value: 'security/dataRecycle' },
      { key: 'Sensitive data rule settings', value: 'security/sensitiveData' },
    ]),
    weigh: 0,
  },
];

export async function seed({ knex }: SeedContext): Promise<void> {
  await insertConfigItems(knex, items);
}
