import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { inject } from 'postject';
import { SERVER_STAMP, buildIfNeeded } from './build.ts';
import { BUNDLE_FILE, LAZY_DIR, STORAGE_SDK, addonFiles } from './bundle.ts';
import { LAZY_FOLDER, STORAGE_SDK_ASSET } from '../src/server/runtime.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const WORK = path.join(ROOT, 'dist/sea');
/** The executable `npm run package` makes. */
export const EXECUTABLE = path.join(ROOT, 'dist', process.platform === 'win32' ? 'canal-portal.exe' : 'canal-portal');
/** Node's marker for the blob of a single executable application (documented with postject). */
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

function* files(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * The assets runtime.ts unpacks: the browser build, the captcha font and the native addons, each under the
 * name it gets in the unpacked folder, plus `files.json` listing them.
 */
function assets(): Record<string, string> {
  const client = path.join(ROOT, 'dist/client');
  const list: Record<string, string> = {};
  for (const file of files(client)) list[`client/${path.relative(client, file).split(path.sep).join('/')}`] = file;
  list['captcha-sc.otf'] = path.join(ROOT, 'src/server/assets/fonts/captcha-sc.otf');
  for (const [name, rel] of Object.entries(addonFiles())) list[`${name}.node`] = path.join(ROOT, rel);
  const manifest = path.join(WORK, 'files.json');
  fs.writeFileSync(manifest, JSON.stringify(Object.keys(list)));
  return { 'files.json': manifest, ...list };
}

/** The packages the bundle loads from files of their own (runtime.ts lazyPackage), run from the assets like the SDK. */
function lazyPackageAssets(): Record<string, string> {
  const names = fs.readdirSync(LAZY_DIR).filter((f) => f.endsWith('.cjs'));
  return Object.fromEntries(names.map((f) => [`${LAZY_FOLDER}/${f}`, path.join(LAZY_DIR, f)]));
}

/**
 * The bucket driver's SDK as one CommonJS file, its packages under their names (src/server/services/storage/sdk.ts):
 * the server bundle leaves them to node_modules, which the executable does not have. It is run only with
 * UPLOAD_MODE=s3, so it stays out of the unpacked files.
 */
async function bundleStorageSdk(file: string): Promise<void> {
  await esbuild.build({
    stdin: { contents: `module.exports = {${STORAGE_SDK.map((name) => `${JSON.stringify(name)}: require(${JSON.stringify(name)})`).join(', ')}};`, resolveDir: ROOT, loader: 'js' },
    outfile: file,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
}

/**
 * `npm run package`: one executable file with the whole portal (Node's single executable applications): the
 * server bundle as its script, everything else it reads as assets. Run it with a data directory only:
 * `DATA_DIR=/srv/canal ./canal-portal`.
 */
export async function packageExecutable(): Promise<string> {
  await buildIfNeeded();
  // The same bundle (which covers the pages too) on the same Node makes the same executable.
  const stamp = path.join(ROOT, 'dist/.package-stamp');
  const wanted = `${fs.readFileSync(SERVER_STAMP, 'utf8')} ${process.version} ${process.platform}-${process.arch}`;
  if (fs.existsSync(EXECUTABLE) && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === wanted) return EXECUTABLE;
  fs.rmSync(WORK, { recursive: true, force: true });
  fs.mkdirSync(WORK, { recursive: true });
  const blob = path.join(WORK, 'sea-prep.blob');
  const storageSdkFile = path.join(WORK, STORAGE_SDK_ASSET);
  await bundleStorageSdk(storageSdkFile);
  const config = {
    main: BUNDLE_FILE,
    output: blob,
    disableExperimentalSEAWarning: true,
    // V8's compiled code of the bundle travels along: the first start skips most of the parsing.
    useCodeCache: true,
    assets: { ...assets(), ...lazyPackageAssets(), [STORAGE_SDK_ASSET]: storageSdkFile },
  };
  const configFile = path.join(WORK, 'sea-config.json');
  fs.writeFileSync(configFile, JSON.stringify(config, null, 2));
  const made = spawnSync(process.execPath, ['--experimental-sea-config', configFile], { cwd: ROOT, encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`node --experimental-sea-config failed:\n${made.stdout}${made.stderr}`);

  const tmp = `${EXECUTABLE}.tmp`;
  fs.copyFileSync(process.execPath, tmp);
  fs.chmodSync(tmp, 0o755);
  await inject(tmp, 'NODE_SEA_BLOB', fs.readFileSync(blob), {
    sentinelFuse: SEA_FUSE,
    ...(process.platform === 'darwin' ? { machoSegmentName: 'NODE_SEA' } : {}),
  });
  fs.renameSync(tmp, EXECUTABLE);
  fs.writeFileSync(stamp, wanted);
  return EXECUTABLE;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const file = await packageExecutable();
  const mib = (fs.statSync(file).size / 1024 / 1024).toFixed(1);
  console.log(`Single executable: ${path.relative(process.cwd(), file)} (${mib} MB). Run it with DATA_DIR=<folder> ./${path.basename(file)}`);
}
