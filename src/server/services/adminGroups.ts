import type { Knex } from 'knex';
import type { Permissions } from './auth.ts';

export interface GroupRow {
  id: number;
  pid: number;
  name: string;
  rules: string;
  status: string;
}

function ruleIdsOf(group: GroupRow): number[] {
  return group.rules
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
}

/**
 * Group hierarchy by rule sets (reference 1.4): an admin covers a group when the group is enabled, not `*`,
 * and all its rules are the admin's; "with others" also requires a rule the group lacks. Equal rule sets
 * are peers who cannot manage each other.
 */
export function covers(perms: Permissions, group: GroupRow, withOthers: boolean): boolean {
  if (group.status !== '1' || group.rules.trim() === '*') return false;
  if (perms.super) return true;
  const ids = ruleIdsOf(group);
  if (!ids.every((id) => perms.ruleIds.has(id))) return false;
  return !withOthers || [...perms.ruleIds].some((id) => !ids.includes(id));
}

export async function groupsOf(knex: Knex, adminId: number): Promise<number[]> {
  return (await knex('admin_group_access').where({ uid: adminId }).select<{ group_id: number }[]>('group_id')).map((r) => r.group_id);
}

export async function coveredGroupIds(knex: Knex, perms: Permissions, withOthers: boolean): Promise<number[]> {
  const groups = await knex<GroupRow>('admin_group').select('*');
  return groups.filter((g) => covers(perms, g, withOthers)).map((g) => g.id);
}

/** Enabled descendants of the given groups (the `parent` data scope). */
export async function descendantGroupIds(knex: Knex, roots: number[]): Promise<number[]> {
  const groups = await knex<GroupRow>('admin_group').where({ status: '1' }).select('id', 'pid');
  const out = new Set<number>();
  let frontier = roots;
  while (frontier.length) {
    const next = groups.filter((g) => frontier.includes(g.pid) && !out.has(g.id)).map((g) => g.id);
    next.forEach((id) => out.add(id));
    frontier = next;
  }
  return [...out];
}

export async function adminsInGroups(knex: Knex, groupIds: number[]): Promise<number[]> {
  if (groupIds.length === 0) return [];
  return (await knex('admin_group_access').whereIn('group_id', groupIds).distinct<{ uid: number }[]>('uid')).map((r) => r.uid);
}
