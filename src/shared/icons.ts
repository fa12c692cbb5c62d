/**
 * Icons of menu rules (and config items of type `icon`) are stored the way BuildAdmin's client names them:
 * Font Awesome 4.7 (`fa fa-dashboard`), Element Plus (`el-icon-UserFilled`) or a local SVG (`local-logo`).
 * Our admin and member centre draw them with glyphs of the bootstrap-icons package, through this mapping;
 * the icon picker offers exactly these names. A stored name outside the mapping draws FALLBACK_GLYPH.
 *
 * The interfaces' own icons are bootstrap-icons classes (`<i className="bi bi-pencil" />`). Neither set is
 * an icon font: the build (scripts/iconStyles.ts) writes one stylesheet with a CSS mask per glyph actually
 * used, found by scanning src/islands for `bi-*` class names plus the glyphs below. So write class names
 * out in full (`open ? 'bi-chevron-down' : 'bi-chevron-right'`), never as `bi-chevron-${dir}`.
 */

/** Stored icon name → bootstrap-icons glyph. Keep names as BuildAdmin writes them (case matters for el-icon). */
export const MENU_ICONS = {
  // The reference's seeded admin and member menus (admin-api 6.2, member-and-common-api 3.8).
  'fa fa-dashboard': 'speedometer2',
  'fa fa-group': 'people-fill',
  'el-icon-UserFilled': 'person-fill',
  'el-icon-Grid': 'grid-3x3-gap',
  'el-icon-List': 'card-list',
  'fa fa-drivers-license': 'person-vcard',
  'fa fa-user': 'person-fill',
  'fa fa-th-list': 'view-list',
  'el-icon-Money': 'cash',
  'el-icon-Discount': 'ticket-perforated',
  'fa fa-cogs': 'gear-wide-connected',
  'el-icon-Tools': 'tools',
  'fa fa-folder': 'folder-fill',
  'fa fa-shield': 'shield-fill',
  'fa fa-database': 'database',
  'fa fa-expeditedssl': 'shield-lock',
  'local-logo': 'water',
  'el-icon-GoodsFilled': 'bag-fill',
  'fa fa-code': 'code-slash',
  'fa fa-user-circle': 'person-circle',
  'fa fa-home': 'house',
  'fa fa-user-circle-o': 'person-circle',
  'fa fa-tag': 'tag',
  'fa fa-money': 'cash',
  // Our own menus and what new ones are likely to want.
  'fa fa-files-o': 'files',
  'fa fa-folder-open': 'folder2-open',
  'fa fa-newspaper-o': 'newspaper',
  'fa fa-flag': 'flag',
  'fa fa-ship': 'water',
  'fa fa-building': 'building',
  'fa fa-map-signs': 'signpost-split',
  'fa fa-check-square-o': 'clipboard-check',
  'fa fa-university': 'bank',
  'fa fa-bookmark': 'bookmarks',
  'fa fa-book': 'book',
  'fa fa-comments': 'chat-dots',
  'fa fa-sitemap': 'diagram-3',
  'fa fa-briefcase': 'briefcase',
  'fa fa-envelope': 'envelope',
  'fa fa-credit-card': 'credit-card',
  'fa fa-cny': 'currency-yen',
  'fa fa-wechat': 'wechat',
  'fa fa-commenting': 'chat-text',
  'fa fa-mobile': 'phone',
  'fa fa-terminal': 'terminal',
  'fa fa-bell': 'bell',
  'fa fa-calendar': 'calendar3',
  'fa fa-image': 'image',
  'fa fa-file-text': 'file-earmark-text',
  'fa fa-list': 'list-ul',
  'fa fa-cog': 'gear',
  'fa fa-users': 'people',
  'fa fa-user-plus': 'person-plus',
  'fa fa-key': 'key',
  'fa fa-lock': 'lock',
  'fa fa-search': 'search',
  'fa fa-star': 'star',
  'fa fa-heart': 'heart',
  'fa fa-globe': 'globe',
  'fa fa-map': 'map',
  'fa fa-map-marker': 'geo-alt',
  'fa fa-link': 'link-45deg',
  'fa fa-bar-chart': 'bar-chart',
  'fa fa-line-chart': 'graph-up',
  'fa fa-pie-chart': 'pie-chart',
  'fa fa-table': 'table',
  'fa fa-tags': 'tags',
  'fa fa-trash': 'trash',
  'fa fa-upload': 'upload',
  'fa fa-download': 'download',
  'fa fa-question-circle': 'question-circle',
  'fa fa-info-circle': 'info-circle',
  'fa fa-paper-plane': 'send',
  'fa fa-shopping-cart': 'cart',
  'fa fa-gift': 'gift',
  'fa fa-trophy': 'trophy',
  'fa fa-camera': 'camera',
  'fa fa-video-camera': 'camera-video',
  'fa fa-qrcode': 'qr-code',
  'fa fa-cloud': 'cloud',
  'fa fa-server': 'hdd-stack',
  'fa fa-plug': 'plug',
  'fa fa-wrench': 'wrench',
  'fa fa-sliders': 'sliders',
  'fa fa-tasks': 'list-task',
  'fa fa-history': 'clock-history',
  'fa fa-id-card': 'person-badge',
  'fa fa-tree': 'tree',
  'fa fa-bullhorn': 'megaphone',
  'fa fa-graduation-cap': 'mortarboard',
  'el-icon-Setting': 'gear',
  'el-icon-User': 'person',
  'el-icon-House': 'house-door',
  'el-icon-Document': 'file-earmark-text',
  'el-icon-Folder': 'folder',
  'el-icon-Picture': 'image',
  'el-icon-Message': 'envelope',
  'el-icon-Bell': 'bell',
  'el-icon-Calendar': 'calendar3',
  'el-icon-Location': 'geo-alt',
  'el-icon-Search': 'search',
  'el-icon-Star': 'star',
  'el-icon-Menu': 'grid',
  'el-icon-DataLine': 'graph-up',
  'el-icon-PieChart': 'pie-chart',
  'el-icon-Wallet': 'wallet2',
  'el-icon-CreditCard': 'credit-card',
  'el-icon-Lock': 'lock',
  'el-icon-Key': 'key',
  'el-icon-Link': 'link-45deg',
  'el-icon-ChatDotRound': 'chat-dots',
  'el-icon-Iphone': 'phone',
  'el-icon-Monitor': 'display',
  'el-icon-Coin': 'coin',
  'el-icon-Ticket': 'ticket-perforated',
  'el-icon-Collection': 'collection',
  'el-icon-Notebook': 'journal-text',
  'el-icon-Flag': 'flag',
  'el-icon-OfficeBuilding': 'building',
  'el-icon-Promotion': 'send',
  'el-icon-Trophy': 'trophy',
  'el-icon-Guide': 'compass',
  'el-icon-Postcard': 'postcard',
  'el-icon-Box': 'box-seam',
} as const satisfies Record<string, string>;

export type MenuIconName = keyof typeof MENU_ICONS;

/** What an unknown stored name draws: visible, so a mistyped icon is noticed, but neutral. */
export const FALLBACK_GLYPH = 'dot';

/** The class drawing every menu icon; the stored name's own classes pick the glyph. */
export const MENU_ICON_CLASS = 'app-icon';

/** Whether a stored icon name is one our interfaces draw. */
export function isMenuIcon(name: string): name is MenuIconName {
  return Object.hasOwn(MENU_ICONS, name.trim());
}

/**
 * The class list that draws a stored icon: `app-icon fa fa-dashboard`. Only names of the mapping are
 * passed through (a stored value is data, not markup), anything else draws the fallback glyph.
 */
export function menuIconClass(name: string): string {
  const trimmed = name.trim();
  return isMenuIcon(trimmed) ? `${MENU_ICON_CLASS} ${trimmed}` : MENU_ICON_CLASS;
}

/** The CSS selector of a stored name: 'fa fa-dashboard' → '.app-icon.fa.fa-dashboard' (beats the fallback). */
export function menuIconSelector(name: MenuIconName): string {
  return [MENU_ICON_CLASS, ...name.split(/\s+/)].map((c) => `.${c}`).join('');
}
