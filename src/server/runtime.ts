import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import sea from 'node:sea';
import vm from 'node:vm';

/** Native addons the server loads; the bundle routes their loaders here (scripts/bundle.ts). */
export type AddonName = 'better_sqlite3' | 'skia';

/** What scripts/bundle.ts writes into the bundle; absent when the sources run through tsx. */
export interface BundleInfo {
  version: string;
  /** Digest of the bundle's inputs: names the single executable's unpacked files. */
  buildId: string;
  /** Addon files relative to the repository root, for the bundle run by `npm start`. */
  addons: Record<AddonName, string>;
}

declare const PORTAL_BUNDLE: BundleInfo | undefined;

const bundle: BundleInfo | null = typeof PORTAL_BUNDLE === 'undefined' ? null : PORTAL_BUNDLE;

/** How this process runs: sources through tsx (development, tests), the compiled bundle, or the single executable. */
export const runMode: 'source' | 'bundle' | 'sea' = !bundle ? 'source' : sea.isSea() ? 'sea' : 'bundle';

// The sources live in src/server and the bundle in dist/portal: both two levels below the repository root.
// (The bundler defines import.meta.dirname as the bundle's folder.)
const CODE_ROOT = path.resolve(import.meta.dirname, '../..');

/** Root of the repository (sources and bundle) or, for the single executable, the working directory. */
export const installRoot = runMode === 'sea' ? process.cwd() : CODE_ROOT;

function sourceVersion(): string {
  return (JSON.parse(fs.readFileSync(path.join(CODE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

/** The portal's version (package.json), for /healthz and backup manifests. */
export const version = bundle?.version ?? sourceVersion();

/** The empty database beside the bundle, every migration of its build applied (scripts/newDatabase.ts). */
export const NEW_DATABASE_FILE = 'new-database.sqlite';

/**
 * Where a new SQLite database may be copied from: the bundle's build wrote it with its own migrations. None
 * for the sources, whose migrations may be newer than any build, nor for the single executable.
 */
export function newDatabaseTemplate(): string | null {
  return runMode === 'bundle' ? path.join(import.meta.dirname, NEW_DATABASE_FILE) : null;
}

/** Files the server reads at run time besides its code. */
export interface RuntimeFiles {
  /** The browser build: dist/client. */
  clientDir: string;
  captchaFont: string;
  addon(name: AddonName): string;
}

const SEA_MANIFEST = 'files.json';
let unpackedDir: string | null = null;

function repositoryFiles(): RuntimeFiles {
  return {
    clientDir: path.join(CODE_ROOT, 'dist/client'),
    captchaFont: path.join(CODE_ROOT, 'src/server/assets/fonts/captcha-sc.otf'),
    addon(name) {
      if (!bundle) throw new Error('Native addons are loaded through their packages when running the sources');
      return path.join(CODE_ROOT, bundle.addons[name]);
    },
  };
}

function unpackedFiles(dir: string): RuntimeFiles {
  return {
    clientDir: path.join(dir, 'client'),
    captchaFont: path.join(dir, 'captcha-sc.otf'),
    addon: (name) => path.join(dir, `${name}.node`),
  };
}

/** Where the files are: in the repository, or where the single executable unpacked them (see unpackSea). */
export function runtimeFiles(): RuntimeFiles {
  if (runMode !== 'sea') return repositoryFiles();
  if (!unpackedDir) throw new Error('unpackSea() must run before the single executable reads its files');
  return unpackedFiles(unpackedDir);
}

/**
 * The single executable carries the browser build, the captcha font and the native addons as assets. A
 * native addon can only be loaded from a file, and the static file server wants files too, so they are
 * written once per build below DATA_DIR/.runtime/<buildId> (older builds' folders are removed).
 */
export function unpackSea(dataDir: string): void {
  if (runMode !== 'sea' || unpackedDir) return;
  const parent = path.join(dataDir, '.runtime');
  const dir = path.join(parent, bundle!.buildId);
  const done = path.join(dir, '.complete');
  if (!fs.existsSync(done)) {
    const staging = `${dir}.${process.pid}.tmp`;
    fs.rmSync(staging, { recursive: true, force: true });
    const names = JSON.parse(sea.getAsset(SEA_MANIFEST, 'utf8')) as string[];
    for (const name of names) {
      const file = path.join(staging, name);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, new Uint8Array(sea.getRawAsset(name) as ArrayBuffer));
    }
    fs.writeFileSync(path.join(staging, '.complete'), '');
    fs.rmSync(dir, { recursive: true, force: true });
    fs.renameSync(staging, dir);
  }
  for (const entry of fs.readdirSync(parent)) {
    if (entry !== bundle!.buildId && !entry.endsWith('.tmp')) fs.rmSync(path.join(parent, entry), { recursive: true, force: true });
  }
  unpackedDir = dir;
}

const addons = new Map<AddonName, unknown>();

/** Loads a native addon from its file (the documented way for bundles and single executables). */
export function loadAddon(name: AddonName): unknown {
  let exports = addons.get(name);
  if (!exports) {
    const module = { exports: {} };
    process.dlopen(module, runtimeFiles().addon(name));
    exports = module.exports;
    addons.set(name, exports);
  }
  return exports;
}

/** The single executable's asset with the bucket driver's SDK (`npm run package` bundles it; no node_modules there). */
export const STORAGE_SDK_ASSET = 'storage-sdk.cjs';

/** Runs a CommonJS bundle the single executable carries as an asset, needing only Node's own modules, and gives its exports. */
export function embeddedModule(asset: string): unknown {
  const module = { exports: {} };
  const run = vm.compileFunction(sea.getAsset(asset, 'utf8'), ['module', 'exports', 'require', '__filename', '__dirname'], { filename: asset });
  run(module, module.exports, createRequire(process.execPath), process.execPath, path.dirname(process.execPath));
  return module.exports;
}

/** The folder beside the bundle with the packages bundled apart (scripts/bundle.ts LAZY_PACKAGES), and their asset prefix. */
export const LAZY_FOLDER = 'lazy';

/** The file of one package bundled apart: its name with a scope's slash made a file name's. */
export const lazyFileName = (name: string): string => `${name.replace('/', '+')}.cjs`;

const lazyPackages = new Map<string, Record<string, unknown>>();

/**
 * A package the bundle keeps in a file of its own (scripts/bundle.ts says which and why), read when a module
 * importing it first runs: an object of the specifiers the bundle imports, each the module it names.
 */
export function lazyPackage(name: string): Record<string, unknown> {
  let exports = lazyPackages.get(name);
  if (!exports) {
    const file = `${LAZY_FOLDER}/${lazyFileName(name)}`;
    exports = (runMode === 'sea' ? embeddedModule(file) : createRequire(import.meta.dirname)(path.join(import.meta.dirname, file))) as Record<string, unknown>;
    lazyPackages.set(name, exports);
  }
  return exports;
}
