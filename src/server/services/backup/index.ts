import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Logger } from 'pino';
import { migrationModules } from '../../moduleFolders.ts';
import { version } from '../../runtime.ts';
import { ArchiveError, extractArchive, writeArchive } from './archive.ts';
import {
  DATABASE_NAME,
  FILES_PREFIX,
  MANIFEST_NAME,
  backupName,
  manifestSchema,
  parseBackupName,
  type BackupKind,
  type BackupListItem,
  type BackupManifest,
} from './manifest.ts';
import { inspectDatabase, replaceDatabase, snapshotDatabase } from './sqlite.ts';
import type { ObjectStorage } from '../storage/index.ts';
import type { ScratchSpace } from '../scratch.ts';

export type RefusalReason =
  | 'postgres'
  | 'busy'
  | 'notFound'
  | 'unreadable'
  | 'badEntry'
  | 'noManifest'
  | 'badManifest'
  | 'checksum'
  | 'missingFile'
  | 'extraFile'
  | 'integrity'
  | 'newerMigration'
  | 'unknownMigration'
  | 'migrationMismatch';

/** A backup or restore that was not done; `reason` is a key of the `backup` catalogue. Nothing was changed. */
export class BackupRefused extends Error {
  constructor(
    readonly reason: RefusalReason,
    readonly params: Record<string, string | number> = {},
  ) {
    super(reason);
  }
}

export interface CheckResult {
  manifest: BackupManifest;
  /** Uploaded files in the archive and their total size. */
  files: number;
  bytes: number;
}

export interface RestoreResult extends CheckResult {
  /** The backup of the state just replaced. */
  safety: BackupListItem;
}

export interface BackupOptions {
  dataDir: string;
  /** SQLite file, or null on PostgreSQL (backed up with the database's own tools). */
  databaseFile: string | null;
  /** Where archives are kept, below BACKUP_PREFIX: DATA_DIR/backups, or the bucket in s3 mode. */
  storage: ObjectStorage;
  /** The process's temporary folder (below DATA_DIR, on the disk of the uploads). */
  scratch: ScratchSpace;
  log: Logger;
  /** How many backups of each automatic kind (daily, pre-restore) to keep. */
  keep: number;
}

/** Key prefix of the archives in the storage. */
export const BACKUP_PREFIX = 'backups/';
const ARCHIVE_TYPE = 'application/gzip';

const AUTOMATIC: readonly BackupKind[] = ['daily', 'pre-restore'];

/**
 * Backups of the whole site: an online copy of the SQLite database and the uploads folder in one archive with
 * a manifest; restores that check everything before touching anything, back up the current state first, and
 * swap both in place. One backup or restore runs at a time.
 */
export class BackupService {
  private busy = false;
  private restored: () => Promise<void> = async () => {};

  constructor(private readonly options: BackupOptions) {}

  private get storageDir(): string {
    return path.join(this.options.dataDir, 'storage');
  }

  /** What to run after a restore (migrations the archive predates, caches to drop). */
  onRestored(callback: () => Promise<void>): void {
    this.restored = callback;
  }

  private async exclusive<T>(work: () => Promise<T>): Promise<T> {
    if (!this.options.databaseFile) throw new BackupRefused('postgres');
    if (this.busy) throw new BackupRefused('busy');
    this.busy = true;
    try {
      return await work();
    } finally {
      this.busy = false;
    }
  }

  /** A scratch folder below DATA_DIR (same disk, so finished files are renamed into place). */
  private scratch(prefix: string): Promise<string> {
    return this.options.scratch.folder(prefix);
  }

  /** Archives directly below BACKUP_PREFIX, by name. */
  private async stored(): Promise<{ name: string; bytes: number }[]> {
    const objects = await this.options.storage.list(BACKUP_PREFIX);
    return objects.map((o) => ({ name: o.key.slice(BACKUP_PREFIX.length), bytes: o.size })).filter((o) => o.name && !o.name.includes('/'));
  }

  /** Where an archive is, for people: a file path, or the bucket's address. */
  locationOf(name: string): string {
    return this.options.storage.locationOf(BACKUP_PREFIX + name);
  }

