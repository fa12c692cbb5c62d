import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import { buildIfNeededLocked } from '../helpers/build.ts';

// The server imports a page build from disk with Node's own loader (the terminal's new build; every build in a
// process without tsx), which takes neither a folder nor a file without its extension for a module, as
// react-bootstrap and the packages under it name theirs: the build carries those packages in (vite.config.ts).

const SERVER_SIDE = path.resolve(import.meta.dirname, '../../dist/server');

/** Imports every module of a folder in a plain Node process; prints each that fails. */
const IMPORT_ALL = `
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
const [dir] = process.argv.slice(1);
const failed = [];
for (const file of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => /\\.m?js$/.test(f)).sort()) {
  try {
    await import(pathToFileURL(path.join(dir, file)).href);
  } catch (error) {
    failed.push(file + ': ' + String(error.message).split('\\n')[0]);
  }
}
console.log(JSON.stringify(failed));
`;

function importAll(): string[] {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', IMPORT_ALL, SERVER_SIDE], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
  return JSON.parse(out.trim().split('\n').pop()!) as string[];
}

test('every module of the page build’s server side imports under Node’s own loader', async (t) => {
  t.timeout(300_000);
  await buildIfNeededLocked('pages');
  t.deepEqual(importAll(), []);
});

test('the packages the page build carries in are their ES modules: none reaches React through require', async (t) => {
  await buildIfNeededLocked('pages');
  // A CommonJS package built in asks for React with a require() made from import.meta.url, which in the server
  // bundle (CommonJS, no import.meta) fails, or loads node_modules' React beside the bundle's own.
  const files = fs.readdirSync(SERVER_SIDE, { recursive: true, encoding: 'utf8' }).filter((f) => /\.m?js$/.test(f));
  t.true(files.length > 10);
  t.deepEqual(files.filter((f) => fs.readFileSync(path.join(SERVER_SIDE, f), 'utf8').includes('createRequire(import.meta.url)')), []);
});
