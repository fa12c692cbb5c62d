import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { staticModuleFolders } from './bundle.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
/** Where the bundled test files go: dist/tests/test/<kind>/<name>.test.js, with their shared code in chunks. */
export const TEST_BUNDLE_DIR = path.join(ROOT, 'dist/tests');
/** ava's settings for the bundled files (package.json's run the sources through tsx). */
export const BUNDLED_AVA_CONFIG = path.join(ROOT, 'test/ava.bundled.config.mjs');

const META = /\bimport\.meta\.(dirname|filename|url)\b/g;

/**
 * Our sources keep their own location: `import.meta.dirname` and the like become the source file's, so paths
 * built from them (the root, the locales, fixtures) are what they are when tsx runs the file.
 */
function ownLocation(file: string, source: string): string {
  const own = { dirname: path.dirname(file), filename: file, url: pathToFileURL(file).href };
  return source.replace(META, (_, key: keyof typeof own) => JSON.stringify(own[key]));
}

/**
 * Packages load from node_modules as they are; their JSON files are bundled, since esbuild would drop the
 * `with { type: 'json' }` Node needs to import them.
 */
const testPlugin: esbuild.Plugin = {
  name: 'tests',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.endsWith('.json') ? undefined : { external: true }));
    staticModuleFolders(build);
    build.onLoad({ filter: /\.tsx?$/ }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      return { contents: ownLocation(args.path, fs.readFileSync(args.path, 'utf8')), loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};

/**
 * Bundles every test file for `npm test`. Run through tsx, each of the some 280 test processes of a run
 * resolves and compiles about 600 modules through the loader's thread: 2.9 s of CPU before its first test.
 * Bundled with shared chunks it starts in 1.3 s, on a machine whose two cores the run keeps busy throughout.
 * The code is the same; only its packaging differs, as it does for the server bundle `npm start` runs.
 */
export async function bundleTests(): Promise<void> {
  const entryPoints = fs
    .readdirSync(path.join(ROOT, 'test'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => path.join(ROOT, 'test', f));
  fs.rmSync(TEST_BUNDLE_DIR, { recursive: true, force: true });
  await esbuild.build({
    entryPoints,
    outbase: ROOT,
    outdir: TEST_BUNDLE_DIR,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    jsx: 'automatic',
    sourcemap: 'linked',
    plugins: [testPlugin],
    logLevel: 'warning',
  });
}