  /** Stored backups, newest first. */
  async list(): Promise<BackupListItem[]> {
    const items = (await this.stored()).map((o) => parseBackupName(o.name, o.bytes)).filter((i): i is BackupListItem => i !== null);
    return items.sort((a, b) => b.name.localeCompare(a.name));
  }

  private async known(name: string): Promise<BackupListItem> {
    const item = (await this.list()).find((i) => i.name === name);
    if (!item) throw new BackupRefused('notFound');
    return item;
  }

  async create(kind: BackupKind): Promise<BackupListItem> {
    return this.exclusive(() => this.createNow(kind));
  }

  private async createNow(kind: BackupKind): Promise<BackupListItem> {
    const work = await this.scratch('backup-');
    try {
      const db = path.join(work, DATABASE_NAME);
      await snapshotDatabase(this.options.databaseFile!, db);
      const migration = inspectDatabase(db, { integrity: false }).migration ?? '';
      const taken = new Set((await this.stored()).map((o) => o.name));
      const name = backupName(kind, new Date(), (n) => taken.has(n));
      const out = path.join(work, name);
      // The database copy first, then the uploads: every attachment row in the copy has its file (uploads
      // only ever add files while a backup runs; a later one is just an extra file).
      await writeArchive(out, db, this.storageDir, ({ database, files }) => {
        const manifest: BackupManifest = { format: 1, app: 'canal-portal', version, migration, createdAt: Math.floor(Date.now() / 1000), kind, database, files };
        return manifest;
      });
      const bytes = (await fs.promises.stat(out)).size;
      await this.options.storage.put(BACKUP_PREFIX + name, out, ARCHIVE_TYPE);
      this.options.log.info({ backup: name, bytes }, 'backup created');
      await this.prune();
      return parseBackupName(name, bytes)!;
    } finally {
      await fs.promises.rm(work, { recursive: true, force: true });
    }
  }

  /** Keeps the newest `keep` backups of each automatic kind; manual and uploaded ones stay until deleted. */
  private async prune(): Promise<void> {
    const items = await this.list();
    for (const kind of AUTOMATIC) {
      for (const old of items.filter((i) => i.kind === kind).slice(this.options.keep)) {
        await this.options.storage.remove(BACKUP_PREFIX + old.name);
        this.options.log.info({ backup: old.name }, 'old backup removed');
      }
    }
  }

  /** Extracts an archive into a scratch folder and checks everything; the caller removes the folder. */
  private async stage(input: Readable): Promise<{ dir: string; result: CheckResult }> {
    const dir = await this.scratch('restore-');
    try {
      let seen: Map<string, { bytes: number; sha256: string }>;
      try {
        seen = await extractArchive(input, dir);
      } catch (err) {
        if (err instanceof ArchiveError) throw new BackupRefused(err.reason);
        throw err;
      }
      const result = this.verify(dir, seen);
      return { dir, result };
    } catch (err) {
      await fs.promises.rm(dir, { recursive: true, force: true });
      throw err;
    }
  }

  private verify(dir: string, seen: Map<string, { bytes: number; sha256: string }>): CheckResult {
    if (!seen.has(MANIFEST_NAME)) throw new BackupRefused('noManifest');
    let manifest: BackupManifest;
    try {
      manifest = manifestSchema().parse(JSON.parse(fs.readFileSync(path.join(dir, MANIFEST_NAME), 'utf8')));
    } catch {
      throw new BackupRefused('badManifest');
    }
    const matches = (entry: { path: string; bytes: number; sha256: string }) => {
      const got = seen.get(entry.path);
      if (!got) throw new BackupRefused('missingFile', { file: entry.path });
      if (got.bytes !== entry.bytes || got.sha256 !== entry.sha256) throw new BackupRefused('checksum', { file: entry.path });
    };
    if (manifest.database.path !== DATABASE_NAME) throw new BackupRefused('badManifest');
    matches(manifest.database);
    const listed = new Set(manifest.files.map((f) => f.path));
    for (const file of manifest.files) {
      if (!file.path.startsWith(FILES_PREFIX)) throw new BackupRefused('badManifest');
      matches(file);
    }
    for (const name of seen.keys()) {
      if (name.startsWith(FILES_PREFIX) && !listed.has(name)) throw new BackupRefused('extraFile', { file: name });
    }
    const known = migrationModules().map(([name]) => name);
    if (!known.includes(manifest.migration)) {
      const newest = known[known.length - 1] ?? '';
      throw new BackupRefused(manifest.migration > newest ? 'newerMigration' : 'unknownMigration', { migration: manifest.migration, newest });
    }
    const db = inspectDatabase(path.join(dir, DATABASE_NAME), { integrity: true });
    if (db.integrity !== 'ok') throw new BackupRefused('integrity', { detail: db.integrity.slice(0, 200) });
    if (db.migration !== manifest.migration) throw new BackupRefused('migrationMismatch', { migration: manifest.migration });
    return { manifest, files: manifest.files.length, bytes: manifest.files.reduce((sum, f) => sum + f.bytes, 0) };
  }

