import test from 'ava';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { openDatabase } from '../../src/server/db.ts';
import { PageCache } from '../../src/server/pageCache.ts';
import { PublishSchedule } from '../../src/server/services/publishSchedule.ts';
import { resources } from '../../src/resources/index.ts';

test('a page rendered across a drop is answered but not kept', (t) => {
  const cache = new PageCache();
  const since = cache.begin();
  cache.invalidate(['news']);
  cache.set('k', '/news', '<p>old</p>', since);
  t.is(cache.get('k'), undefined, 'it may show what the drop removed');
  cache.set('k', '/news', '<p>new</p>', cache.begin());
  t.is(cache.get('k')?.html, '<p>new</p>');
});

test('the schedule drops the sections of a row at its publish time and ignores drafts and past rows', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-schedule-'));
  const knex = await openDatabase(path.join(dir, 'db.sqlite'));
  const drops: { tags: readonly string[]; at: number }[] = [];
  const schedule = new PublishSchedule(knex, () => resources, async (tags) => {
    drops.push({ tags, at: Date.now() });
    await schedule.reload();
  }, pino({ level: 'silent' }));
  try {
    const now = Math.floor(Date.now() / 1000);
    await knex('news_category').insert({ id: 1, name: 'n', status: '1' });
    await knex('culture_category').insert({ id: 1, name: 'c', status: '1' });
    const row = { category_id: 1, title: 'x', content: '', cover: '', weigh: 0, create_time: now, update_time: now };
    await knex('news').insert([
      { ...row, status: '1', publish_time: now - 10 },
      { ...row, status: '0', publish_time: now + 1 },
      { ...row, status: '1', publish_time: now + 2 },
    ]);
    await knex('culture_article').insert({ ...row, status: '1', publish_time: now + 7200 });
    await schedule.start();
    t.is(schedule.nextTime, now + 2, 'the draft is not scheduled');
    // A plain timer aimed at the same second: on a loaded machine both fire late, by the same lag.
    let aimedAt = 0;
    setTimeout(() => (aimedAt = Date.now()), (now + 2) * 1000 - Date.now());
    while ((drops.length === 0 || aimedAt === 0) && Date.now() < (now + 30) * 1000) await new Promise((resolve) => setTimeout(resolve, 20));
    t.deepEqual(drops.map((d) => d.tags), [['news', 'home']]);
    t.true(drops[0]!.at >= (now + 2) * 1000, 'not before the second');
    t.true(drops[0]!.at < Math.max(aimedAt, (now + 2) * 1000) + 1000, `within it (${drops[0]!.at - (now + 2) * 1000} ms after it; a plain timer ${aimedAt - (now + 2) * 1000} ms)`);
    t.is(schedule.nextTime, now + 7200, 'then the next one');
  } finally {
    schedule.stop();
    await knex.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
