import { api, type ApiResult, type TestServer } from './server.ts';

let counter = 0;
const unique = (prefix: string) => `${prefix}${Date.now() % 100000}${counter++}`;

function idOf(row: unknown): number {
  return typeof row === 'object' ? (row as { id: number }).id : (row as number);
}

/** Ids of the admin rules with these names (compared in lower case, as the permission check does). */
export async function ruleIds(server: TestServer, names: string[]): Promise<number[]> {
  const rows = await server.app.knex('admin_rule').whereRaw(`lower(name) in (${names.map(() => '?').join(',')})`, names.map((n) => n.toLowerCase())).select<{ id: number }[]>('id');
  return rows.map((r) => r.id);
}

/** Inserts an admin group straight into the database. */
export async function createGroup(server: TestServer, rules: number[] | '*', fields: { name?: string; pid?: number; status?: string } = {}): Promise<number> {
  const [row] = await server.app
    .knex('admin_group')
    .insert({ pid: fields.pid ?? 0, name: fields.name ?? unique('group'), rules: rules === '*' ? '*' : rules.join(','), status: fields.status ?? '1' })
    .returning('id');
  return idOf(row);
}

/** Inserts an admin in the given groups and issues an access token for them. */
export async function createAdmin(server: TestServer, groups: number[], fields: { username?: string } = {}): Promise<{ id: number; username: string; token: string }> {
  const { knex, services } = server.app;
  const username = fields.username ?? unique('adm');
  const [row] = await knex('admin').insert({ username, nickname: username, password: 'x', status: '1' }).returning('id');
  const id = idOf(row);
  if (groups.length) await knex('admin_group_access').insert(groups.map((group_id) => ({ uid: id, group_id })));
  return { id, username, token: await services.tokens.issue('admin', id) };
}

/** An access token of the seeded super admin. */
export async function superToken(server: TestServer): Promise<string> {
  const admin = await server.app.knex('admin').where({ username: 'admin' }).first<{ id: number }>('id');
  return server.app.services.tokens.issue('admin', admin.id);
}

export type AdminCall = <T = unknown>(path: string, init?: { method?: string; body?: unknown }) => Promise<ApiResult<T>['body']>;

/** Calls the admin API with a token, in English. */
export function asAdmin(server: TestServer, token: string): AdminCall {
  return async <T>(path: string, init: { method?: string; body?: unknown } = {}) =>
    (await api<T>(server.url, path, { ...init, headers: { batoken: token }, lang: 'en' })).body;
}
