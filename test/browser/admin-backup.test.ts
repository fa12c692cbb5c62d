import test from 'ava';
import { ADMIN_PASSWORD, createMember } from '../helpers/accounts.ts';
import { browserSuite } from '../helpers/browser.ts';
import { adminPage, isCall, openMenu } from './adminHelpers.ts';

// Routine → Backups in the real shell, as the seeded super admin: an empty list, a backup made with the button,
// a member added afterwards, then a restore whose confirmation shows what passed the checks and which brings
// the site back to the backup (the member is gone, a safety backup is listed).

const suite = browserSuite(test, { ADMIN_PASSWORD, BACKUP_TIME: '02:30' });

test('back up now, then restore after a change: the change is undone and a safety backup appears', async (t) => {
  const { page, errors } = await adminPage(suite.server, suite.browser, '/admin?lang=en');
  await openMenu(page, 'routine/backup');
  await page.waitForSelector('[data-backups-empty]');
  t.regex(await page.$eval('[data-backup-schedule]', (e) => e.textContent ?? ''), /Daily backup at 02:30/);

  await Promise.all([page.waitForResponse(isCall('routine.Backup/create', 'POST')), page.click('[data-action=create]')]);
  await page.waitForSelector('tr[data-backup]');
  t.regex(await page.$eval('tr[data-backup]', (e) => e.textContent ?? ''), /Manual/);

  const member = await createMember(suite.server, { username: 'after_backup' });
  await page.click('tr[data-backup] [data-action=restore]');
  await page.waitForSelector('[data-restore-summary]');
  const summary = await page.$eval('[data-restore-summary]', (e) => e.textContent ?? '');
  t.regex(summary, /passed every check/);
  t.regex(summary, /database migration \d+_\w+\.ts/);
  t.regex(summary, /backed up first/);
  await Promise.all([page.waitForResponse(isCall('routine.Backup/restore', 'POST')), page.click('[data-confirm=ok]')]);
  await page.waitForFunction(() => document.querySelectorAll('tr[data-backup]').length === 2);
  t.regex(await page.$eval('[data-screen=backups] tbody', (e) => e.textContent ?? ''), /Before a restore/);
  t.falsy(await suite.server.app.knex('user').where({ id: member.id }).first(), 'the member added after the backup is gone');

  await page.click('tr[data-backup]:last-child [data-action=del]');
  await page.waitForSelector('[data-confirm=ok]');
  await Promise.all([page.waitForResponse(isCall('routine.Backup/del', 'POST')), page.click('[data-confirm=ok]')]);
  await page.waitForFunction(() => document.querySelectorAll('tr[data-backup]').length === 1);
  t.deepEqual(errors, []);
  await page.close();
});
