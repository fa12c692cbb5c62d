import test from 'ava';
import { startServer, type TestServer } from '../helpers/server.ts';
import { ADMIN_PASSWORD } from '../helpers/accounts.ts';
import { asAdmin, createAdmin, createGroup, ruleIds, superToken, type AdminCall } from '../helpers/admins.ts';

let server: TestServer;
let root: AdminCall;
test.before(async () => {
  server = await startServer({ ADMIN_PASSWORD });
  root = asAdmin(server, await superToken(server));
});
test.after.always(async () => {
  await server?.stop();
});

interface DepartmentNode {
  id: number;
  pid: number;
  name: string;
  weigh: number;
  children?: DepartmentNode[];
}

async function addDepartment(fields: Record<string, unknown>): Promise<number> {
  const res = await root('/admin/auth.Department/add', { body: fields });
  if (res.code !== 1) throw new Error(res.msg);
  return (await server.app.knex('department').where({ name: fields.name }).first<{ id: number }>('id')).id;
}

async function addJob(fields: Record<string, unknown>): Promise<number> {
  const res = await root('/admin/auth.Job/add', { body: fields });
  if (res.code !== 1) throw new Error(res.msg);
  return (await server.app.knex('job').where({ code: fields.code }).first<{ id: number }>('id')).id;
}

const names = (nodes: DepartmentNode[]): unknown[] => nodes.map((n) => (n.children ? [n.name, names(n.children)] : n.name));

test.serial('departments: a tree index, parent checks, select options, sorting, contact checks', async (t) => {
  const office = await addDepartment({ name: 'Secretariat', responsible: 'Wang Li', phone: '+86 512-6521 0000', email: 'office@canal.example.org' });
  const research = await addDepartment({ name: 'Research', pid: 0 });
  const archive = await addDepartment({ name: 'Archive', pid: research });
  const maps = await addDepartment({ name: 'Maps', pid: archive });

  const index = await root<{ list: DepartmentNode[]; remark: string }>('/admin/auth.Department/index');
  t.is(index.code, 1);
  // New rows go to the top (weigh = id), children nested under their parent.
  t.deepEqual(names(index.data.list), [['Research', [['Archive', ['Maps']]]], 'Secretariat']);
  t.like(index.data.list[1], { id: office, pid: 0 });
  t.like(await server.app.knex('department').where({ id: office }).first(), { responsible: 'Wang Li', phone: '+86 512-6521 0000', email: 'office@canal.example.org', status: '1' });

  const flat = await root<{ list: DepartmentNode[] }>('/admin/auth.Department/index?isTree=0');
  t.is(flat.data.list.length, 4);
  t.false(flat.data.list.some((n) => n.children));
  const found = await root<{ list: DepartmentNode[] }>('/admin/auth.Department/index?quickSearch=archiv');
  t.deepEqual(names(found.data.list), ['Archive'], 'a match whose parent is filtered out becomes a root');

  const options = await root<{ options: DepartmentNode[] }>('/admin/auth.Department/index?select=true');
  t.deepEqual(options.data.options.map((o) => o.name), ['├ Research', '│\u00a0└ Archive', '│\u00a0\u00a0\u00a0└ Maps', '└ Secretariat']);
  await root('/admin/auth.Department/edit', { body: { id: maps, status: '0' } });
  const enabled = await root<{ options: DepartmentNode[] }>('/admin/auth.Department/index?select=true');
  t.false(enabled.data.options.some((o) => o.name.endsWith('Maps')), 'a disabled department is not offered');
  const label = await root<{ options: DepartmentNode[] }>(`/admin/auth.Department/index?select=true&initKey=id&initValue[]=${maps}`);
  t.deepEqual(label.data.options.map((o) => o.name), ['Maps'], 'but its label is still found for a current value');

  const cycle = await root('/admin/auth.Department/edit', { body: { id: research, pid: maps } });
  t.is(cycle.code, 0);
  t.is(cycle.msg, 'A node cannot be moved under itself or one of its descendants');
  const orphan = await root('/admin/auth.Department/add', { body: { name: 'Ghost', pid: 9999 } });
  t.is(orphan.msg, 'The parent does not exist');
  const badMail = await root('/admin/auth.Department/add', { body: { name: 'Press', email: 'not-an-address' } });
  t.is(badMail.msg, 'Please enter a valid e-mail address');
  const badPhone = await root('/admin/auth.Department/add', { body: { name: 'Press', phone: 'call us' } });
  t.is(badPhone.msg, 'Please enter a valid phone number');
  const noName = await root('/admin/auth.Department/add', { body: { name: '' } });
  t.is(noName.code, 0);
  t.is(await server.app.knex('department').where({ name: 'Press' }).first(), undefined, 'nothing was written');

  const moved = await root('/admin/auth.Department/edit', { body: { id: archive, pid: 0 } });
  t.is(moved.code, 1, moved.msg);
  const before = await server.app.knex('department').whereIn('id', [research, office]).select<{ id: number; weigh: number }[]>('id', 'weigh');
  t.is((await root('/admin/auth.Department/sortable', { body: { id: research, targetId: office } })).code, 1);
  const after = await server.app.knex('department').whereIn('id', [research, office]).select<{ id: number; weigh: number }[]>('id', 'weigh');
  t.is(after.find((r) => r.id === research)!.weigh, before.find((r) => r.id === office)!.weigh);
  t.is(after.find((r) => r.id === office)!.weigh, before.find((r) => r.id === research)!.weigh);

  const zh = await server.app.knex('admin_rule').where({ name: 'auth/department' }).first<{ title: string; component: string; pid: number }>();
  t.like(zh, { title: '部门管理', component: '/src/views/backend/auth/department/index.vue' });
  t.is((await server.app.knex('admin_rule').where({ id: zh.pid }).first<{ name: string }>()).name, 'auth', 'under the permissions menu');
});

