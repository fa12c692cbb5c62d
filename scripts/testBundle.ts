import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { staticModuleFolders } from './bundle.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
/** Where the bundled test files go: dist/tests/test/<kind>/<name>.test.js, with their shared code in chunks. */
const TEST_BUNDLE_DIR = path.join(ROOT, 'dist/tests');
/** ava's settings for the bundled files (package.json's run the sources through tsx). */
export const BUNDLED_AVA_CONFIG = path.join(ROOT, 'test/ava.bundled.config.mjs');

const TSCONFIG = fs.readFileSync(path.join(ROOT, 'tsconfig.json'), 'utf8');

/**
 * Our sources keep their own location: `import.meta.dirname` and the like become the source file's, so paths
 * built from them (the root, the locales, fixtures) are what they are when tsx runs the file. esbuild's define
 * replaces them in the code only, never in a string that names them.
 */
async function ownLocation(file: string): Promise<esbuild.OnLoadResult> {
  const { code } = await esbuild.transform(await fs.promises.readFile(file, 'utf8'), {
    loader: file.endsWith('x') ? 'tsx' : 'ts',
    sourcefile: file,
    sourcemap: 'inline',
    tsconfigRaw: TSCONFIG,
    define: {
      'import.meta.dirname': JSON.stringify(path.dirname(file)),
      'import.meta.filename': JSON.stringify(file),
      'import.meta.url': JSON.stringify(pathToFileURL(file).href),
    },
  });
  return { contents: code, loader: 'js' };
}

/**
 * Whether Node's own loader finds this import of a package: through the package's exports map, or as a file
 * named with its extension. tsx also finds a file or folder without one ('react-bootstrap/Dropdown'); Node
 * does not, so such an import is bundled instead.
 */
function nodeFinds(specifier: string, importer: string): boolean {
  const [, name, subpath] = /^((?:@[^/]+\/)?[^/]+)(\/.*)?$/.exec(specifier) ?? [];
  if (!name || !subpath || /\.[cm]?js$/.test(subpath)) return true;
  let manifest: string;
  try {
    manifest = createRequire(importer).resolve(`${name}/package.json`);
  } catch {
    return true; // An exports map that does not list package.json: Node resolves through it.
  }
  return (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { exports?: unknown }).exports !== undefined;
}

/**
 * Packages load from node_modules as they are, except what Node's loader would not find; their JSON files are
 * bundled, since esbuild would drop the `with { type: 'json' }` Node needs to import them.
 */
const testPlugin: esbuild.Plugin = {
  name: 'tests',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.endsWith('.json') || !nodeFinds(args.path, args.importer) ? undefined : { external: true }));
    staticModuleFolders(build);
    build.onLoad({ filter: /\.tsx?$/ }, (args) => (args.path.includes(`${path.sep}node_modules${path.sep}`) ? undefined : ownLocation(args.path)));
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
    sourcemap: 'linked',
    plugins: [testPlugin],
    logLevel: 'warning',
  });
}
