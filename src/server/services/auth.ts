import type { Knex } from 'knex';
import type { AdminRow, RuleRow, UserRow } from './accounts.ts';
import { now } from './clock.ts';
import type { TokenService, TokenType } from './tokens.ts';

export type Side = 'user' | 'admin';

export type Session<T> =
  | { status: 'guest' }
  | { status: 'expired' }
  | { status: 'ok'; account: T; token: string };

/**
 * What an account may do: everything (a group grants `*`), or the rules of its enabled groups. A super account
 * carries no rules: every check passes it, and reading all 215 of them for it was 156–166 µs of each of its
 * admin requests. The union makes every reader of the rules ask `super` first.
 */
export type Permissions = { super: true } | HeldRules;

/** The enabled rules of an account that is not super. */
export interface HeldRules {
  super: false;
  ruleIds: Set<number>;
  /** Lower-cased rule names, for the `<controller>/<action>` check. */
  names: Set<string>;
  /**
   * Rules whose name carries conditions on the request (`auth/admin/edit?id=3`), by the lower-cased name
   * before the `?`: each entry is one rule's parameters, all of which the request must have.
   */
  conditions: Map<string, Array<Map<string, string>>>;
}

/** How the names of one check combine: any of them suffices, or all are needed (reference 1.4). */
export type Relation = 'or' | 'and';

export interface CheckOptions {
  relation?: Relation;
  /** The request's parameters, for rules with conditions; without them such rules never pass. */
  params?: Record<string, unknown>;
}

const SEEN_INTERVAL = 60;

function parseRuleIds(rules: string): number[] {
  return rules
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
}

/** Resolves tokens to accounts and accounts to permissions (reference 2.4, 1.4 and 3.1). */
export class AuthService {
  constructor(
    private readonly knex: Knex,
    private readonly tokens: TokenService,
  ) {}

  async resolve(side: 'user', token: string, ip: string): Promise<Session<UserRow>>;
  async resolve(side: 'admin', token: string, ip: string): Promise<Session<AdminRow>>;
  async resolve(side: Side, token: string, ip: string): Promise<Session<UserRow> | Session<AdminRow>> {
    if (!token) return { status: 'guest' };
    const row = await this.tokens.find(token);
    if (!row) return { status: 'guest' };
    if (this.tokens.isExpired(row)) return { status: 'expired' };
    if (row.type !== (side as TokenType) || row.user_id <= 0) return { status: 'guest' };
    const account = await this.knex<UserRow | AdminRow>(side).where({ id: row.user_id }).first();
    if (!account || !this.isEnabled(side, account.status)) return { status: 'guest' };
    await this.touch(side, account, ip);
    return { status: 'ok', account, token } as Session<UserRow> | Session<AdminRow>;
  }

  /** The admin a one-time ticket was issued to; the ticket is used up whatever the outcome. */
  async redeemTicket(ticket: string, ip: string): Promise<Session<AdminRow>> {
    const row = await this.tokens.consume(ticket, 'admin-ticket');
    if (!row) return { status: 'guest' };
    if (this.tokens.isExpired(row)) return { status: 'expired' };
    const account = await this.knex<AdminRow>('admin').where({ id: row.user_id }).first();
    if (!account || !this.isEnabled('admin', account.status)) return { status: 'guest' };
    await this.touch('admin', account, ip);
    return { status: 'ok', account, token: ticket };
  }

  isEnabled(side: Side, status: string): boolean {
    return side === 'user' ? status === 'enable' : status === '1';
  }

  /** "Last seen": written at most once a minute per account so busy sessions do not hammer SQLite. */
  private async touch(side: Side, account: UserRow | AdminRow, ip: string): Promise<void> {
    const t = now();
    if (account.last_login_time && t - account.last_login_time < SEEN_INTERVAL && account.last_login_ip === ip) return;
    await this.knex(side).where({ id: account.id }).update({ last_login_time: t, last_login_ip: ip });
    account.last_login_time = t;
    account.last_login_ip = ip;
  }

