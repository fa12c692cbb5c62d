import test from 'ava';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import { api, startServer, type TestServer } from '../helpers/server.ts';
import { ADMIN_PASSWORD, createMember } from '../helpers/accounts.ts';
import { asAdmin, createAdmin, createGroup, superToken, type AdminCall } from '../helpers/admins.ts';
import { png } from '../helpers/images.ts';
import { postgresUrl } from '../helpers/postgres.ts';
import type { BackupListItem } from '../../src/server/services/backup/manifest.ts';

// Whole-site backups (routine/backup): made while the site is written to, restored consistently; damaged,
// foreign or newer archives refused with a message and nothing changed. Also the command-line form.

const ROOT = path.resolve(import.meta.dirname, '../..');
const BASE = '/admin/routine.Backup';

/**
 * An archive holds the SQLite file: in the PostgreSQL pass of `npm test` these tests are not registered and the
 * refusal test at the end runs instead (PostgreSQL is backed up with pg_dump, see the README).
 */
const archiveTest = postgresUrl() ? (((): void => undefined) as unknown as typeof test.serial) : test.serial;

let server: TestServer;
let root: AdminCall;
let token: string;
test.before(async () => {
  server = await startServer({ ADMIN_PASSWORD, BACKUP_TIME: 'off' });
  token = await superToken(server);
  root = asAdmin(server, token);
});
test.after.always(async () => {
  await server?.stop();
});

let colour = 0;
async function uploadImage(): Promise<string> {
  colour++;
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png([colour % 256, (colour >> 8) % 256, 77]))], { type: 'image/png' }), `photo-${colour}.png`);
  const res = await fetch(`${server.url}/admin/ajax/upload`, { method: 'POST', body: form, headers: { server: 'true', batoken: token } });
  const body = (await res.json()) as { code: number; msg: string; data: { file: { url: string } } };
  if (body.code !== 1) throw new Error(body.msg);
  return body.data.file.url;
}

/** Integrity, the ledger (each balance equals the sum of its log, and the last log's `after`) and the files. */
async function consistency(t: { true(v: boolean, m?: string): void; is<T>(a: T, b: T, m?: string): void }) {
  const { knex, services } = server.app;
  const integrity = (await knex.raw('pragma integrity_check')) as Array<{ integrity_check: string }>;
  t.is(integrity[0]?.integrity_check, 'ok');
  const users = await knex('user').select<{ id: number; money: number }[]>('id', 'money');
  for (const user of users) {
    const logs = await knex('user_money_log').where({ user_id: user.id }).orderBy('id').select<{ money: number; after: number }[]>('money', 'after');
    t.is(logs.reduce((sum, l) => sum + Number(l.money), 0), Number(user.money), `ledger of user ${user.id}`);
    if (logs.length) t.is(Number(logs[logs.length - 1]!.after), Number(user.money));
  }
  const attachments = await knex('attachment').select<{ url: string }[]>('url');
  for (const { url } of attachments) t.true(fs.existsSync(path.join(services.config.dataDir, services.upload.keyOf(url) ?? '-')), `file of ${url}`);
  return { users: users.length, attachments: attachments.length, logs: Number((await knex('user_money_log').count<{ n: number }[]>('* as n'))[0]!.n) };
}

