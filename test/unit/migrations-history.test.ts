import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { MODULE_FOLDERS } from '../../src/server/moduleFolders.ts';

const DIR = path.resolve(import.meta.dirname, '../..', MODULE_FOLDERS.migrations.dir);

/** Module specifiers of static imports, re-exports and dynamic imports in a source text. */
function specifiers(source: string): string[] {
  return [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)(['"])([^'"]+)\1/g)].map((m) => m[2]!);
}

test('the import scan sees static, type-only, bare and dynamic imports', (t) => {
  const source = "import type { Knex } from 'knex';\nimport { a } from '../../src/a.ts';\nimport '../b.ts';\nconst c = await import('./c.ts');";
  t.deepEqual(specifiers(source), ['knex', '../../src/a.ts', '../b.ts', './c.ts']);
});

// A migration is history: code it imported from the project would change what it does on a database migrated
// later. Whatever it needs from the code of its day is written into it as data; packages are pinned by the lockfile.
test('no migration imports a file of the project', (t) => {
  const migrations = fs.readdirSync(DIR).filter((f) => MODULE_FOLDERS.migrations.pattern.test(f));
  t.true(migrations.length > 0);
  const local = migrations.flatMap((file) =>
    specifiers(fs.readFileSync(path.join(DIR, file), 'utf8'))
      .filter((s) => s.startsWith('.') || s.startsWith('/'))
      .map((s) => `${file} imports ${s}`),
  );
  t.deepEqual(local, []);
});
