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

/**
 * Inserts a rule tree into admin_rule or user_rule, depth first, and returns the ids by rule name. A run of
 * siblings of one shape goes in one statement (a menu's buttons), where a first start wrote its 224 rules one
 * by one; a node's children follow it, so every rule gets the id it got one by one. Ids come back by name, as
 * neither database promises RETURNING's order; sibling names are unique.
 */
export async function insertRuleTree(knex: Knex, table: 'admin_rule' | 'user_rule', nodes: RuleSeed[], pid = 0): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const now = Math.floor(Date.now() / 1000);
  // A statement of several rows gives every row the same columns.
  let run: Record<string, unknown>[] = [];
  let runShape = '';
  const flush = async () => {
    if (run.length === 0) return;
    for (const r of (await knex(table).insert(run).returning(['id', 'name'])) as Array<{ id: number; name: string }>) ids.set(r.name, Number(r.id));
    run = [];
  };
  for (const { children, ...node } of nodes) {
    const fields = { pid, menu_type: 'tab', path: node.type === 'button' ? '' : node.name, component: '', icon: '', weigh: 0, remark: '', ...node, status: '1', create_time: now, update_time: now };
    // What a node leaves undefined keeps its column's default, as a statement of one row would.
    const row = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
    const shape = Object.keys(row).sort().join();
    if (shape !== runShape) await flush();
    runShape = shape;
    run.push(row);
    if (!children?.length) continue;
    await flush();
    for (const [name, childId] of await insertRuleTree(knex, table, children, ids.get(node.name)!)) ids.set(name, childId);
  }
  await flush();
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