archiveTest('a backup made while members are credited and files uploaded restores to a consistent state', async (t) => {
  const members = await Promise.all([1, 2, 3].map((i) => createMember(server, { username: `backup_m${i}` })));
  await uploadImage();
  let writing = true;
  let writes = 0;
  const writers = [
    ...members.map(async (m) => {
      while (writing) {
        const r = await root('/admin/user.MoneyLog/add', { body: { user_id: m.id, money: '1.25', memo: 'backup test' } });
        if (r.code !== 1) throw new Error(r.msg);
        writes++;
      }
    }),
    (async () => {
      while (writing) {
        await uploadImage();
        writes++;
      }
    })(),
  ];
  // Let the writers get going, take the backup in the middle of them, then let them run on a little.
  await new Promise((r) => setTimeout(r, 300));
  const made = await root<BackupListItem>(`${BASE}/create`, { method: 'POST' });
  t.is(made.code, 1, made.msg);
  t.regex(made.msg, /Backup created/);
  await new Promise((r) => setTimeout(r, 300));
  writing = false;
  await Promise.all(writers);
  t.true(writes > 10, `writes ran during the backup (${writes})`);
  const before = await consistency(t);
  // A change after the backup, as the public pages read it (through their own read connection).
  const news = await server.app.knex('news').where({ status: '1' }).orderBy('id').first<{ id: number; title: string }>('id', 'title');
  await server.app.knex('news').where({ id: news!.id }).update({ title: 'Changed after the backup' });
  // Written straight to the database, past the engine, so the cached pages are dropped here as an edit would;
  // a restore drops them itself.
  server.app.services.pageCache.clear();
  const newsPage = async () => (await fetch(`${server.url}/news/info?id=${news!.id}`)).text();
  t.true((await newsPage()).includes('Changed after the backup'));

  const checked = await root<{ files: number; migration: string }>(`${BASE}/verify`, { method: 'POST', body: { name: made.data.name } });
  t.is(checked.code, 1, checked.msg);
  t.regex(checked.data.migration, /^\d+_\w+\.ts$/);

  const restored = await root<{ safety: BackupListItem; files: number }>(`${BASE}/restore`, { method: 'POST', body: { name: made.data.name } });
  t.is(restored.code, 1, restored.msg);
  t.is(restored.data.safety.kind, 'pre-restore');
  const after = await consistency(t);
  t.true(after.logs < before.logs, 'the writes after the backup are gone');
  t.true(after.attachments >= 1);
  const restoredPage = await newsPage();
  t.false(restoredPage.includes('Changed after the backup'), 'the public pages read the restored database');
  t.true(restoredPage.includes(news!.title));

  const list = await root<{ list: BackupListItem[] }>(`${BASE}/index`);
  t.deepEqual(list.data.list.map((i) => i.kind).sort(), ['manual', 'pre-restore']);
  // The safety copy brings back exactly what the restore replaced.
  const back = await root(`${BASE}/restore`, { method: 'POST', body: { name: restored.data.safety.name } });
  t.is(back.code, 1, back.msg);
  t.is((await consistency(t)).logs, before.logs);
  t.true((await newsPage()).includes('Changed after the backup'));
});

interface Entry {
  name: string;
  data: Buffer;
}

async function readArchive(file: string): Promise<Entry[]> {
  const extract = tar.extract();
  fs.createReadStream(file).pipe(zlib.createGunzip()).pipe(extract);
  const entries: Entry[] = [];
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    entries.push({ name: entry.header.name, data: Buffer.concat(chunks) });
  }
  return entries;
}

async function writeArchive(file: string, entries: Entry[]): Promise<void> {
  const pack = tar.pack();
  for (const e of entries) pack.entry({ name: e.name }, e.data);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack) chunks.push(chunk as Buffer);
  fs.writeFileSync(file, zlib.gzipSync(Buffer.concat(chunks)));
}

/** Whatever a refused restore must leave alone: the database's content, the uploads and the backups. */
async function fingerprint() {
  const { knex, dataDir } = { knex: server.app.knex, dataDir: server.dataDir };
  const count = async (table: string) => Number((await knex(table).count<{ n: number }[]>('* as n'))[0]!.n);
  const storage = fs.existsSync(path.join(dataDir, 'storage')) ? fs.readdirSync(path.join(dataDir, 'storage'), { recursive: true }).map(String).sort() : [];
  return { users: await count('user'), logs: await count('user_money_log'), attachments: await count('attachment'), storage, backups: fs.readdirSync(path.join(dataDir, 'backups')).sort() };
}

