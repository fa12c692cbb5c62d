import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

// What a page build is made from and how a build says which sources it was made from: shared by the build
// script (scripts/build.ts) and the terminal's web-build, which builds into a fresh folder and stamps it.

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Everything the browser and SSR bundles are built from. */
export const PAGE_INPUTS = ['src/pages', 'src/islands', 'src/components', 'src/shared', 'src/resources', 'src/locales', 'src/styles', 'public', 'vite.config.ts', 'scripts/iconStyles.ts', 'scripts/purgeCss.ts', 'scripts/sassOptions.ts', 'scripts/translationShims.ts', 'scripts/wechatShareScript.ts', 'scripts/preactInBrowser.ts', 'package-lock.json'];
/** Written into a finished page build: the fingerprint of the sources it was built from. */
export const STAMP_FILE = '.build-stamp';
/** Tells vite.config.ts where to build, relative to the project (the terminal's web-build picks a fresh folder). */
export const OUT_DIR_ENV = 'BUILD_OUT_DIR';

/**
 * Vike compiles each `+config.ts`/`+route.ts` to a `<name>.build-<hash>.mjs` beside it for a moment while it
 * builds. Counted, a build running elsewhere (the terminal's web-build) would change the fingerprint, and
 * everyone checking it then would rebuild dist/ under the servers using it.
 */
const TRANSIENT = /\.build-[0-9a-f]+\.mjs$/;

function* files(p: string): Generator<string> {
  if (TRANSIENT.test(p) || !fs.existsSync(p)) return;
  if (fs.statSync(p).isDirectory()) {
    for (const entry of fs.readdirSync(p).sort()) yield* files(path.join(p, entry));
  } else {
    yield p;
  }
}

/** A digest of the named inputs' names and contents. */
export function fingerprint(inputs: readonly string[] = PAGE_INPUTS): string {
  const hash = createHash('sha1');
  for (const input of inputs) {
    for (const file of files(path.join(ROOT, input))) {
      hash.update(path.relative(ROOT, file));
      hash.update(fs.readFileSync(file));
    }
  }
  return hash.digest('hex');
}
