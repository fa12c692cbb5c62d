import type { Knex } from 'knex';
import { unansweredColumns, type ResourceDef } from '../../resources/types.ts';
import { likeValue, resolveColumn } from './crud/query.ts';
import { forUpdate, likeSql } from '../dialect.ts';
import { Refusal } from '../errors.ts';

/**
 * Tree and rule-list logic shared by the admin and member permission screens (auth/group, auth/rule,
 * user/group, user/rule; reference 3.2, 3.3, 3.6, 3.7).
 */

export type RuleTable = 'admin_rule' | 'user_rule';
export type GroupTable = 'admin_group' | 'user_group';
/** Tables nested by `pid` whose parents and deletes are checked alike. */
export type TreeTable = RuleTable | 'admin_group' | 'department';

export interface TreeRow {
  id: number;
  pid: number;
}

export type TreeNode<T> = T & { children?: TreeNode<T>[] };

/** Rule ids from a stored list ('1,2,3'), a posted array or a single value; '*' and junk are dropped. */
export function parseIds(value: unknown): number[] {
  const items = Array.isArray(value) ? value : String(value ?? '').split(',');
  const ids = items.map((v) => Number(String(v).trim())).filter((n) => Number.isInteger(n) && n > 0);
  return [...new Set(ids)];
}

/** `initValue` as sent by remote selects: an array or a comma list. */
export function valuesOf(value: unknown): string[] {
  const items = Array.isArray(value) ? value : String(value ?? '').split(',');
  return items.map((v) => String(v).trim()).filter((v) => v !== '');
}

/** Truthy flags as clients send them: true, 1, '1', 'true'. */
export function isTrue(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}

/** `isTree` defaults to true; only an explicit false/0 switches the nesting off. */
export function wantsTree(value: unknown): boolean {
  return !(value === false || value === 0 || value === '0' || value === 'false');
}

/**
 * Nests rows under their parents, keeping the given order among siblings. A row whose parent is not in
 * the list (filtered out by a search or outside the caller's rights) becomes a root instead of vanishing.
 */
export function nest<T extends TreeRow>(rows: T[]): TreeNode<T>[] {
  const ids = new Set(rows.map((r) => r.id));
  const byParent = new Map<number, T[]>();
  for (const r of rows) {
    const parent = ids.has(r.pid) && r.pid !== r.id ? r.pid : 0;
    byParent.set(parent, [...(byParent.get(parent) ?? []), r]);
  }
  const seen = new Set<number>();
  const build = (pid: number): TreeNode<T>[] =>
    (byParent.get(pid) ?? [])
      .filter((r) => !seen.has(r.id))
      .map((r) => {
        seen.add(r.id);
        const children = build(r.id);
        return children.length ? { ...r, children } : { ...r };
      });
  return build(0);
}

const BRANCH = '├';
const LAST = '└';
const PIPE = '│';
// Non-breaking spaces keep the indentation when a select renders the label as HTML.
const GAP = '\u00a0\u00a0';

/** Depth-first flattening for select options, the label prefixed with tree-drawing characters. */
export function flattenWithPrefix<T extends TreeRow>(tree: TreeNode<T>[], field: keyof T & string, prefix = ''): T[] {
  const out: T[] = [];
  tree.forEach((node, i) => {
    const last = i === tree.length - 1;
    const { children, ...row } = node;
    const drawn = (text: unknown) => `${prefix}${last ? LAST : BRANCH} ${String(text)}`;
    // A bilingual label is drawn in both languages, whichever the reader gets.
    const english = `${field}_en`;
    const sibling = english in row && String((row as Record<string, unknown>)[english] ?? '') ? { [english]: drawn((row as Record<string, unknown>)[english]) } : {};
    out.push({ ...(row as unknown as T), [field]: drawn(node[field]), ...sibling });
    if (children?.length) out.push(...flattenWithPrefix(children, field, `${prefix}${last ? GAP : `${PIPE}\u00a0`}`));
  });
  return out;
}

/** The ids with every id that is the parent of another listed rule removed (a tree control's checked leaves). */
export function leafIds(ids: number[], rules: TreeRow[]): number[] {
  const listed = new Set(ids);
  const parents = new Set(rules.filter((r) => listed.has(r.id)).map((r) => r.pid));
  return ids.filter((id) => !parents.has(id));
}

/** Adds `quickSearch` to a query: split on spaces, every word must match the column (reference 3.2). */
export function whereAllWords(query: Knex.QueryBuilder, column: string, quickSearch: unknown): void {
  const words = typeof quickSearch === 'string' ? quickSearch.trim().split(/\s+/).filter(Boolean) : [];
  for (const word of words) query.whereRaw(likeSql(query), [column, likeValue(word)]);
}

