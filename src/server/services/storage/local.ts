import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { ScratchSpace } from '../scratch.ts';
import { ObjectMissing, type ListedObject, type ObjectInfo, type ObjectStorage } from './types.ts';

/** Files in a folder (DATA_DIR): the key is the path below it. */
export class LocalStorage implements ObjectStorage {
  readonly name = 'local';
  readonly publicUrl = '';
  readonly origins: readonly string[] = [];

  constructor(
    readonly root: string,
    private readonly scratch: ScratchSpace,
  ) {}

  /** The file of a key, or null when the key would leave the folder. */
  fileOf(key: string): string | null {
    if (!key || key.startsWith('/') || /[\\\u0000-\u001f]/.test(key)) return null;
    const full = path.resolve(this.root, key);
    return full.startsWith(this.root + path.sep) ? full : null;
  }

  private required(key: string): string {
    const file = this.fileOf(key);
    if (!file) throw new ObjectMissing(key);
    return file;
  }

  locationOf(key: string): string {
    return this.fileOf(key) ?? this.root;
  }

  async put(key: string, file: string): Promise<void> {
    const target = this.required(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    // Copied next to the target, then renamed: a reader never sees half a file. A name of its own per write:
    // two uploads of the same file at once store it under the same key, and must not share their copy. The
    // process notes the copy while it lasts, so that the next sweep deletes it if the process is killed.
    const partial = `${target}.${randomUUID()}.partial`;
    await this.scratch.noting({ partial: path.relative(this.root, partial) }, async () => {
      try {
        await fsp.copyFile(file, partial);
        await fsp.rename(partial, target);
      } catch (err) {
        await fsp.rm(partial, { force: true });
        throw err;
      }
    });
  }

  async head(key: string): Promise<ObjectInfo | null> {
    const file = this.fileOf(key);
    if (!file) return null;
    const stat = await fsp.stat(file).catch(() => null);
    return stat?.isFile() ? { size: stat.size, contentType: 'application/octet-stream' } : null;
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const file = this.required(key);
    if (!(await this.head(key))) throw new ObjectMissing(key);
    return createReadStream(file, range);
  }

  /** Deletes the file, then each folder it leaves empty, up to the key's top folder (storage/, backups/), which stays. */
  async remove(key: string): Promise<void> {
    const file = this.fileOf(key);
    if (!file) return;
    await fsp.rm(file, { force: true });
    for (let dir = path.dirname(file); path.dirname(dir).startsWith(this.root + path.sep); dir = path.dirname(dir)) {
      if ((await fsp.readdir(dir).catch(() => ['?'])).length > 0) break;
      await fsp.rmdir(dir).catch(() => undefined);
    }
  }

  async list(prefix: string): Promise<ListedObject[]> {
    const dir = this.fileOf(prefix.replace(/\/+$/, '')) ?? this.root;
    const entries = await fsp.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
    const files = entries.filter((e) => e.isFile());
    const listed = await Promise.all(
      files.map(async (e) => {
        const full = path.join(e.parentPath, e.name);
        return { key: path.relative(this.root, full).split(path.sep).join('/'), size: (await fsp.stat(full)).size };
      }),
    );
    return listed.filter((o) => o.key.startsWith(prefix)).sort((a, b) => a.key.localeCompare(b.key));
  }

  async signedUrl(): Promise<null> {
    return null;
  }

  async directUpload(): Promise<null> {
    return null;
  }
}
