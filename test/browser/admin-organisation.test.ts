import test from 'ava';
import { ADMIN_PASSWORD } from '../helpers/accounts.ts';
import { createAdmin, createGroup } from '../helpers/admins.ts';
import { browserSuite, focusedOnArrival } from '../helpers/browser.ts';
import { adminPage, isCall, openMenu, pickRemote, submitForm } from './adminHelpers.ts';

// Staff build the organisation in the back office: a department tree (a parent and a child picked from the
// tree), a job, and an admin given both; the admin list shows them and filters by department.

const suite = browserSuite(test, { ADMIN_PASSWORD });

test.serial('a department tree and a job, assigned to an admin who is then found by department', async (t) => {
  const { knex } = suite.server.app;
  const clerk = await createAdmin(suite.server, [await createGroup(suite.server, [], { name: 'Clerks' })], { username: 'canal_clerk' });
  const { page, errors } = await adminPage(suite.server, suite.browser, '/admin?lang=en');

  // --- departments: an empty tree, then a parent and a child ----------------------------------------------
  await openMenu(page, 'auth/department');
  const tree = '[data-tree-page="auth/department"]';
  await page.waitForFunction((s: string) => document.querySelector(`${s} [data-empty]`)?.textContent === 'No records', {}, tree);
  await page.click(`${tree} [data-toolbar="add"]`);
  const form = '[data-crud-form="auth/department"]';
  await page.waitForSelector(form);
  await page.type(`${form} [data-column="name"] input`, 'Secretariat');
  await page.type(`${form} [data-column="responsible"] input`, 'Wang Li');
  await page.type(`${form} [data-column="email"] input`, 'office@canal.example.org');
  await submitForm(page, '/admin/auth.Department/index');
  const secretariat = await knex('department').where({ name: 'Secretariat' }).first<{ id: number; responsible: string }>();
  t.is(secretariat.responsible, 'Wang Li');

  await page.click(`${tree} [data-toolbar="add"]`);
  await page.waitForSelector(form);
  t.is(await pickRemote(page, `${form} [data-column="pid"]`, 'Secre'), String(secretariat.id));
  await page.type(`${form} [data-column="name"] input`, 'Research office');
  await submitForm(page, '/admin/auth.Department/index');
  const research = await knex('department').where({ name: 'Research office' }).first<{ id: number; pid: number }>();
  t.is(research.pid, secretariat.id);
  const child = `${tree} tr[data-row-id="${research.id}"]`;
  await page.waitForSelector(child);
  t.is(await page.$eval(child, (tr) => tr.getAttribute('data-depth')), '1', 'the child sits one level down');
  t.is(await page.$eval(`${tree} tr[data-row-id="${secretariat.id}"] td[data-column="responsible"]`, (td) => td.textContent), 'Wang Li');
  // Folding the parent hides the child.
  await page.click(`${tree} [data-toggle-row="${secretariat.id}"]`);
  await page.waitForFunction((s: string) => !document.querySelector(s), {}, child);
  await page.click(`${tree} [data-toggle-row="${secretariat.id}"]`);
  await page.waitForSelector(child);

  // --- a job -------------------------------------------------------------------------------------------------
  await openMenu(page, 'auth/job');
  const jobs = '[data-crud-page="auth/job"]';
  await page.waitForSelector(`${jobs} [data-toolbar="add"]`);
  // The navigation gave the page's heading the focus (for screen readers) when it showed the page, not later.
  t.true(await page.evaluate(() => document.activeElement?.matches('[data-pane] > h1') === true), 'the heading of the new page has the focus');
  const jobForm = '[data-crud-form="auth/job"]';
  // In the page means open, with the focus on the first field, checked the moment the dialog is inserted: a key
  // pressed at once is not lost (the open must not wait for the next frame).
  // Focus implies open: a field of a closed dialog cannot take it.
  const openOnArrival = focusedOnArrival(page, jobForm, `${jobForm} [data-column="name"] input`);
  await page.click(`${jobs} [data-toolbar="add"]`);
  t.true(await openOnArrival, 'the dialog is open and its first field focused as soon as it is in the page');
  await page.type(`${jobForm} [data-column="name"] input`, 'Archivist');
  await page.type(`${jobForm} [data-column="code"] input`, 'archivist');
  await submitForm(page, '/admin/auth.Job/index');
  const job = await knex('job').where({ code: 'archivist' }).first<{ id: number; name: string }>();
  t.is(job.name, 'Archivist');
  await page.waitForSelector(`${jobs} tr[data-row-id="${job.id}"]`);

  // --- the admin is given both -----------------------------------------------------------------------------
  await openMenu(page, 'auth/admin');
  const admins = '[data-crud-page="auth/admin"]';
  const row = `${admins} tr[data-row-id="${clerk.id}"]`;
  await page.waitForSelector(row);
  await page.click(`${row} [data-action="edit"]`);
  const adminForm = '[data-crud-form="auth/admin"]';
  await page.waitForFunction(() => (document.querySelector('[data-crud-form] [data-column="username"] input') as HTMLInputElement | null)?.value === 'canal_clerk');
  t.is(await pickRemote(page, `${adminForm} [data-column="department_id"]`, 'Research'), String(research.id));
  t.is(await page.$eval(`${adminForm} [data-column="department_id"] [data-selected]`, (e) => e.textContent), 'Research office', 'shown without its tree prefix');
  t.is(await pickRemote(page, `${adminForm} [data-column="job_id"]`, 'Arch'), String(job.id));
  await submitForm(page, '/admin/auth.Admin/index');
  t.like(await knex('admin').where({ id: clerk.id }).first(), { department_id: research.id, job_id: job.id });
  await page.waitForFunction((s: string) => document.querySelector(s)?.textContent === 'Research office', {}, `${row} td[data-column="department_id"]`);
  t.is(await page.$eval(`${row} td[data-column="job_id"]`, (td) => td.textContent), 'Archivist');

  // --- and the list filters by department ----------------------------------------------------------------------
  await page.click(`${admins} [data-toolbar="search"]`);
  await pickRemote(page, `${admins} [data-search-field="department_id"]`, 'Research');
  const filtered = page.waitForResponse((r) => isCall('/admin/auth.Admin/index')(r) && r.url().includes('department_id'));
  await page.click(`${admins} [data-search-panel] button[type="submit"]`);
  await filtered;
  await page.waitForFunction((s: string) => document.querySelectorAll(`${s} tbody tr[data-row-id]`).length === 1, {}, admins);
  t.truthy(await page.$(row));
  t.deepEqual(errors, []);
});
