import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';

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
  // Different versions of one package stay apart (mime-types 3 for Koa, 2 for accepts): each keeps its code.
  t.true([...copies.keys()].some((key) => key.startsWith('mime-types@3')) && [...copies.keys()].some((key) => key.startsWith('mime-types@2')));
  t.deepEqual(
    [...copies].filter(([, dirs]) => dirs.length > 1),
    [],
  );
});
