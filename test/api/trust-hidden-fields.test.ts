import test from 'ava';
import { startServer, type TestServer } from '../helpers/server.ts';
import { asAdmin, createAdmin, superToken, type AdminCall } from '../helpers/admins.ts';
import { createMember } from '../helpers/accounts.ts';
import { design, designField } from '../helpers/crudDesign.ts';
import { probeExtension } from '../fixtures/probe/index.ts';
import { secretColumns, unansweredColumns, type ResourceDef } from '../../src/resources/types.ts';
import { actionUrl } from '../../src/resources/naming.ts';

/**
 * The trust issue's rule "hidden fields are hidden everywhere", walked over every resource and every route:
 * a value planted in each secret or hidden column of every resource's rows (the built-in ones, a unit added at
 * start, a generated one) never appears in any answer of any admin route, nor in a recycle-bin copy; and no
 * list lets a filter, a sort or a lookup key name such a column, or a column holding copies of rows.
 */

const PLANT = 'PLANTED';
let server: TestServer;
let call: AdminCall;
let superId: number;

test.before(async () => {
  server = await startServer({ RATE_LIMIT_FACTOR: '0' }, probeExtension);
  call = asAdmin(server, await superToken(server));
  superId = (await server.app.knex('admin').where({ username: 'admin' }).first<{ id: number }>('id')).id;
  // Rows for every kind: a probe row (its behaviour gives it a key and a note), a member, another admin, and
  // a generated resource with a password field.
  const added = await call('/admin/content.Probe/add', { method: 'POST', body: { title: 'probe row' } });
  if (added.code !== 1) throw new Error(`probe add failed: ${added.msg}`);
  await createMember(server);
  await createAdmin(server, []);
  const generated = await call('/admin/crud.Crud/generate', {
    method: 'POST',
    body: design('secret_probe', [designField('id', 'pk', { null: false }), designField('label', 'string'), designField('pin', 'password')]),
  });
  if (generated.code !== 1) throw new Error(`generate failed: ${generated.msg}`);
  const made = await call('/admin/secret.Probe/add', { method: 'POST', body: { label: 'with a pin', pin: 'pin-123456' } });
  if (made.code !== 1) throw new Error(`generated add failed: ${made.msg}`);
});
test.after.always(async () => {
  await server?.stop();
});

/** Every resource the server has, with the text columns of its table among those it must never answer. */
async function plantable(): Promise<{ def: ResourceDef; columns: string[] }[]> {
  const out: { def: ResourceDef; columns: string[] }[] = [];
  for (const def of server.app.services.resources.all()) {
    const info = await server.app.knex(def.table).columnInfo();
    const columns = unansweredColumns(def).filter((c) => c in info && /char|text|string/i.test(info[c]!.type));
    if (columns.length) out.push({ def, columns });
  }
  return out;
}

/** Writes a marker into every such column of every row (but the caller's own account, which must log in). */
async function plant(): Promise<number> {
  let planted = 0;
  for (const { def, columns } of await plantable()) {
    const query = server.app.knex(def.table);
    if (def.table === 'admin') query.whereNot('id', superId);
    planted += await query.update(Object.fromEntries(columns.map((c) => [c, `${PLANT}:${def.table}.${c}`])));
  }
  return planted;
}

test.serial('a value planted in any secret or hidden column never appears in any answer of any admin route', async (t) => {
  t.true((await plant()) > 0);
  const names = (await plantable()).map((p) => p.def.name);
  for (const name of ['auth/admin', 'user/user', 'content/probe', 'secret/probe']) t.true(names.includes(name), `${name} has columns to plant`);

  const gets = server.app.registry.all().filter((r) => r.methods.includes('GET') && r.path.toLowerCase().startsWith('/admin/'));
  let walked = 0;
  for (const route of gets) {
    // Whole-site backups are copies of the database by design (super admins only); streams start a command.
    if (/routine\.Backup\/download|ajax\/terminal/i.test(route.path)) continue;
    for (const query of ['', '?id=1', '?id=2', '?select=true', '?isTree=true']) {
      const res = await fetch(`${server.url}${route.path}${query}`, { headers: { server: 'true', batoken: await superToken(server), 'think-lang': 'en' } });
      const text = await res.text();
      if (!(res.headers.get('content-type') ?? '').includes('json')) continue;
      walked++;
      t.false(text.includes(PLANT), `${route.path}${query} answered a planted secret`);
    }
  }
  t.true(walked > 200, `walked ${walked} answers`);
});

