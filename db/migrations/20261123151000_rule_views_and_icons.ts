import type { Knex } from 'knex';

/**
 * Menu rules adopt BuildAdmin's client convention (issue 10): `component` becomes a view path and `icon` a
 * Font Awesome / Element Plus name. New databases are seeded that way; this converts existing ones. The
 * tables below are frozen copies of what the earlier seeds wrote, so later changes to the seeds cannot
 * change what this migration does.
 */

/** Admin screens BuildAdmin keeps as a single file. */
const SINGLE_FILE = new Set(['dashboard', 'routine/adminInfo']);

/** The icon each seeded rule gets, by rule name (the reference's where it has the rule). */
const ICON_BY_NAME: Record<string, string> = {
  dashboard: 'fa fa-dashboard',
  auth: 'fa fa-group',
  'auth/group': 'fa fa-group',
  'auth/admin': 'el-icon-UserFilled',
  'auth/rule': 'el-icon-Grid',
  'auth/adminLog': 'el-icon-List',
  'auth/department': 'fa fa-sitemap',
  'auth/job': 'fa fa-briefcase',
  user: 'fa fa-drivers-license',
  'user/user': 'fa fa-user',
  'user/group': 'fa fa-group',
  'user/rule': 'fa fa-th-list',
  'user/moneyLog': 'el-icon-Money',
  'user/scoreLog': 'el-icon-Discount',
  routine: 'fa fa-cogs',
  'routine/config': 'el-icon-Tools',
  'routine/attachment': 'fa fa-folder',
  'routine/adminInfo': 'fa fa-user',
  security: 'fa fa-shield',
  'security/dataRecycleLog': 'fa fa-database',
  'security/sensitiveDataLog': 'fa fa-expeditedssl',
  'security/dataRecycle': 'fa fa-database',
  'security/sensitiveData': 'fa fa-expeditedssl',
  content: 'fa fa-files-o',
  'content/newsCategory': 'fa fa-tags',
  'content/news': 'fa fa-newspaper-o',
  'content/activity': 'fa fa-flag',
  'content/canal': 'fa fa-ship',
  'content/city': 'fa fa-map-marker',
  'content/trail': 'fa fa-map-signs',
  'content/trailApplication': 'fa fa-check-square-o',
  'content/member': 'fa fa-university',
  'content/cultureCategory': 'fa fa-bookmark',
  'content/culture': 'fa fa-book',
  'content/forum': 'fa fa-comments',
  sms: 'fa fa-commenting',
  'sms/template': 'fa fa-file-text',
  'sms/variable': 'fa fa-code',
  'sms/log': 'fa fa-history',
  account: 'fa fa-user-circle',
  'account/overview': 'fa fa-home',
  'account/profile': 'fa fa-user-circle-o',
  'account/changePassword': 'fa fa-shield',
  'account/integral': 'fa fa-tag',
  'account/balance': 'fa fa-money',
  'account/message': 'fa fa-envelope',
  'account/trailApplication': 'fa fa-map-signs',
};

/** Other Bootstrap Icons names staff may have picked, with the nearest name the apps draw now. */
const ICON_BY_GLYPH: Record<string, string> = {
  'bi-house': 'fa fa-home',
  'bi-person': 'fa fa-user',
  'bi-people': 'fa fa-users',
  'bi-gear': 'fa fa-cog',
  'bi-folder': 'fa fa-folder',
  'bi-collection': 'fa fa-folder',
  'bi-book': 'fa fa-book',
  'bi-newspaper': 'fa fa-newspaper-o',
  'bi-flag': 'fa fa-flag',
  'bi-building': 'fa fa-building',
  'bi-envelope': 'fa fa-envelope',
  'bi-star': 'fa fa-star',
  'bi-heart': 'fa fa-heart',
  'bi-tag': 'fa fa-tag',
  'bi-tags': 'fa fa-tags',
  'bi-image': 'fa fa-image',
  'bi-link-45deg': 'fa fa-link',
  'bi-list': 'fa fa-list',
  'bi-calendar3': 'fa fa-calendar',
  'bi-geo-alt': 'fa fa-map-marker',
  'bi-water': 'fa fa-ship',
  'bi-signpost-split': 'fa fa-map-signs',
  'bi-signpost-2': 'fa fa-map-signs',
};

function viewOf(table: 'admin_rule' | 'user_rule', component: string): string {
  if (table === 'user_rule') return `/src/views/frontend/user/${component}.vue`;
  return SINGLE_FILE.has(component) ? `/src/views/backend/${component}.vue` : `/src/views/backend/${component}/index.vue`;
}

interface Row {
  id: number;
  name: string;
  icon: string;
  component: string;
}

export async function up(knex: Knex): Promise<void> {
  for (const table of ['admin_rule', 'user_rule'] as const) {
    const rows = await knex<Row>(table).select('id', 'name', 'icon', 'component');
    for (const row of rows) {
      const change: Partial<Row> = {};
      const component = row.component.trim().replace(/\\/g, '/');
      if (component && !component.startsWith('/')) change.component = viewOf(table, component);
      if (row.icon.startsWith('bi-')) {
        const icon = ICON_BY_NAME[row.name] ?? ICON_BY_GLYPH[row.icon];
        if (icon) change.icon = icon;
      }
      if (Object.keys(change).length) await knex(table).where({ id: row.id }).update(change);
    }
  }
}

/** Back to the short component names; icons keep their new names (the icon font that drew the old ones is gone). */
export async function down(knex: Knex): Promise<void> {
  for (const table of ['admin_rule', 'user_rule'] as const) {
    const root = table === 'user_rule' ? '/src/views/frontend/user/' : '/src/views/backend/';
    const rows = await knex<Row>(table).where('component', 'like', `${root}%`).select('id', 'component');
    for (const row of rows) {
      await knex(table)
        .where({ id: row.id })
        .update({ component: row.component.slice(root.length).replace(/(\/index)?\.vue$/, '') });
    }
  }
}