  private async read(name: string): Promise<Readable> {
    await this.known(name);
    return this.options.storage.read(BACKUP_PREFIX + name);
  }

  /** The archive's bytes, for download. */
  async download(name: string): Promise<{ stream: Readable; item: BackupListItem }> {
    const item = await this.known(name);
    return { stream: await this.options.storage.read(BACKUP_PREFIX + name), item };
  }

  /** Everything a restore checks first, without restoring. */
  async check(name: string): Promise<CheckResult> {
    return this.exclusive(async () => {
      const { dir, result } = await this.stage(await this.read(name));
      await fs.promises.rm(dir, { recursive: true, force: true });
      return result;
    });
  }

  /**
   * Restores a stored backup: checks it completely, backs up the current state, then swaps the uploads
   * folder (two renames) and the database (one SQLite backup step into the live file). Refused archives
   * change nothing.
   */
  async restore(name: string): Promise<RestoreResult> {
    return this.exclusive(async () => this.restoreFrom(await this.read(name), name));
  }

  /** The same from an archive file anywhere (the command line's `restore FILE`); the file is left as it is. */
  async restoreFile(file: string): Promise<RestoreResult> {
    return this.exclusive(async () => this.restoreFrom(fs.createReadStream(file), path.basename(file)));
  }

  private async restoreFrom(input: Readable, label: string): Promise<RestoreResult> {
    const { dir, result } = await this.stage(input);
    try {
      const safety = await this.createNow('pre-restore');
      const incoming = path.join(dir, 'storage');
      const previous = path.join(dir, 'storage.previous');
      await fs.promises.mkdir(incoming, { recursive: true });
      const hadStorage = fs.existsSync(this.storageDir);
      if (hadStorage) await fs.promises.rename(this.storageDir, previous);
      await fs.promises.rename(incoming, this.storageDir);
      try {
        await replaceDatabase(path.join(dir, DATABASE_NAME), this.options.databaseFile!);
      } catch (err) {
        await fs.promises.rename(this.storageDir, incoming);
        if (hadStorage) await fs.promises.rename(previous, this.storageDir);
        throw err;
      }
      this.options.log.warn({ backup: label, safety: safety.name }, 'backup restored');
      await this.restored();
      return { ...result, safety };
    } finally {
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  }

  /** Takes an uploaded archive into the store once it passes every check a restore makes. */
  async importArchive(file: string): Promise<BackupListItem> {
    return this.exclusive(async () => {
      const { dir } = await this.stage(fs.createReadStream(file));
      await fs.promises.rm(dir, { recursive: true, force: true });
      const taken = new Set((await this.stored()).map((o) => o.name));
      const name = backupName('upload', new Date(), (n) => taken.has(n));
      const bytes = (await fs.promises.stat(file)).size;
      await this.options.storage.put(BACKUP_PREFIX + name, file, ARCHIVE_TYPE);
      await fs.promises.rm(file, { force: true });
      return parseBackupName(name, bytes)!;
    });
  }

  async remove(name: string): Promise<void> {
    await this.known(name);
    await this.options.storage.remove(BACKUP_PREFIX + name);
  }
}
