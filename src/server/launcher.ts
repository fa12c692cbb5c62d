import './heapFlags.ts';
import fs from 'node:fs';
import Module from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { codeCacheWanted } from './codeCache.ts';
import { IMPORT_HOOK } from './importFile.ts';

// What `npm start` runs (bundled to dist/portal/start.cjs beside server.cjs): it runs the server bundle with
// V8's code cache. Compiling the 5 MB bundle is the largest single cost of a cold start (about 130 ms on a quiet
// machine, several times that on a busy one); with the cache it takes a few tens of milliseconds. The
// cache is written by the build (scripts/codeCache.ts), and again by a start that finds none it can use (V8
// rejects a cache made by another Node version or with other flags than the heap sizes, which heapFlags.ts
// sets aside), unless that start upgraded the database or ran a command instead of the server (codeCache.ts);
// a read-only installation simply starts without it.

const CACHE_AFTER_MS = 5_000;

const bundleFile = path.join(__dirname, 'server.cjs');
const cacheFile = `${bundleFile}.cache`;

function readCache(): Buffer | undefined {
  try {
    return fs.readFileSync(cacheFile);
  } catch {
    return undefined;
  }
}

/**
 * Written once the server has started, so the functions compiled while starting are in the cache too, or as it
 * stops cleanly before then (the build's own start, scripts/codeCache.ts, stops at its first page).
 */
function writeCache(script: vm.Script): void {
  let done = false;
  const write = () => {
    if (done || !codeCacheWanted()) return;
    done = true;
    const temp = `${cacheFile}.${process.pid}`;
    try {
      fs.writeFileSync(temp, script.createCachedData());
      fs.renameSync(temp, cacheFile);
    } catch {
      fs.rmSync(temp, { force: true });
    }
  };
  setTimeout(write, CACHE_AFTER_MS).unref();
  process.once('exit', (code) => {
    if (code === 0) write();
  });
}

const cached = readCache();
// The bundle is ASCII (scripts/bundle.ts escapes the rest), where Latin-1 reads the same text without UTF-8's
// decoding pass over 5 MB.
const script = new vm.Script(Module.wrap(fs.readFileSync(bundleFile, 'latin1')), { filename: bundleFile, cachedData: cached });
if (!cached || script.cachedDataRejected) writeCache(script);
// V8 has read the cache; its 3.4 MB would otherwise stay resident until a full GC, which an idle server may not
// run for hours. Transferring the buffer's memory to a clone nothing keeps frees it at the next minor GC.
if (cached) structuredClone(cached.buffer, { transfer: [cached.buffer] });

// Compiled the ordinary way, this import() works where the bundle's own does not: code run by vm.Script has
// no module loader (Node 20's option for one is experimental and is lost with a code cache). See importFile.ts.
(globalThis as { [IMPORT_HOOK]?: (url: string) => Promise<unknown> })[IMPORT_HOOK] = (url) => import(url);

const bundle = new Module(bundleFile, module);
bundle.filename = bundleFile;
bundle.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(__dirname);
const run = script.runInThisContext() as (exports: unknown, require: NodeJS.Require, module: Module, filename: string, dirname: string) => void;
run.call(bundle.exports, bundle.exports, Module.createRequire(bundleFile), bundle, bundleFile, __dirname);
bundle.loaded = true;