  async userPermissions(user: UserRow): Promise<Permissions> {
    const group = await this.knex('user_group').where({ id: user.group_id, status: '1' }).first<{ rules: string } | undefined>();
    return this.permissionsOf('user_rule', group ? [group.rules] : []);
  }

  async adminPermissions(adminId: number): Promise<Permissions> {
    const groups = await this.knex('admin_group')
      .join('admin_group_access', 'admin_group.id', 'admin_group_access.group_id')
      .where({ 'admin_group_access.uid': adminId, 'admin_group.status': '1' })
      .select<{ rules: string }[]>('admin_group.rules');
    return this.permissionsOf('admin_rule', groups.map((g) => g.rules));
  }

  private async permissionsOf(table: 'user_rule' | 'admin_rule', ruleLists: string[]): Promise<Permissions> {
    if (ruleLists.some((r) => r.trim() === '*')) return permissionsFrom(true, []);
    const ids = [...new Set(ruleLists.flatMap(parseRuleIds))];
    return permissionsFrom(false, await this.knex<RuleRow>(table).where({ status: '1' }).whereIn('id', ids).select('id', 'name'));
  }

  /** The reference check (admin-api 1.4); see {@link checkRules}. */
  can(perms: Permissions, names: string | readonly string[], options: CheckOptions = {}): boolean {
    return checkRules(perms, names, options);
  }
}

/** The permissions of an account from its enabled rules; `isSuper` when a group grants `*`, which needs none. */
export function permissionsFrom(isSuper: boolean, rows: ReadonlyArray<Pick<RuleRow, 'id' | 'name'>>): Permissions {
  if (isSuper) return { super: true };
  const names = new Set<string>();
  const conditions = new Map<string, Array<Map<string, string>>>();
  for (const row of rows) {
    const { name, params } = parseRuleName(row.name);
    if (!params) names.add(name);
    else conditions.set(name, [...(conditions.get(name) ?? []), params]);
  }
  return { super: false, ruleIds: new Set(rows.map((r) => r.id)), names, conditions };
}

/**
 * The reference check (admin-api 1.4): a super account passes everything; anyone else needs, for each name
 * checked, a rule of that name, or one of that name whose conditions the request's parameters meet.
 * Several names (an array, or a comma list) pass when any of them does, or with `and` when all do.
 */
export function checkRules(perms: Permissions, names: string | readonly string[], options: CheckOptions = {}): boolean {
  if (perms.super) return true;
  const list = (typeof names === 'string' ? names.split(',') : names).map((n) => n.trim().toLowerCase()).filter(Boolean);
  if (list.length === 0) return false;
  const params = options.params ? lowerCaseParams(options.params) : null;
  const passes = (name: string) => perms.names.has(name) || (params !== null && (perms.conditions.get(name) ?? []).some((rule) => meets(rule, params)));
  return options.relation === 'and' ? list.every(passes) : list.some(passes);
}

/** `Auth/Admin/Edit?ID=3&status=1` → the name `auth/admin/edit` and its conditions {id: '3', status: '1'}, lower-cased as the reference compares them. */
export function parseRuleName(raw: string): { name: string; params: Map<string, string> | null } {
  const lower = raw.trim().toLowerCase();
  const mark = lower.indexOf('?');
  if (mark < 0) return { name: lower, params: null };
  const params = new Map<string, string>();
  for (const [key, value] of new URLSearchParams(lower.slice(mark + 1))) if (key) params.set(key, value);
  return { name: lower.slice(0, mark), params: params.size ? params : null };
}

/** The request's scalar parameters by lower-cased name, values lower-cased (nested ones cannot meet a condition). */
function lowerCaseParams(params: Record<string, unknown>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out.set(key.toLowerCase(), String(value).toLowerCase());
  }
  return out;
}

function meets(rule: Map<string, string>, params: Map<string, string>): boolean {
  for (const [key, value] of rule) if (params.get(key) !== value) return false;
  return true;
}
