import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** A stored archive: its name and size in bytes. */
export interface StoredObject {
  name: string;
  bytes: number;
}

/**
 * Where backup archives are kept. `local` is a folder; other drivers (object storage) implement the same
 * four calls, so the backup service does not care where archives live.
 */
export interface BackupStore {
  list(): Promise<StoredObject[]>;
  /** Takes over a finished archive file (moved or uploaded, then the file is gone). */
  put(name: string, file: string): Promise<void>;
  /** The archive's bytes; rejects with code ENOENT when there is no such archive. */
  read(name: string): Promise<Readable>;
  remove(name: string): Promise<void>;
}

/** Archives in a folder (DATA_DIR/backups by default). Names are checked by the caller. */
export class LocalBackupStore implements BackupStore {
  constructor(readonly dir: string) {}

  async list(): Promise<StoredObject[]> {
    const entries = await fs.promises.readdir(this.dir, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [];
      throw err;
    });
    const files = entries.filter((e) => e.isFile());
    return Promise.all(files.map(async (e) => ({ name: e.name, bytes: (await fs.promises.stat(path.join(this.dir, e.name))).size })));
  }

  async put(name: string, file: string): Promise<void> {
    await fs.promises.mkdir(this.dir, { recursive: true });
    // Written elsewhere under DATA_DIR, so this is a rename: the archive appears whole or not at all.
    await fs.promises.rename(file, path.join(this.dir, name));
  }

  async read(name: string): Promise<Readable> {
    const file = path.join(this.dir, name);
    await fs.promises.access(file);
    return fs.createReadStream(file);
  }

  async remove(name: string): Promise<void> {
    await fs.promises.rm(path.join(this.dir, name), { force: true });
  }
}
