import type { Knex } from 'knex';
import type { MenuIconName } from '../../shared/icons.ts';
import { bilingual, columns } from './bilingual.ts';

/**
 * A menu/permission node as seeds describe it; children are inserted below it. The convention BuildAdmin's
 * client needs (and our apps follow): `component` is a view path (adminView / memberView of
 * src/shared/views.ts) and `icon` a Font Awesome 4.7 / Element Plus / local name of src/shared/icons.ts.
 * The title is stored in both languages (`menuTitles` takes them from a menu catalogue).
 */
export interface RuleSeed {
  type: string;
  name: string;
  title: string;
  title_en: string;
  icon?: MenuIconName;
  path?: string;
  component?: string;
  menu_type?: string;
  weigh?: number;
  keepalive?: number;
  no_login_valid?: number;
  remark?: string;
  children?: RuleSeed[];
}

/** Inserts a rule tree into admin_rule or user_rule and returns the ids by rule name. */
export async function insertRuleTree(knex: Knex, table: 'admin_rule' | 'user_rule', nodes: RuleSeed[], pid = 0): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const now = Math.floor(Date.now() / 1000);
  for (const { children, ...node } of nodes) {
    const row = {
      pid,
      menu_type: 'tab',
      path: node.type === 'button' ? '' : node.name,
      component: '',
      icon: '',
      weigh: 0,
      remark: '',
      ...node,
      status: '1',
      create_time: now,
      update_time: now,
    };
    const [inserted] = await knex(table).insert(row).returning('id');
    const id = typeof inserted === 'object' ? (inserted as { id: number }).id : (inserted as number);
    ids.set(node.name, id);
    if (children?.length) {
      for (const [name, childId] of await insertRuleTree(knex, table, children, id)) ids.set(name, childId);
    }
  }
  return ids;
}

/**
 * A menu's title in both languages from a catalogue: `menuTitles('admin', 'menu.auth/group')`, or
 * `menuTitles('resources', 'content/news.title')`.
 */
export function menuTitles(ns: string, key: string): Pick<RuleSeed, 'title' | 'title_en'> {
  return columns('title', bilingual(ns, key), 50);
}

/** Permission buttons `<menu>/<action>` of a menu, titled as the reference titles them (查看, 添加...). */
export function buttons(menu: string, actions: string[]): RuleSeed[] {
  return actions.map((a) => ({ type: 'button', name: `${menu}/${a}`, ...menuTitles('admin-screens-auth', `buttons.${a}`) }));
}
