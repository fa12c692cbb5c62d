import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { STAMP_FILE, fingerprint } from './buildStamp.ts';

/** Called with the new build's folder before it serves; a throw keeps the old build. */
export type SwapListener = (dir: string) => Promise<void> | void;

/** A build folder holds what `vite build` writes: the browser files and the server renderer. */
function isBuild(dir: string): boolean {
  return fs.existsSync(path.join(dir, 'server/entry.mjs')) && fs.existsSync(path.join(dir, 'client'));
}

/**
 * The production page builds. `buildDir` (dist/) is what a start serves; the terminal's web-build writes a
 * new build into a fresh folder of `<buildDir>-builds/` and swaps it in: listeners (the renderer) switch
 * to it in this process, then `buildDir` becomes a symbolic link to it, re-pointed with one atomic rename
 * so a restart or a concurrent reader never sees half a build. The build before stays on disk (and its
 * assets stay served) so pages opened before the swap can still load their lazy chunks.
 */
export class PageBuilds {
  private served: string | null = null;
  private before: string | null = null;
  private readonly listeners: SwapListener[] = [];

  /** `served`: the build in use when it is not `buildDir` (the single executable's unpacked one). */
  constructor(
    readonly buildDir: string,
    private readonly root: string,
    served: string | null = null,
  ) {
    this.served = served;
  }

  /** Where new builds go: `<buildDir>-builds/`. */
  get buildsRoot(): string {
    return `${this.buildDir}-builds`;
  }

  /** The real folder of the build being served (dist/ itself, or the build it links to). */
  current(): string {
    this.served ??= fs.existsSync(this.buildDir) ? fs.realpathSync(this.buildDir) : this.buildDir;
    return this.served;
  }

  /** The build served before the last swap, while it is kept (its assets are still served). */
  previous(): string | null {
    return this.before;
  }

  onSwap(listener: SwapListener): void {
    this.listeners.push(listener);
  }

  /** A new, empty build folder, and its path relative to the project (what Vite is told). */
  fresh(): { dir: string; relative: string } {
    const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
    const dir = path.join(this.buildsRoot, `${stamp}-${randomBytes(3).toString('hex')}`);
    fs.mkdirSync(dir, { recursive: true });
    return { dir, relative: path.relative(this.root, dir) };
  }

  /** Removes a build that will not be served (failed or cancelled). */
  discard(dir: string): void {
    if (path.dirname(dir) === this.buildsRoot && dir !== this.current()) fs.rmSync(dir, { recursive: true, force: true });
  }

  /**
   * Serves `dir` from now on: it must be a complete build; the listeners switch to it (if one fails, they are
   * switched back and nothing changed), then `buildDir` is re-pointed at it and older builds are removed.
   */
  async activate(dir: string): Promise<void> {
    if (!isBuild(dir)) throw new Error(`${dir} is not a complete build`);
    fs.writeFileSync(path.join(dir, STAMP_FILE), fingerprint());
    const old = this.current();
    try {
      for (const listener of this.listeners) await listener(dir);
    } catch (err) {
      for (const listener of this.listeners) await listener(old);
      throw err;
    }
    this.served = dir;
    this.before = this.link(dir, old);
    this.prune();
  }

  /** Points `buildDir` at `dir`; returns where the old build now lives. */
  private link(dir: string, old: string): string {
    let oldHome = old;
    if (fs.existsSync(this.buildDir) && !fs.lstatSync(this.buildDir).isSymbolicLink()) {
      // The first swap: the build made by `npm run build` moves in with the others, and dist/ becomes a link.
      oldHome = path.join(this.buildsRoot, `initial-${randomBytes(3).toString('hex')}`);
      fs.renameSync(this.buildDir, oldHome);
    }
    const temp = `${this.buildDir}.link-${randomBytes(3).toString('hex')}`;
    fs.symlinkSync(path.relative(path.dirname(this.buildDir), dir), temp, 'dir');
    fs.renameSync(temp, this.buildDir);
    return oldHome;
  }

  /** Keeps the served build and the one before it. */
  private prune(): void {
    const keep = new Set([this.served, this.before]);
    for (const name of fs.readdirSync(this.buildsRoot)) {
      const dir = path.join(this.buildsRoot, name);
      if (!keep.has(dir)) fs.rmSync(dir, { recursive: true, force: true });
    }
  }
}
