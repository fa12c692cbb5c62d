import test from 'ava';
import { startServer, type TestServer } from '../helpers/server.ts';
import { probeExtension } from '../fixtures/probe/index.ts';
import { ADMIN_PASSWORD, createMember, expire, memberToken } from '../helpers/accounts.ts';
import { asAdmin, createAdmin, createGroup, ruleIds, superToken } from '../helpers/admins.ts';
import { design, designField } from '../helpers/crudDesign.ts';
import { routeRuleName, type ApiRoute, type Method } from '../../src/api/types.ts';

let server: TestServer;
test.before(async () => {
  // Hundreds of calls from one IP: the rate limits are tested elsewhere.
  // The probe resource (test/fixtures/probe), added at start the documented way, is walked like the built-in ones.
  server = await startServer({ ADMIN_PASSWORD, RATE_LIMIT_FACTOR: '0' }, probeExtension);
  // Routes registered at run time by the CRUD generator are walked like the others.
  const generated = await asAdmin(server, await superToken(server))('/admin/crud.Crud/generate', {
    method: 'POST',
    body: design('perm_probe', [designField('id', 'pk', { null: false }), designField('label', 'string')]),
  });
  if (generated.code !== 1) throw new Error(`generate failed: ${generated.msg}`);
});
test.after.always(async () => {
  await server?.stop();
});

const GUARDED = new Set(['admin', 'adminRule', 'superAdmin']);

/**
 * The envelope code of a call, or null when the answer is not JSON (a stream or a file): those start only
 * after authorisation, so a non-JSON answer means the caller got through. An event stream refuses in its
 * own format (the terminal, reference 4.2): its first event then carries the code the envelope would have.
 */
async function codeOf(route: ApiRoute, method: Method, token: string): Promise<number | null> {
  const headers: Record<string, string> = { server: 'true', 'think-lang': 'en' };
  if (token) headers.batoken = token;
  const init: RequestInit = method === 'GET' ? { method, headers } : { method, headers: { ...headers, 'content-type': 'application/json' }, body: '{}' };
  const res = await fetch(server.url + route.path, init);
  const type = res.headers.get('content-type') ?? '';
  if (type.startsWith('text/event-stream')) {
    const first = /^data: (.*)$/m.exec(await res.text())?.[1];
    const code = first ? (JSON.parse(first) as { code?: number }).code : undefined;
    return code ?? null;
  }
  if (!type.includes('application/json')) {
    await res.body?.cancel();
    return null;
  }
  return ((await res.json()) as { code: number }).code;
}

const DENIED = [303, 401, 409];

test('every admin route: guest or member 303, expired token 409, missing rule 401, granted rule passes', async (t) => {
  const { knex } = server.app;
  const routes = server.app.registry.all().filter((r) => r.path.toLowerCase().startsWith('/admin/') && GUARDED.has(r.auth));
  const paths = new Set(routes.map((r) => r.path));
  for (const p of ['/admin/content.Probe/index', '/admin/content.Probe/info', '/admin/content.Probe/sortable', '/admin/perm.Probe/index', '/admin/perm.Probe/add', '/admin/auth.Admin/index', '/admin/auth.Group/edit', '/admin/auth.Rule/sortable', '/admin/user.User/del', '/admin/user.Rule/index', '/admin/user.MoneyLog/add', '/admin/user.ScoreLog/index']) {
    t.true(paths.has(p), `${p} is registered and guarded`);
  }

  const { tokens } = server.app.services;
  const superId = (await knex('admin').where({ username: 'admin' }).first<{ id: number }>('id')).id;
  // "Lacking" holds every rule except the route's own; "having" holds exactly the route's rule.
  const allRules = (await knex('admin_rule').select<{ id: number }[]>('id')).map((r) => r.id);
  const lackingGroup = await createGroup(server, allRules);
  const lacking = await createAdmin(server, [lackingGroup]);
  const member = await memberToken(server, (await createMember(server)).id);
  const havingGroup = await createGroup(server, []);
  const having = await createAdmin(server, [havingGroup]);

  for (const route of routes) {
    const rule = routeRuleName(route);
    const own = await ruleIds(server, [rule]);
    await knex('admin_group').where({ id: lackingGroup }).update({ rules: allRules.filter((id) => !own.includes(id)).join(',') });
    await knex('admin_group').where({ id: havingGroup }).update({ rules: own.join(',') });
    // Fresh tokens per route, so a route that ends a session cannot spoil the ones after it.
    const stale = await tokens.issue('admin', superId);
    await expire(server, stale);
    const [lackingToken, havingToken, superAdmin] = await Promise.all([tokens.issue('admin', lacking.id), tokens.issue('admin', having.id), tokens.issue('admin', superId)]);
    for (const method of route.methods) {
      const label = `${method} ${route.path} (${route.auth}, rule ${rule})`;
      t.is(await codeOf(route, method, ''), 303, `${label} as a guest`);
      t.is(await codeOf(route, method, member), 303, `${label} with a member token`);
      t.is(await codeOf(route, method, stale), 409, `${label} with an expired token`);
      if (route.auth === 'admin') {
        t.false(DENIED.includes((await codeOf(route, method, havingToken)) ?? 1), `${label} needs only a login`);
        continue;
      }
      t.is(await codeOf(route, method, lackingToken), 401, `${label} without the rule`);
      if (route.auth === 'adminRule' && own.length > 0) {
        t.false(DENIED.includes((await codeOf(route, method, havingToken)) ?? 1), `${label} with exactly its rule`);
      } else {
        // No seeded rule (or superAdmin): super admins only, by design (reference 8.10).
        t.is(await codeOf(route, method, havingToken), 401, `${label} is super-admin only`);
        t.false(DENIED.includes((await codeOf(route, method, superAdmin)) ?? 1), `${label} as a super admin`);
      }
    }
  }
});