test.serial('deleted rows reach the recycle bin with their secrets masked, and are restored with them', async (t) => {
  await plant();
  const { knex } = server.app;
  const probe = await knex('test_probe').first<{ id: number; api_key: string }>('id', 'api_key');
  const other = await createAdmin(server, []);
  await knex('admin').where({ id: other.id }).update({ password: `${PLANT}:hash`, salt: `${PLANT}:salt` });
  t.is((await call(`${actionUrl({ name: 'content/probe' }, 'del')}?ids[]=${probe.id}`, { method: 'DELETE' })).code, 1);
  t.is((await call(`/admin/auth.Admin/del?ids[]=${other.id}`, { method: 'DELETE' })).code, 1);

  const copies = await knex('security_data_recycle_log').whereIn('data_table', ['test_probe', 'admin']).select<{ id: number; data: string; secret_data: string | null }[]>('id', 'data', 'secret_data');
  t.is(copies.length, 2);
  for (const copy of copies) {
    t.false(copy.data.includes(PLANT), 'the copy itself holds no secret');
    t.truthy(copy.secret_data);
    t.false(String(copy.secret_data).includes(PLANT), 'what is kept apart is sealed');
    for (const path of ['/admin/security.DataRecycleLog/index', `/admin/security.DataRecycleLog/info?id=${copy.id}`]) {
      t.false(JSON.stringify(await call(path)).includes(PLANT), path);
    }
  }
  const restored = await call('/admin/security.DataRecycleLog/restore', { method: 'POST', body: { ids: copies.map((c) => c.id) } });
  t.is(restored.code, 1, restored.msg);
  t.like(await knex('admin').where({ id: other.id }).first('password', 'salt'), { password: `${PLANT}:hash`, salt: `${PLANT}:salt` }, 'the real hash and salt came back');
  t.is((await knex('test_probe').where({ id: probe.id }).first<{ api_key: string }>('api_key')).api_key, probe.api_key);
});

test.serial('no list filters, sorts or looks up by a secret, hidden or copy-holding column', async (t) => {
  let checked = 0;
  for (const def of server.app.services.resources.all()) {
    const forbidden = [...unansweredColumns(def), ...def.fields.filter((f) => f.opaque).map((f) => f.name), ...secretColumns(def)];
    const index = server.app.registry.find(actionUrl(def, 'index'))?.get('GET');
    if (!index || forbidden.length === 0) continue;
    for (const column of new Set(forbidden)) {
      const attempts = def.tree
        ? [`initKey=${column}&initValue=x&select=true`]
        : [`search[0][field]=${column}&search[0][operator]=LIKE&search[0][val]=a`, `order=${column},asc`, `initKey=${column}&initValue=x&select=true`];
      for (const query of attempts) {
        const res = await call(`${actionUrl(def, 'index')}?${query}`);
        // routine/config answers its own screen and reads none of these parameters: it only must not leak.
        if (def.name === 'routine/config') t.false(JSON.stringify(res).includes(PLANT));
        else t.is(res.code, 0, `${def.name}: ${query}`);
        checked++;
      }
    }
  }
  t.true(checked > 20, `checked ${checked} attempts`);
});

