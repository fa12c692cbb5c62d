import type { Knex } from 'knex';
import type { AdminRow, RuleRow, UserRow } from './accounts.ts';
import { now } from './clock.ts';
import type { TokenService, TokenType } from './tokens.ts';

export type Side = 'user' | 'admin';

export type Session<T> =
  | { status: 'guest' }
  | { status: 'expired' }
  | { status: 'ok'; account: T; token: string };

/** What an account may do: everything (`*`), or the rules of its enabled groups. */
export interface Permissions {
  super: boolean;
  ruleIds: Set<number>;
  /** Lower-cased rule names, for the `<controller>/<action>` check. */
  names: Set<string>;
}

const SEEN_INTERVAL = 60;

/** Whether these permissions include a rule (by name, case-insensitively): a super account holds every one. */
export function holds(perms: Permissions, ruleName: string): boolean {
  return perms.super || perms.names.has(ruleName.toLowerCase());
}

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
    const isSuper = ruleLists.some((r) => r.trim() === '*');
    const query = this.knex<RuleRow>(table).where({ status: '1' }).select('id', 'name');
    if (!isSuper) query.whereIn('id', [...new Set(ruleLists.flatMap(parseRuleIds))]);
    const rows = await query;
    return {
      super: isSuper,
      ruleIds: new Set(rows.map((r) => r.id)),
      names: new Set(rows.map((r) => r.name.toLowerCase())),
    };
  }

  /** The reference check: a super account passes everything, others need a rule named like the route. */
  can(perms: Permissions, routeName: string): boolean {
    return holds(perms, routeName);
  }
}
