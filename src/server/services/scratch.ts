import { createHash, randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { processAlive } from './pids.ts';

/** How often a process marks its folder as in use. */
const HEARTBEAT_MS = 60_000;
/** A folder unmarked this long belongs to no running process (or to one on another host that is gone). */
export const STALE_MS = 10 * 60_000;
/** A partial copy no process noted that changed more recently may still be written by an older version's process. */
export const STRAY_PARTIAL_AGE_MS = 60_000;
/** Where a process keeps its notes, inside its folder. */
const NOTES = 'notes';
const FOLDER = /^([0-9a-f]{8})-(\d{1,10})-[0-9a-f]{12}$/;
const hostTag = (hostname: string) => createHash('sha256').update(hostname).digest('hex').slice(0, 8);
const HOST = hostTag(os.hostname());

/**
 * The folder name of a process: `<host>-<pid>-<random>`, the host as a short hash of its name, so that
 * folders on a volume several hosts share tell them apart.
 */
export function processFolderName(pid: number, hostname = os.hostname()): string {
  return `${hostTag(hostname)}-${pid}-${randomBytes(6).toString('hex')}`;
}

/** Folders of the scratch spaces open in this process (tests run several apps in one process). */
const openHere = new Set<string>();

/**
 * What a process is writing that must not outlive it: a `.partial` file below DATA_DIR (path relative to it), or
 * an upload stored under a storage key whose attachment row is not written yet.
 */
export type ScratchNote = { partial: string } | { upload: string };

function isNote(value: unknown): value is ScratchNote {
  const note = value as Record<string, unknown> | null;
  return typeof note === 'object' && note !== null && (typeof note.partial === 'string' || typeof note.upload === 'string');
}

/**
 * One process's own folder under DATA_DIR/tmp, named for it, for temporary files and for notes of what it is
 * writing elsewhere. Several processes may share a DATA_DIR: each sweeps only the folders of processes that
 * are gone, at start and every minute, whatever their age, after settling their notes (a killed process's
 * half-written files are deleted, its unrecorded uploads handed back). A process is gone when, on this host,
 * its pid has ended; on another host, when it has not marked its folder for STALE_MS.
 */
export class ScratchSpace {
  private constructor(
    private readonly dataDir: string,
    private readonly root: string,
    /** This process's folder. */
    readonly dir: string,
    private readonly heartbeat: NodeJS.Timeout,
  ) {}

  static async open(dataDir: string): Promise<ScratchSpace> {
    const root = path.join(dataDir, 'tmp');
    const dir = path.join(root, processFolderName(process.pid));
    await fsp.mkdir(path.join(dir, NOTES), { recursive: true });
    openHere.add(dir);
    const heartbeat = setInterval(() => {
      const now = new Date();
      fsp.utimes(dir, now, now).catch(() => undefined);
    }, HEARTBEAT_MS);
    heartbeat.unref();
    return new ScratchSpace(path.resolve(dataDir), root, dir, heartbeat);
  }

  /** A new folder inside this process's own, for one request or job; the caller removes it when done. */
  folder(prefix: string): Promise<string> {
    return fsp.mkdtemp(path.join(this.dir, prefix));
  }

  /** Runs `work` with a note of what it writes: should the process die meanwhile, the next sweep finds the note. */
  async noting<T>(note: ScratchNote, work: () => Promise<T>): Promise<T> {
    const file = path.join(this.dir, NOTES, randomBytes(8).toString('hex'));
    await fsp.writeFile(file, JSON.stringify(note));
    try {
      return await work();
    } finally {
      await fsp.rm(file, { force: true });
    }
  }

  /** Stops marking the folder and removes it: the process is stopping and has finished every request. */
  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    openHere.delete(this.dir);
    await fsp.rm(this.dir, { recursive: true, force: true });
  }

  /** Whether a folder (or stray entry) under DATA_DIR/tmp may still be in use. */
  private async inUse(full: string, name: string): Promise<boolean> {
    if (openHere.has(full)) return true;
    const stat = await fsp.lstat(full).catch(() => null);
    // Already gone: nothing to sweep.
    if (!stat) return true;
    const fresh = Date.now() - stat.mtimeMs < STALE_MS;
    const owner = FOLDER.exec(name);
    // Not a process's folder: left by an older version, whose requests last seconds.
    if (!owner || !stat.isDirectory()) return fresh;
    if (owner[1] !== HOST) return fresh;
    const pid = Number(owner[2]);
    // An earlier process with this one's pid (a restarted container is pid 1 again): its folders are not open here.
    if (pid === process.pid) return false;
    // A pid that runs but has not marked its folder for STALE_MS is another program that took a dead one's pid.
    return fresh && processAlive(pid);
  }

  private async notesOf(dir: string): Promise<ScratchNote[]> {
    const names = await fsp.readdir(path.join(dir, NOTES)).catch(() => [] as string[]);
    const notes: ScratchNote[] = [];
    for (const name of names) {
      try {
        const note: unknown = JSON.parse(await fsp.readFile(path.join(dir, NOTES, name), 'utf8'));
        if (isNote(note)) notes.push(note);
      } catch {
        // Empty or cut short: the process died before it wrote anything the note could name.
      }
    }
    return notes;
  }

  /** Deletes a half-written file a gone process noted; only `.partial` files inside DATA_DIR. */
  private async removePartial(relative: string): Promise<void> {
    const file = path.resolve(this.dataDir, relative);
    if (file.startsWith(this.dataDir + path.sep) && file.endsWith('.partial')) await fsp.rm(file, { force: true });
  }

  /** The folders under DATA_DIR/tmp of processes that are gone, and the notes of those still running. */
  private async survey(): Promise<{ gone: string[]; live: ScratchNote[] }> {
    const names = await fsp.readdir(this.root).catch(() => [] as string[]);
    const gone: string[] = [];
    const live: ScratchNote[] = [];
    for (const name of names) {
      const full = path.join(this.root, name);
      if (await this.inUse(full, name)) live.push(...(await this.notesOf(full)));
      else gone.push(full);
    }
    return { gone, live };
  }

  /**
   * Removes what gone processes left under DATA_DIR/tmp: first the partial files their notes name, then each
   * noted upload through `settleUpload` (with the keys live processes are storing right now, which it must not
   * touch), then their folders. Answers how many entries it removed.
   */
  async sweep(settleUpload: (key: string, busy: ReadonlySet<string>) => Promise<void>): Promise<number> {
    const { gone, live } = await this.survey();
    const busy = new Set(live.flatMap((note) => ('upload' in note ? [note.upload] : [])));
    for (const full of gone) {
      for (const note of await this.notesOf(full)) {
        if ('partial' in note) await this.removePartial(note.partial);
        else await settleUpload(note.upload, busy);
      }
      await fsp.rm(full, { recursive: true, force: true });
    }
    return gone.length;
  }

  /**
   * Deletes the `.partial` copies in DATA_DIR/storage and DATA_DIR/backups that no running process has noted:
   * every copy this version writes is noted, so these are an older version's, left when it was killed. One
   * walk over the folders, run once at start; a copy changed within STRAY_PARTIAL_AGE_MS stays, as such a
   * process may still be writing it. Answers how many it removed.
   */
  async sweepStrayPartials(): Promise<number> {
    const found: string[] = [];
    for (const top of ['storage', 'backups']) {
      const entries = await fsp.readdir(path.join(this.dataDir, top), { recursive: true, withFileTypes: true }).catch(() => []);
      for (const entry of entries) if (entry.isFile() && entry.name.endsWith('.partial')) found.push(path.join(entry.parentPath, entry.name));
    }
    if (found.length === 0) return 0;
    const { live } = await this.survey();
    const noted = new Set(live.flatMap((note) => ('partial' in note ? [path.resolve(this.dataDir, note.partial)] : [])));
    let removed = 0;
    for (const file of found) {
      const stat = await fsp.stat(file).catch(() => null);
      if (noted.has(file) || !stat || Date.now() - stat.mtimeMs < STRAY_PARTIAL_AGE_MS) continue;
      await fsp.rm(file, { force: true });
      removed++;
    }
    return removed;
  }
}