test.serial('departments: deletes need the children in the batch and no admins left inside, and go to the recycle bin', async (t) => {
  const parent = await addDepartment({ name: 'Events' });
  const child = await addDepartment({ name: 'Boat tours', pid: parent });
  const refused = await root(`/admin/auth.Department/del?ids[]=${parent}`, { method: 'DELETE' });
  t.is(refused.msg, 'Please delete the child element first, or use batch deletion');

  const guide = await createAdmin(server, [], { username: 'tour_guide' });
  await server.app.knex('admin').where({ id: guide.id }).update({ department_id: child });
  const held = await root(`/admin/auth.Department/del?ids[]=${parent}&ids[]=${child}`, { method: 'DELETE' });
  t.is(held.code, 0);
  t.is(held.msg, 'Administrators still belong to this department (e.g. tour_guide); move them first');
  t.truthy(await server.app.knex('department').where({ id: child }).first(), 'nothing deleted');

  await server.app.knex('admin').where({ id: guide.id }).update({ department_id: 0 });
  const done = await root(`/admin/auth.Department/del?ids[]=${parent}&ids[]=${child}`, { method: 'DELETE' });
  t.is(done.code, 1, done.msg);
  t.is(await server.app.knex('department').whereIn('id', [parent, child]).first(), undefined);
  const rule = await server.app.knex('security_data_recycle').where({ controller: 'auth/department' }).first<{ id: number; name: string }>();
  t.is(rule.name, '部门管理');
  t.is(await server.app.knex('security_data_recycle_log').where({ recycle_id: rule.id }).count<{ n: number }[]>('id as n').then((r) => Number(r[0]!.n)), 2);
});