/**
 * Remote-select lookups (`initValue`, `initKey`): filters the query to the current values, the key checked
 * against the resource's columns. Returns whether it applied (the answer is then flat, not a tree).
 */
export function whereInitValue(query: Knex.QueryBuilder, def: ResourceDef, input: Record<string, unknown>): boolean {
  const values = valuesOf(input.initValue);
  if (values.length === 0) return false;
  const key = typeof input.initKey === 'string' && input.initKey ? input.initKey : def.pk;
  const column = resolveColumn(def, [], key, unansweredColumns(def));
  if (!column) throw new Refusal('crud:unknownField', 0, null, { field: key });
  query.whereIn(column, values);
  return true;
}

/**
 * Refuses a parent that does not exist, or (for an existing node) one that is the node itself or one of
 * its descendants: the whole ancestor chain is walked, not just one level as in the reference.
 */
export async function assertParent(db: Knex, table: TreeTable, id: number | null, pid: number): Promise<void> {
  if (pid === 0) return;
  const rows = await db(table).select<TreeRow[]>('id', 'pid');
  const parentOf = new Map(rows.map((r) => [r.id, r.pid]));
  if (!parentOf.has(pid)) throw new Refusal('admin-auth:parentNotFound');
  if (id === null) return;
  const seen = new Set<number>();
  for (let cursor = pid; cursor !== 0 && !seen.has(cursor); cursor = parentOf.get(cursor) ?? 0) {
    if (cursor === id) throw new Refusal('admin-auth:parentCycle');
    seen.add(cursor);
  }
}

/** A batch delete must include every child of the nodes it deletes (reference 3.2 / 3.3). */
export async function assertChildrenIncluded(db: Knex, table: TreeTable, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const children = await db(table).whereIn('pid', ids).select<{ id: number }[]>('id');
  if (children.some((c) => !ids.includes(c.id))) throw new Refusal('admin-auth:deleteChildFirst');
}

/**
 * A rule added under a parent is granted to every group that already has the parent, so children of a
 * granted menu are inherited (reference 3.3). Groups with `*` have it anyway.
 */
export async function grantWithParent(db: Knex, groups: GroupTable, ruleId: number, pid: number): Promise<void> {
  if (!pid) return;
  const rows = await forUpdate(db(groups).whereNot('rules', '*')).select<{ id: number; rules: string }[]>('id', 'rules');
  for (const g of rows) {
    const ids = parseIds(g.rules);
    if (ids.includes(pid) && !ids.includes(ruleId)) await db(groups).where('id', g.id).update({ rules: [...ids, ruleId].join(',') });
  }
}

/** Deleted rules leave no dangling ids behind in the groups' rule lists. */
export async function revokeFromGroups(db: Knex, groups: GroupTable, ruleIds: number[]): Promise<void> {
  if (ruleIds.length === 0) return;
  const rows = await forUpdate(db(groups).whereNot('rules', '*')).select<{ id: number; rules: string }[]>('id', 'rules');
  for (const g of rows) {
    const ids = parseIds(g.rules);
    const kept = ids.filter((id) => !ruleIds.includes(id));
    if (kept.length !== ids.length) await db(groups).where('id', g.id).update({ rules: kept.join(',') });
  }
}

/** Refuses ids that are not rules of the table. */
export async function assertRulesExist(db: Knex, table: RuleTable, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await db(table).whereIn('id', ids).select<{ id: number }[]>('id');
  if (found.length !== ids.length) throw new Refusal('admin-auth:ruleNotFound');
}

/** How a group's rules are stored: `*` when the list holds every rule of the table, else the ids. */
export async function storedRules(db: Knex, table: RuleTable, ids: number[]): Promise<string> {
  const [{ n }] = (await db(table).count<{ n: number }[]>('id as n')) as [{ n: number }];
  if (ids.length > 0 && ids.length === Number(n)) return '*';
  return [...ids].sort((a, b) => a - b).join(',');
}

/** The rules of a group for its edit form: `['*']` as is, otherwise only the leaves. */
export async function rulesForForm(db: Knex, table: RuleTable, stored: string): Promise<(number | string)[]> {
  if (stored.trim() === '*') return ['*'];
  const ids = parseIds(stored);
  if (ids.length === 0) return [];
  return leafIds(ids, await db(table).select<TreeRow[]>('id', 'pid'));
}

/** Rule ids listed by an admin's enabled groups, disabled rules included (what auth/rule shows them). */
export async function heldRuleIds(db: Knex, adminId: number): Promise<Set<number>> {
  const rows = await db('admin_group')
    .join('admin_group_access', 'admin_group.id', 'admin_group_access.group_id')
    .where({ 'admin_group_access.uid': adminId, 'admin_group.status': '1' })
    .select<{ rules: string }[]>('admin_group.rules');
  return new Set(rows.flatMap((r) => parseIds(r.rules)));
}
