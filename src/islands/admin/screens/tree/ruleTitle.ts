import type { TFunction } from 'i18next';
import { DEFAULT_LANG } from '../../../../shared/i18n/langs.ts';
import type { TreeItem } from './treeModel.ts';

/** A node of the admin or member rule tree (GET auth.Rule/index, user.Rule/index). */
export interface RuleNode extends TreeItem {
  type: string;
  title: string;
  name: string;
  path: string;
  icon: string;
  menu_type: string;
  url: string;
  component: string;
  weigh: number;
  status: string;
  [column: string]: unknown;
}

/** Where the menu titles of a rule table are translated: the admin shell's or the member centre's catalogue. */
export type MenuCatalogue = 'admin' | 'user';

/**
 * A rule's title in the page language. Titles are stored in Chinese (admins may rename them); English uses
 * the menu catalogue by rule name, as the menus do, and a button the name of its action. Rules the
 * catalogues do not know (added by an admin) keep their stored title.
 */
export function ruleTitle(node: Pick<RuleNode, 'type' | 'name' | 'title'>, lang: string, t: TFunction, menus: MenuCatalogue): string {
  if (lang === DEFAULT_LANG) return node.title;
  if (node.type === 'button') {
    const action = node.name.split('/').pop() ?? node.name;
    return t(`admin-screens-auth:buttons.${action}`, { defaultValue: node.title });
  }
  return t(`${menus}:menu.${node.name}`, { defaultValue: node.title });
}