archiveTest('damaged, foreign and newer archives are refused with a clear message and change nothing', async (t) => {
  await uploadImage();
  const made = await root<BackupListItem>(`${BASE}/create`, { method: 'POST' });
  t.is(made.code, 1, made.msg);
  const original = path.join(server.dataDir, 'backups', made.data.name);
  const entries = await readArchive(original);
  t.deepEqual(entries[entries.length - 1]!.name, 'manifest.json', 'the manifest comes last');
  const manifest = JSON.parse(entries.find((e) => e.name === 'manifest.json')!.data.toString('utf8')) as { migration: string };

  const variants: Array<[label: string, build: (file: string) => Promise<void>, message: RegExp, zh: RegExp]> = [
    ['cut short', async (file) => fs.writeFileSync(file, fs.readFileSync(original).subarray(0, 2000)), /damaged or is not a backup/, /已损坏或不是本系统的备份/],
    [
      'a changed file',
      (file) => writeArchive(file, entries.map((e) => (e.name.startsWith('storage/') ? { ...e, data: Buffer.concat([e.data, Buffer.from('x')]) } : e))),
      /A file in the backup is damaged \(its checksum does not match\): storage\//,
      /校验和不符/,
    ],
    [
      'a damaged database',
      (file) =>
        writeArchive(
          file,
          entries.map((e) => {
            if (e.name !== 'portal.sqlite') return e;
            const data = Buffer.from(e.data);
            data.fill(0x5a, 4096, 12288);
            return { ...e, data };
          }),
        ).then(async () => {
          // A consistent manifest for the damaged copy: only SQLite's own check can find the damage.
          const again = await readArchive(file);
          const db = again.find((x) => x.name === 'portal.sqlite')!;
          const m = JSON.parse(again.find((x) => x.name === 'manifest.json')!.data.toString('utf8')) as { database: { sha256: string; bytes: number } };
          m.database.sha256 = (await import('node:crypto')).createHash('sha256').update(db.data).digest('hex');
          await writeArchive(file, again.map((x) => (x.name === 'manifest.json' ? { ...x, data: Buffer.from(JSON.stringify(m)) } : x)));
        }),
      /integrity check|not recognised|damaged/,
      /完整性检查|无法识别|已损坏/,
    ],
    [
      'a newer version',
      (file) => writeArchive(file, entries.map((e) => (e.name === 'manifest.json' ? { ...e, data: Buffer.from(JSON.stringify({ ...manifest, migration: '29991231000000_future.ts' })) } : e))),
      /comes from a newer version \(database migration 29991231000000_future\.ts/,
      /来自更新的版本/,
    ],
    ['no manifest', (file) => writeArchive(file, entries.filter((e) => e.name !== 'manifest.json')), /has no manifest/, /缺少清单/],
    ['a path leaving the folder', (file) => writeArchive(file, [...entries, { name: 'storage/../../evil.txt', data: Buffer.from('x') }]), /not allowed/, /不允许/],
  ];

  const before = await fingerprint();
  for (const [label, build, message, zh] of variants) {
    const name = `canal-portal-20200101-000000-${variants.findIndex((v) => v[0] === label) + 2}-upload.tar.gz`;
    const file = path.join(server.dataDir, 'backups', name);
    await build(file);
    const en = await root(`${BASE}/restore`, { method: 'POST', body: { name } });
    t.is(en.code, 0, label);
    t.regex(en.msg, message, label);
    const cn = await api(server.url, `${BASE}/restore`, { method: 'POST', body: { name }, headers: { batoken: token }, lang: 'zh-cn' });
    t.regex(cn.body.msg, zh, label);
    // Uploading the same archive is refused by the same checks.
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(fs.readFileSync(file))]), 'site.tar.gz');
    const up = (await (await fetch(`${server.url}${BASE}/upload`, { method: 'POST', body: form, headers: { server: 'true', batoken: token, 'think-lang': 'en' } })).json()) as { code: number; msg: string };
    t.is(up.code, 0, label);
    t.regex(up.msg, message, `upload: ${label}`);
    fs.rmSync(file);
  }
  // No file, an empty one, or a file under another field: asked to choose one.
  const empty = new FormData();
  empty.append('file', new Blob([]), 'site.tar.gz');
  const other = new FormData();
  other.append('archive', new Blob([new Uint8Array(fs.readFileSync(original))]), 'site.tar.gz');
  for (const [label, body] of [['none', undefined], ['empty', empty], ['another field', other]] as const) {
    const up = (await (await fetch(`${server.url}${BASE}/upload`, { method: 'POST', body, headers: { server: 'true', batoken: token, 'think-lang': 'en' } })).json()) as { code: number; msg: string };
    t.is(up.code, 0, label);
    t.regex(up.msg, /Choose a backup file/, label);
  }
  t.deepEqual(await fingerprint(), before, 'nothing changed, and no safety backup was made');
  t.is(fs.readdirSync(server.app.services.scratch.dir).filter((f) => f.startsWith('restore-')).length, 0, 'no scratch folder left behind');

  // An archive that passes is accepted as an upload and listed.
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(fs.readFileSync(original))]), 'site.tar.gz');
  const ok = (await (await fetch(`${server.url}${BASE}/upload`, { method: 'POST', body: form, headers: { server: 'true', batoken: token, 'think-lang': 'en' } })).json()) as { code: number; data: BackupListItem };
  t.is(ok.code, 1);
  t.is(ok.data.kind, 'upload');
});

