import { execFileSync } from 'node:child_process';
import path from 'node:path';
import test from 'ava';
import { buildIfNeededLocked } from '../helpers/build.ts';
import { PACKAGE_LOOKUP } from '../../src/server/importFile.ts';

// The server imports a page build from disk with Node's own loader (the terminal's new build; every build in a
// process without tsx), which takes neither a folder nor a file without its extension for a module, as some
// packages the pages use name theirs. importFile.ts registers a lookup for those first.

const SERVER_SIDE = path.resolve(import.meta.dirname, '../../dist/server');

/** Imports every module of a folder in a plain Node process, with or without the lookup; prints each that fails. */
const IMPORT_ALL = `
import fs from 'node:fs';
import { register } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
const [dir, lookup] = process.argv.slice(1);
if (lookup) register('data:text/javascript,' + encodeURIComponent(lookup));
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

function importAll(lookup: string): string[] {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', IMPORT_ALL, SERVER_SIDE, lookup], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
  return JSON.parse(out.trim().split('\n').pop()!) as string[];
}

test('every module of the page build’s server side imports under Node’s own loader with the lookup, and not without it', async (t) => {
  t.timeout(300_000);
  await buildIfNeededLocked('pages');
  t.deepEqual(importAll(PACKAGE_LOOKUP), []);
  // Without it the admin's modules fail: the lookup is what makes them load, not a build that needs none.
  t.true(importAll('').some((failure) => failure.includes('admin')));
});