test.serial('a rollback or a restore obeys the rank checks of an edit: no admin rolls back above their rank', async (t) => {
  const { knex } = server.app;
  // A deputy holding the admin, group and log rules, but not covering the super group.
  const names = ['auth', 'auth/admin', 'auth/admin/index', 'auth/admin/edit', 'auth/group', 'auth/group/index', 'auth/group/edit', 'auth/rule', 'auth/rule/index', 'auth/rule/edit', 'security', 'security/sensitiveDataLog', 'security/sensitiveDataLog/index', 'security/sensitiveDataLog/rollback', 'security/dataRecycleLog', 'security/dataRecycleLog/index', 'security/dataRecycleLog/restore'];
  const rules = (await knex('admin_rule').whereIn('name', names).select<{ id: number }[]>('id')).map((r) => r.id);
  const [group] = await knex('admin_group').insert({ pid: 0, name: 'deputies', rules: rules.join(','), status: '1' }).returning('id');
  const groupId = typeof group === 'object' ? (group as { id: number }).id : Number(group);
  const deputy = await createAdmin(server, [groupId]);
  const asDeputy = asAdmin(server, deputy.token);

  // The super admin changes their own password: the deputy cannot roll it back (they cannot edit the super admin).
  const before = await knex('admin').where({ id: superId }).first<{ password: string; salt: string }>('password', 'salt');
  await knex('security_sensitive_data_log').delete();
  const changed = await call('/admin/auth.Admin/edit', { method: 'POST', body: { id: superId, password: 'Another#Pass9' } });
  t.is(changed.code, 1, changed.msg);
  const passwordLog = await knex('security_sensitive_data_log').where({ data_table: 'admin', data_field: 'password' }).first<{ id: number }>('id');
  const refused = await asDeputy('/admin/security.SensitiveDataLog/rollback', { method: 'POST', body: { ids: [passwordLog.id] } });
  t.is(refused.code, 0);
  t.regex(refused.msg, /permission|rights/i);
  t.not((await knex('admin').where({ id: superId }).first<{ password: string }>('password')).password, before.password, 'the old password did not come back');
  t.truthy(await knex('security_sensitive_data_log').where({ id: passwordLog.id }).first(), 'the entry stays');

  // The super admin takes a right from the deputy's own group: the deputy cannot roll that back either.
  const fewer = rules.filter((id) => id !== rules[0]);
  t.is((await call('/admin/auth.Group/edit', { method: 'POST', body: { id: groupId, rules: fewer } })).code, 1);
  const rightsLog = await knex('security_sensitive_data_log').where({ data_table: 'admin_group', data_field: 'rules' }).first<{ id: number }>('id');
  const own = await asDeputy('/admin/security.SensitiveDataLog/rollback', { method: 'POST', body: { ids: [rightsLog.id] } });
  t.is(own.code, 0);
  t.is((await knex('admin_group').where({ id: groupId }).first<{ rules: string }>('rules')).rules.split(',').length, fewer.length, 'the group kept what the super admin left it');

  // Nor can the deputy restore a rule they do not hold (they may edit rules, only their own) from the recycle bin.
  const [ruleRow] = await knex('admin_rule').insert({ pid: 0, type: 'menu', name: 'probe/elite', title: '精英', title_en: 'Elite', status: '1', weigh: 0 }).returning('id');
  const ruleId = typeof ruleRow === 'object' ? (ruleRow as { id: number }).id : Number(ruleRow);
  t.is((await call(`/admin/auth.Rule/del?ids[]=${ruleId}`, { method: 'DELETE' })).code, 1);
  const copy = await knex('security_data_recycle_log').where({ data_table: 'admin_rule' }).orderBy('id', 'desc').first<{ id: number }>('id');
  const restore = await asDeputy('/admin/security.DataRecycleLog/restore', { method: 'POST', body: { ids: [copy.id] } });
  t.is(restore.code, 0, 'a restore of a rule the deputy could not edit is refused');
  t.falsy(await knex('admin_rule').where({ id: ruleId }).first(), 'nothing came back');
  t.truthy(await knex('security_data_recycle_log').where({ id: copy.id }).first(), 'the copy stays in the bin');
  // The super admin may.
  t.is((await call('/admin/security.DataRecycleLog/restore', { method: 'POST', body: { ids: [copy.id] } })).code, 1);
});

test.serial('a generated table fills its own time columns: create_time alone is never asked of the form', async (t) => {
  const generated = await call('/admin/crud.Crud/generate', {
    method: 'POST',
    body: design('stamp_probe', [designField('id', 'pk', { null: false }), designField('title', 'string'), designField('create_time', 'timestamp', { null: false })]),
  });
  t.is(generated.code, 1, generated.msg);
  const added = await call('/admin/stamp.Probe/add', { method: 'POST', body: { title: 'stamped' } });
  t.is(added.code, 1, added.msg);
  const row = await server.app.knex('stamp_probe').first<{ create_time: number }>('create_time');
  t.true(Number(row.create_time) > 1_700_000_000);
});