archiveTest('download, delete, names that are not backups, and super admins only', async (t) => {
  const made = await root<BackupListItem>(`${BASE}/create`, { method: 'POST' });
  const res = await fetch(`${server.url}${BASE}/download?name=${made.data.name}`, { headers: { server: 'true', batoken: token } });
  t.is(res.status, 200);
  t.is(res.headers.get('content-type'), 'application/gzip');
  t.regex(res.headers.get('content-disposition') ?? '', new RegExp(made.data.name.replace(/\./g, '\\.')));
  t.is(Buffer.from(await res.arrayBuffer()).length, made.data.bytes);
  const viaQuery = await fetch(`${server.url}${BASE}/download?name=${made.data.name}&batoken=${token}&server=1`);
  t.not(viaQuery.headers.get('content-type'), 'application/gzip', 'a token in the URL is not accepted for downloads');
  for (const name of ['../portal.sqlite', 'portal.sqlite', 'canal-portal-20200101-000000-manual.tar.gz']) {
    const r = await root(`${BASE}/restore`, { method: 'POST', body: { name } });
    t.is(r.code, 0);
    t.is(r.msg, 'There is no such backup');
  }
  const group = await createGroup(server, []);
  const plain = await createAdmin(server, [group]);
  const denied = await api(server.url, `${BASE}/index`, { headers: { batoken: plain.token } });
  t.is(denied.body.code, 401);
  const del = await root(`${BASE}/del`, { method: 'POST', body: { name: made.data.name } });
  t.is(del.code, 1);
  t.false(fs.existsSync(path.join(server.dataDir, 'backups', made.data.name)));
});

function cli(args: string[], dataDir: string): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts', ...args], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, LANG: 'en_US.UTF-8', LOG_LEVEL: 'warn' } });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, out })));
}

archiveTest('command line: backup, then restore FILE while the site is down', async (t) => {
  await root('/admin/user.MoneyLog/add', { body: { user_id: (await createMember(server, { username: 'cli_member' })).id, money: '3.00', memo: 'cli' } });
  const backup = await cli(['backup'], server.dataDir);
  t.is(backup.code, 0, backup.out);
  const file = /Backup written to (\S+\.tar\.gz)/.exec(backup.out)?.[1];
  t.truthy(file, backup.out);
  const logs = Number((await server.app.knex('user_money_log').count<{ n: number }[]>('* as n'))[0]!.n);
  await server.app.knex('user_money_log').delete();
  const restore = await cli(['restore', file!], server.dataDir);
  t.is(restore.code, 0, restore.out);
  t.regex(restore.out, /Restored .*The state before was backed up as canal-portal-\d{8}-\d{6}(-\d+)?-pre-restore\.tar\.gz/);
  t.is(Number((await server.app.knex('user_money_log').count<{ n: number }[]>('* as n'))[0]!.n), logs);
  const missing = await cli(['restore', path.join(server.dataDir, 'nope.tar.gz')], server.dataDir);
  t.is(missing.code, 2);
  t.regex(missing.out, /No such file/);
});

if (postgresUrl()) {
  test('on PostgreSQL a backup is refused with the pg_dump advice and nothing is written', async (t) => {
    const made = await root(`${BASE}/create`, { method: 'POST' });
    t.is(made.code, 0);
    t.is(made.msg, "On PostgreSQL, back up with the database's own tools (pg_dump)");
    t.deepEqual((await root<{ list: BackupListItem[] }>(`${BASE}/index`)).data.list, []);
  });
}
