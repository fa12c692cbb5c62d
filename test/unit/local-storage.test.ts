import test from 'ava';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LocalStorage } from '../../src/server/services/storage/local.ts';
import { ScratchSpace } from '../../src/server/services/scratch.ts';

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  let out = '';
  for await (const chunk of stream) out += String(chunk);
  return out;
}

test('the local driver keeps objects under its folder, reads ranges, lists by prefix and tidies the folders it empties', async (t) => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-storage-'));
  t.teardown(() => fs.rmSync(root, { recursive: true, force: true }));
  const scratch = await ScratchSpace.open(root);
  t.teardown(() => scratch.close());
  const storage = new LocalStorage(root, scratch);
  const source = path.join(root, 'source.txt');
  fs.writeFileSync(source, 'towpath');

  await storage.put('storage/default/20261123/a.txt', source);
  await storage.put('backups/b.tar.gz', source);
  t.deepEqual(await storage.head('storage/default/20261123/a.txt'), { size: 7, contentType: 'application/octet-stream' });
  t.is(await text(await storage.read('storage/default/20261123/a.txt', { start: 2, end: 4 })), 'wpa');
  t.deepEqual(await storage.list('storage/'), [{ key: 'storage/default/20261123/a.txt', size: 7 }]);
  t.deepEqual(await storage.list('backups/'), [{ key: 'backups/b.tar.gz', size: 7 }]);
  t.is(storage.locationOf('backups/b.tar.gz'), path.join(root, 'backups/b.tar.gz'));

  for (const key of ['../outside.txt', '/etc/passwd', 'storage/../../x', 'storage\\x', '']) {
    t.is(storage.fileOf(key), null, key);
    t.is(await storage.head(key), null, key);
    await t.throwsAsync(storage.read(key), { code: 'ENOENT' }, key);
  }
  await t.throwsAsync(storage.read('storage/none.txt'), { code: 'ENOENT' });

  await storage.remove('storage/default/20261123/a.txt');
  t.is(await storage.head('storage/default/20261123/a.txt'), null);
  t.false(fs.existsSync(path.join(root, 'storage/default')), 'emptied folders go');
  t.true(fs.existsSync(path.join(root, 'storage')), 'up to the top folder, which stays');
  t.true(fs.existsSync(path.join(root, 'backups/b.tar.gz')));
});

test('writes of the same key at once all succeed and leave one whole file (two uploads of one file)', async (t) => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'local-storage-'));
  t.teardown(() => fs.rmSync(root, { recursive: true, force: true }));
  const source = path.join(root, 'source.bin');
  fs.writeFileSync(source, Buffer.alloc(256 * 1024, 7));
  const scratch = await ScratchSpace.open(path.join(root, 'data'));
  t.teardown(() => scratch.close());
  const storage = new LocalStorage(path.join(root, 'data'), scratch);
  await Promise.all(Array.from({ length: 8 }, () => storage.put('storage/default/same.bin', source)));
  t.deepEqual(fs.readdirSync(path.join(root, 'data/storage/default')), ['same.bin']);
  t.deepEqual(fs.readFileSync(path.join(root, 'data/storage/default/same.bin')), fs.readFileSync(source));
});
