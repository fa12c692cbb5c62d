import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { staticModuleFolders } from './bundle.ts';
import { LONGEST } from '../test/ava.bundled.config.mjs';

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
 * The folders of test/ whose files share processes in groups, and how many files a group holds; the others
 * (process, multiprocess) run one file each. A group of 12 API files took 23 s of CPU against 45 s one process
 * each. A browser file's tests mostly wait on its pages, so its groups are smaller: a group runs its files one
 * after another, and a long one must not be left running alone at the stage's end.
 */
const GROUP_SIZES: Readonly<Record<string, number>> = { unit: 10, api: 10, browser: 4 };
/**
 * What in a file's own code makes it run in a process of its own: it replaces something the whole process
 * sees while its tests run (a global's member, an environment variable, standard output), or it has hooks
 * around each test, which would wrap a group's other tests too.
 */
const CHANGES_THE_PROCESS = /\b(?:(?:globalThis|process|console|Date|Math)(?:\.\w+)+|process\.env\[[^\]]+\])\s*=(?!=)|\.(?:beforeEach|afterEach)\b/;
/** The terminal's test helper: files that use it run alone, since it puts its command stand-ins on the process's PATH. */
const USES_THE_TERMINAL_HELPER = /from '\.\.\/helpers\/terminal\.ts'/;
/** The longest files (the ava settings' list) run alone too: a group would only make them longer still. */
const ALONE = new Set(LONGEST.map((name) => `${name}.test.ts`));

/** An entry of the test bundle: a source file or a group's, and its output's path under dist/tests without `.js`. */
interface TestEntry {
  in: string;
  out: string;
}

/** Which files of test/ a group runs, as `npm test` reports them: a failure in a group is found by its title. */
export interface TestGroup {
  name: string;
  files: string[];
}

/**
 * Entries for the test files, and the groups: in the grouped folders, files that may share a process are
 * joined, at most GROUP_SIZES[folder] at a time in path order, by an entry that imports them. A test file's process
 * spent about 1.8 s of CPU loading the bundle's modules before its first test, and the API tests alone ran
 * 160 such processes a run (both databases). ava runs a group's files as one: their hooks and tests together,
 * so their titles must differ (ava stops a group whose titles repeat, which fails the run).
 */
function testEntries(files: readonly string[], groupDir: string): { entries: TestEntry[]; groups: TestGroup[] } {
  const entries: TestEntry[] = [];
  const groups: TestGroup[] = [];
  const joined = new Map<string, string[]>();
  for (const file of files) {
    const relative = path.relative(path.join(ROOT, 'test'), file).split(path.sep).join('/');
    const folder = relative.split('/')[0]!;
    const source = fs.readFileSync(file, 'utf8');
    const alone = !(folder in GROUP_SIZES) || ALONE.has(relative) || CHANGES_THE_PROCESS.test(source) || USES_THE_TERMINAL_HELPER.test(source);
    if (alone) entries.push({ in: file, out: `test/${relative.replace(/\.ts$/, '')}` });
    else joined.set(folder, [...(joined.get(folder) ?? []), file]);
  }
  for (const [folder, members] of joined) {
    const count = Math.ceil(members.length / GROUP_SIZES[folder]!);
    for (let i = 0; i < count; i++) {
      const part = members.slice(Math.round((i * members.length) / count), Math.round(((i + 1) * members.length) / count));
      const name = `${folder}/group-${String(i + 1).padStart(2, '0')}`;
      const entry = path.join(groupDir, `${name}.test.ts`);
      fs.mkdirSync(path.dirname(entry), { recursive: true });
      fs.writeFileSync(entry, part.map((member) => `import ${JSON.stringify(member)};\n`).join(''));
      entries.push({ in: entry, out: `test/${name}.test` });
      groups.push({ name, files: part.map((member) => path.relative(ROOT, member)) });
    }
  }
  return { entries, groups };
}

/**
 * Bundles every test file for `npm test`. Run through tsx, each test process of a run resolves and compiles
 * about 600 modules through the loader's thread: 2.9 s of CPU before its first test.
 * Bundled with shared chunks it starts in 1.3 s, on a machine whose two cores the run keeps busy throughout.
 * The code is the same; only its packaging differs, as it does for the server bundle `npm start` runs.
 */
export async function bundleTests(): Promise<TestGroup[]> {
  const files = fs
    .readdirSync(path.join(ROOT, 'test'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .sort()
    .map((f) => path.join(ROOT, 'test', f));
  fs.rmSync(TEST_BUNDLE_DIR, { recursive: true, force: true });
  const groupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-groups-'));
  try {
    const { entries, groups } = testEntries(files, groupDir);
    await bundle(entries);
    return groups;
  } finally {
    fs.rmSync(groupDir, { recursive: true, force: true });
  }
}

async function bundle(entryPoints: TestEntry[]): Promise<void> {
  await esbuild.build({
    entryPoints,
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
