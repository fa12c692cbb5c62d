import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import { DATABASE_NAME, FILES_PREFIX, MANIFEST_NAME, type FileEntry } from './manifest.ts';

/** Passes bytes through while hashing and counting them. */
function hasher(): Transform & { result(): { bytes: number; sha256: string } } {
  const hash = crypto.createHash('sha256');
  let bytes = 0;
  const t = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return Object.assign(t, { result: () => ({ bytes, sha256: hash.digest('hex') }) });
}

/** Every regular file below `dir`, as paths relative to it with forward slashes. */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.promises.readdir(dir, { recursive: true, withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/** Streams one file into the archive, hashing it on the way; a file that grew meanwhile is cut at its listed size. */
async function addFile(pack: tar.Pack, name: string, file: string): Promise<FileEntry> {
  const stat = await fs.promises.stat(file);
  const hash = crypto.createHash('sha256');
  const header = { name, size: stat.size, mtime: stat.mtime, mode: 0o644 };
  if (stat.size === 0) {
    pack.entry(header, Buffer.alloc(0));
    return { path: name, bytes: 0, sha256: hash.digest('hex') };
  }
  await new Promise<void>((resolve, reject) => {
    const entry = pack.entry(header, (err) => (err ? reject(err) : resolve()));
    const input = fs.createReadStream(file, { end: stat.size - 1 });
    input.on('data', (chunk) => {
      hash.update(chunk);
      if (!entry.write(chunk)) {
        input.pause();
        entry.once('drain', () => input.resume());
      }
    });
    input.on('end', () => entry.end(Buffer.alloc(0)));
    input.on('error', (err) => {
      entry.destroy(err);
      reject(err);
    });
  });
  return { path: name, bytes: stat.size, sha256: hash.digest('hex') };
}

/**
 * Writes a gzipped tar: the database copy, every file of the uploads folder, and last the manifest, which is
 * built from what was actually written (checksums computed while streaming).
 */
export async function writeArchive(
  out: string,
  database: string,
  storageDir: string,
  manifest: (entries: { database: FileEntry; files: FileEntry[] }) => object,
): Promise<void> {
  const pack = tar.pack();
  const written = pipeline(pack, zlib.createGzip({ level: 6 }), fs.createWriteStream(out));
  // Settled below through `written`; this keeps an early failure from counting as unhandled meanwhile.
  written.catch(() => undefined);
  try {
    const db = await addFile(pack, DATABASE_NAME, database);
    const files: FileEntry[] = [];
    for (const rel of await listFiles(storageDir)) {
      const file = path.join(storageDir, rel);
      // An upload removed since the listing is simply not in this backup.
      if (!fs.existsSync(file)) continue;
      files.push(await addFile(pack, FILES_PREFIX + rel, file));
    }
    pack.entry({ name: MANIFEST_NAME, mode: 0o644 }, JSON.stringify(manifest({ database: db, files }), null, 2));
    pack.finalize();
  } catch (err) {
    pack.destroy(err as Error);
  }
  await written;
}

export class ArchiveError extends Error {
  constructor(readonly reason: 'unreadable' | 'badEntry') {
    super(reason);
  }
}

/** A relative path inside the archive that cannot escape the folder it is extracted to. */
function safeEntryName(name: string): string | null {
  const normalized = path.posix.normalize(name);
  if (normalized !== name || name.startsWith('/') || name.split('/').includes('..') || /[\\\u0000-\u001f]/.test(name)) return null;
  return name === DATABASE_NAME || name === MANIFEST_NAME || (name.startsWith(FILES_PREFIX) && name.length > FILES_PREFIX.length) ? name : null;
}

/**
 * Extracts an archive into `dir` (which must be empty), hashing every file as it is written. Only the
 * database, the manifest and files below storage/ are accepted; links, devices, repeated names or paths
 * leaving the folder make the whole archive unacceptable.
 */
export async function extractArchive(input: Readable, dir: string): Promise<Map<string, { bytes: number; sha256: string }>> {
  const seen = new Map<string, { bytes: number; sha256: string }>();
  const extract = tar.extract();
  const gunzip = zlib.createGunzip();
  // The entry being written waits for bytes that will never come: end it too, or its pipeline hangs.
  let failure: Error | null = null;
  let current: { destroy(err: Error): void } | null = null;
  const fail = (err: Error) => {
    failure ??= err;
    current?.destroy(err);
    extract.destroy(err);
  };
  input.on('error', fail);
  gunzip.on('error', fail);
  input.pipe(gunzip).pipe(extract);
  try {
    for await (const entry of extract) {
      const { header } = entry;
      if (header.type === 'directory') {
        entry.resume();
        continue;
      }
      const name = header.type === 'file' ? safeEntryName(header.name) : null;
      if (!name || seen.has(name)) throw new ArchiveError('badEntry');
      const target = path.join(dir, name);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const h = hasher();
      current = entry;
      if (failure) throw failure;
      await pipeline(entry, h, fs.createWriteStream(target, { flags: 'wx' }));
      current = null;
      seen.set(name, h.result());
    }
  } catch (err) {
    input.destroy();
    if (err instanceof ArchiveError) throw err;
    throw new ArchiveError('unreadable');
  }
  return seen;
}
