import test from 'ava';
import type { Knex } from 'knex';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/server/db.ts';
import { openReads } from '../../src/server/reads.ts';
import { ContentService } from '../../src/server/services/content.ts';
import { ensureResourceIndexes } from '../../src/server/services/resourceIndexes.ts';
import { resources } from '../../src/resources/index.ts';
import { lookupOf } from '../../src/resources/lookup.ts';

// An uncached public list must not sort its table on every request: with 100,000 published news, the news
// list sorted them all for each page (55 ms). Every ordered query of the public pages, with and without
// their filters, is answered by walking an index (SQLite's plan has no temporary sort).

test('every public list and detail query reads its rows in index order, one SQL per kept key', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-public-idx-'));
  const file = path.join(dir, 'idx.sqlite');
  const knex = await openDatabase(file);
  const reads = openReads(knex, file);
  try {
    await ensureResourceIndexes(knex, resources);
    const queries: { sql: string; bindings: readonly Knex.Value[] }[] = [];
    // The read connection compiles a key's query once: each key must stand for one SQL, whatever the values.
    const shapes = new Map<string, Set<string>>();
    const content = new ContentService(knex, {
      rows(key, params, build) {
        const { sql, bindings } = build(params).toSQL();
        if (!shapes.has(key)) shapes.set(key, new Set());
        shapes.get(key)!.add(sql);
        if (/^select/i.test(sql) && /order by/i.test(sql)) queries.push({ sql, bindings });
        return reads.rows(key, params, build);
      },
      close: () => reads.close(),
    }, lookupOf(resources, () => []));
    for (const lang of ['zh-cn', 'en'] as const) {
      await content.home(lang);
      await content.newsList(lang, { page: 1, category: null });
      await content.newsList(lang, { page: 2, category: 1 });
      await content.cultureList(lang, { page: 1, category: null });
      await content.cultureList(lang, { page: 1, category: 1 });
      await content.activities(lang, { page: 1, stage: null });
      await content.activities(lang, { page: 1, stage: 'ongoing' });
      await content.trails(lang, { page: 1, difficulty: null });
      await content.trails(lang, { page: 1, difficulty: 'easy' });
      await content.members(lang, { page: 1, kind: null });
      await content.forum(lang, { page: 1 });
      await content.canals(lang, { page: 1 });
      await content.tour(lang);
      for (const id of [1, 2]) {
        await content.news(lang, id);
        await content.culture(lang, id);
        await content.activity(lang, id);
        await content.trail(lang, id);
        await content.canal(lang, id);
        await content.city(lang, id);
      }
    }
    t.true(queries.length > 20, `${queries.length} ordered queries`);
    t.deepEqual(
      [...shapes].filter(([, sqls]) => sqls.size > 1).map(([key]) => key),
      [],
      'keys that built more than one SQL',
    );
    const sorted: string[] = [];
    for (const { sql, bindings } of queries) {
      const plan = (await knex.raw(`explain query plan ${sql}`, bindings)) as Array<{ detail: string }>;
      const details = plan.map((p) => p.detail).join(' | ');
      if (/TEMP B-TREE FOR (ORDER BY|LAST|RIGHT PART)/.test(details)) sorted.push(`${sql}\n  ${details}`);
    }
    t.deepEqual([...new Set(sorted)], []);
  } finally {
    reads.close();
    await knex.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
