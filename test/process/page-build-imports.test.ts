import { execFileSync } from 'node:child_process';
import path from 'node:path';
import test from 'ava';
import { buildIfNeededLocked } from '../helpers/build.ts';

// The server imports a page build with Node's own loader when the terminal has built a new one (and tests
// import it so), where no TypeScript loader lends a hand: Node takes neither a folder nor a file named without
// its extension for a module, as some packages the pages use name theirs (vite.config.ts builds those in).

const SERVER_SIDE = path.resolve(import.meta.dirname, '../../dist/server');

/** Imports every module of a folder in a plain Node process; prints each that fails, with why. */
const IMPORT_ALL = `
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
const dir = process.argv[1];
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

test('every module of the page build’s server side imports under Node’s own loader', async (t) => {
  t.timeout(300_000);
  await buildIfNeededLocked('pages');
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', IMPORT_ALL, SERVER_SIDE], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
  const failed = JSON.parse(out.trim().split('\n').pop()!) as string[];
  t.deepEqual(failed, []);
});
