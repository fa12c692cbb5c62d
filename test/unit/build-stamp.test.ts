import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { fingerprint } from '../../src/server/buildStamp.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

test('the build fingerprint follows the sources, not the files Vike writes beside them for a moment while it builds', (t) => {
  const dir = path.join('.test-output', `build-stamp-${process.pid}`);
  const abs = path.join(ROOT, dir);
  fs.mkdirSync(abs, { recursive: true });
  t.teardown(() => fs.rmSync(abs, { recursive: true, force: true }));
  fs.writeFileSync(path.join(abs, '+config.ts'), 'export default {};\n');
  const before = fingerprint([dir]);

  fs.writeFileSync(path.join(abs, '+config.ts.build-ed67ec7675e7.mjs'), 'export default {};\n');
  t.is(fingerprint([dir]), before, 'a build running elsewhere changes nothing');

  fs.writeFileSync(path.join(abs, '+config.ts'), 'export default { ssr: true };\n');
  t.not(fingerprint([dir]), before, 'an edited source does');
});
