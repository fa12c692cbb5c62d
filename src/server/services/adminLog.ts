import type { Context } from 'koa';
import type { Knex } from 'knex';
import { bilingual, columns, type Bilingual } from './bilingual.ts';
import { now } from './clock.ts';
import { redactUrl } from '../redact.ts';

const MASK = '***';
const SKIPPED_ACTIONS = ['select', 'index', 'logout'];

/** Deeper than request input may be (INPUT_LIMITS); anything below is cut, never walked. */
const MASK_DEPTH = 20;

/** Replaces the value of every key named in `secrets`, at any depth up to MASK_DEPTH (reference 6.4). */
export function maskSecrets(value: unknown, secrets: ReadonlySet<string>, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MASK_DEPTH) return '[...]';
  if (Array.isArray(value)) return value.map((v: unknown) => maskSecrets(v, secrets, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, secrets.has(k) ? MASK : maskSecrets(v, secrets, depth + 1)]));
}

export interface AdminLogEntry {
  adminId: number;
  username: string;
  /** The route's own title, a key of system-names:logTitles such as 'Login'; otherwise from the menu rules. */
  title?: string;
  input: Record<string, unknown>;
  /** The input names whose values are secrets (declaredSecrets.ts, and the route's own). */
  secrets: ReadonlySet<string>;
  /** What to record as the URL instead of the request's (one that carries a secret in its query). */
  url?: string;
}

/**
 * The admin log: one row per POST or DELETE to the admin API (refused and anonymous ones too), with the
 * parameters masked. Titles come from the menu rules, "<controller title>-<action title>", stored in both
 * languages (`title` / `title_en`) so each reader sees their own. The row is written before the action runs
 * (see apiRouter), so a failing write stops the action rather than hiding it.
 */
export class AdminLogService {
  constructor(private readonly knex: Knex) {}

  shouldLog(method: string, routePath: string): boolean {
    if (method !== 'POST' && method !== 'DELETE') return false;
    const action = routePath.split('/').pop()?.toLowerCase() ?? '';
    return !SKIPPED_ACTIONS.includes(action);
  }

  private async titleOf(routePath: string): Promise<Bilingual> {
    const parts = routePath.split('/');
    const action = parts.pop() ?? '';
    const controller = parts.join('/');
    const rows = await this.knex('admin_rule')
      .whereRaw('lower(name) in (?, ?)', [controller, `${controller}/${action}`])
      .select<{ name: string; title: string; title_en: string }[]>('name', 'title', 'title_en');
    // A rule without an English title lends its Chinese one to the English log title.
    const byName = new Map(rows.map((r) => [r.name.toLowerCase(), { zh: r.title, en: r.title_en || r.title }]));
    const controllerTitle = byName.get(controller) ?? { zh: controller, en: controller };
    const actionTitle = byName.get(`${controller}/${action}`) ?? bilingual('system-names', 'unknownAction', { action });
    return { zh: `${controllerTitle.zh}-${actionTitle.zh}`, en: `${controllerTitle.en}-${actionTitle.en}` };
  }

  /** Writes the entry of a request about to run; returns its id. */
  async open(ctx: Context, routePath: string, entry: AdminLogEntry): Promise<number> {
    const [row] = (await this.knex('admin_log')
      .insert({
        admin_id: entry.adminId,
        username: (entry.username || 'Unknown').slice(0, 50),
        url: redactUrl(entry.url ?? ctx.originalUrl).slice(0, 1500),
        ...columns('title', entry.title ? bilingual('system-names', `logTitles.${entry.title}`, { defaultValue: entry.title }) : await this.titleOf(routePath), 100),
        data: JSON.stringify(maskSecrets(entry.input, entry.secrets)),
        ip: ctx.ip,
        useragent: ctx.get('user-agent').slice(0, 255),
        create_time: now(),
      })
      .returning('id')) as Array<{ id: number }>;
    return row!.id;
  }

  /** Names the admin an anonymous request (a login) turned out to be about. */
  async identify(id: number, admin: { id: number; username: string }): Promise<void> {
    await this.knex('admin_log').where({ id }).update({ admin_id: admin.id, username: admin.username.slice(0, 50) });
  }
}