test.serial('jobs: CRUD with unique, well-formed codes; a held job cannot be deleted', async (t) => {
  const editor = await addJob({ name: 'Editor', code: 'editor', remark: 'Writes the news' });
  const dup = await root('/admin/auth.Job/add', { body: { name: 'Chief editor', code: 'EDITOR' } });
  t.is(dup.code, 0);
  t.is(dup.msg, 'The job code EDITOR is already used');
  const bad = await root('/admin/auth.Job/add', { body: { name: 'Guide', code: '1 guide!' } });
  t.is(bad.msg, 'A job code starts with a letter and holds only letters, digits, underscores and hyphens');
  const guide = await addJob({ name: 'Guide', code: 'guide' });

  const list = await root<{ list: { id: number; name: string; code: string }[]; total: number }>('/admin/auth.Job/index?quickSearch=guid');
  t.deepEqual(list.data.list.map((r) => r.code), ['guide']);
  const read = await root<{ row: { name: string; remark: string } }>(`/admin/auth.Job/edit?id=${editor}`);
  t.like(read.data.row, { name: 'Editor', remark: 'Writes the news' });
  const renamed = await root('/admin/auth.Job/edit', { body: { id: editor, name: 'News editor', code: 'editor' } });
  t.is(renamed.code, 1, 'its own code is not a duplicate');
  t.is((await root('/admin/auth.Job/edit', { body: { id: guide, code: 'Editor' } })).msg, 'The job code Editor is already used');

  const holder = await createAdmin(server, [], { username: 'news_desk' });
  await server.app.knex('admin').where({ id: holder.id }).update({ job_id: editor });
  t.is((await root(`/admin/auth.Job/del?ids[]=${editor}`, { method: 'DELETE' })).msg, 'Administrators still hold this job (e.g. news_desk); change their job first');
  t.is((await root(`/admin/auth.Job/del?ids[]=${guide}`, { method: 'DELETE' })).code, 1);
});

test.serial('admins are given a department and a job, shown and filtered in the admin list', async (t) => {
  const dept = await addDepartment({ name: 'Outreach' });
  const other = await addDepartment({ name: 'Finance' });
  const job = await addJob({ name: 'Coordinator', code: 'coordinator' });
  const group = await createGroup(server, [], { name: 'Outreach team' });
  const added = await root('/admin/auth.Admin/add', {
    body: { username: 'outreach_lead', nickname: 'Lead', password: 'secret123', group_arr: [group], department_id: dept, job_id: job, status: '1' },
  });
  t.is(added.code, 1, added.msg);
  const lead = await server.app.knex('admin').where({ username: 'outreach_lead' }).first<{ id: number; department_id: number; job_id: number }>();
  t.like(lead, { department_id: dept, job_id: job });
  const treasurer = await createAdmin(server, [group], { username: 'treasurer' });
  t.is((await root('/admin/auth.Admin/edit', { body: { id: treasurer.id, department_id: other } })).code, 1);

  type Row = { username: string; department: { name: string } | null; job: { name: string } | null };
  const byDept = await root<{ list: Row[] }>(`/admin/auth.Admin/index?search[0][field]=department_id&search[0][operator]=eq&search[0][val]=${dept}`);
  t.deepEqual(byDept.data.list.map((r) => r.username), ['outreach_lead']);
  t.is(byDept.data.list[0]!.department?.name, 'Outreach');
  t.is(byDept.data.list[0]!.job?.name, 'Coordinator');
  const byJob = await root<{ list: Row[] }>(`/admin/auth.Admin/index?search[0][field]=job_id&search[0][operator]=eq&search[0][val]=${job}`);
  t.deepEqual(byJob.data.list.map((r) => r.username), ['outreach_lead']);
  const byOther = await root<{ list: Row[] }>(`/admin/auth.Admin/index?search[0][field]=department_id&search[0][operator]=eq&search[0][val]=${other}`);
  t.deepEqual(byOther.data.list.map((r) => r.username), ['treasurer']);

  const missing = await root('/admin/auth.Admin/edit', { body: { id: treasurer.id, department_id: 9999 } });
  t.is(missing.msg, 'The chosen department does not exist');
  const noJob = await root('/admin/auth.Admin/edit', { body: { id: treasurer.id, job_id: 9999 } });
  t.is(noJob.msg, 'The chosen job does not exist');
  const cleared = await root('/admin/auth.Admin/edit', { body: { id: treasurer.id, department_id: '' } });
  t.is(cleared.code, 1);
  t.is((await server.app.knex('admin').where({ id: treasurer.id }).first<{ department_id: number }>()).department_id, 0);
});

test.serial('an admin holding only the department view may list the tree but not change it', async (t) => {
  const group = await createGroup(server, await ruleIds(server, ['auth', 'auth/department', 'auth/department/index']));
  const viewer = asAdmin(server, (await createAdmin(server, [group])).token);
  t.is((await viewer('/admin/auth.Department/index')).code, 1);
  const add = await viewer('/admin/auth.Department/add', { body: { name: 'Sneaky' } });
  t.is(add.code, 401);
  t.is(await server.app.knex('department').where({ name: 'Sneaky' }).first(), undefined);
});
