import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { StringDecoder } from 'node:string_decoder';
import { stripVTControlCharacters } from 'node:util';

/** After SIGTERM, how long the process group has to end before SIGKILL. */
export const KILL_GRACE_MS = 3000;
/** A line longer than this (or output without any newline) is sent in pieces of this size. */
const MAX_LINE = 8192;
/** An interactive question the command is waiting on; stdin is closed, so nobody could answer it. */
const PROMPT = /\((y\/n|yes\/no)\)/i;

export interface RunSpec {
  argv: readonly string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  /** Output beyond this many bytes is not sent (the command keeps running). */
  maxOutputBytes: number;
  /** Aborted when the stream closes or the admin cancels. */
  signal: AbortSignal;
  /** One line of output: ANSI codes removed, trailing space trimmed, never empty. */
  onLine(line: string): void;
  /** Once, when output starts being dropped. */
  onTruncated(): void;
  /** The process started (its id is also its process group's). */
  onStart?(pid: number): void;
  /** Runs at a lower scheduling priority (installs and builds), so the server keeps answering briskly. */
  background?: boolean;
}

/** Niceness of background commands; their own children inherit it. */
const BACKGROUND_NICENESS = 10;

export type RunOutcome =
  | { kind: 'exit'; exitCode: number }
  | { kind: 'notInstalled'; program: string }
  | { kind: 'failedToStart'; message: string }
  | { kind: 'timeout'; exitCode: number }
  | { kind: 'cancelled'; exitCode: number }
  | { kind: 'prompt'; exitCode: number };

/** Splits a byte stream into clean lines. */
class LineReader {
  private readonly decoder = new StringDecoder('utf8');
  private pending = '';

  constructor(private readonly emit: (line: string) => void) {}

  /** Returns the text still waiting for its newline (a prompt usually has none). */
  push(chunk: Buffer): string {
    this.pending += this.decoder.write(chunk);
    const parts = this.pending.split(/\r\n|\n|\r/);
    this.pending = parts.pop() ?? '';
    while (this.pending.length > MAX_LINE) {
      parts.push(this.pending.slice(0, MAX_LINE));
      this.pending = this.pending.slice(MAX_LINE);
    }
    for (const part of parts) this.send(part);
    return this.pending;
  }

  end(): void {
    this.send(this.pending + this.decoder.end());
    this.pending = '';
  }

  private send(raw: string): void {
    const line = stripVTControlCharacters(raw).trimEnd();
    if (line.trim()) this.emit(line);
  }
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the whole group is gone already.
  }
}

function exitCodeOf(code: number | null, signal: NodeJS.Signals | null): number {
  if (code !== null) return code;
  return signal ? 128 + (os.constants.signals[signal] ?? 0) : 1;
}

/**
 * Runs one command without a shell, in a process group of its own with stdin closed, and streams its
 * stdout and stderr line by line. The time limit, a cancel (the signal) and an interactive prompt end the
 * whole group: SIGTERM, then SIGKILL after KILL_GRACE_MS.
 */
export function runCommand(spec: RunSpec): Promise<RunOutcome> {
  const [program, ...args] = spec.argv;
  if (!program) return Promise.resolve({ kind: 'failedToStart', message: 'empty command' });
  if (!fs.existsSync(spec.cwd)) return Promise.resolve({ kind: 'failedToStart', message: `no folder ${spec.cwd}` });
  if (spec.signal.aborted) return Promise.resolve({ kind: 'cancelled', exitCode: 130 });

  return new Promise((resolve) => {
    const child = spawn(program, args, { cwd: spec.cwd, env: spec.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true, windowsHide: true });
    let stopReason: 'timeout' | 'cancelled' | 'prompt' | null = null;
    let sent = 0;
    let truncated = false;
    let killTimer: NodeJS.Timeout | undefined;

    const emit = (line: string) => {
      if (PROMPT.test(line)) stop('prompt');
      if (truncated) return;
      sent += Buffer.byteLength(line) + 1;
      if (sent > spec.maxOutputBytes) {
        truncated = true;
        spec.onTruncated();
        return;
      }
      spec.onLine(line);
    };
    const stop = (reason: 'timeout' | 'cancelled' | 'prompt') => {
      if (stopReason || child.pid === undefined) return;
      stopReason = reason;
      signalGroup(child.pid, 'SIGTERM');
      killTimer = setTimeout(() => signalGroup(child.pid!, 'SIGKILL'), KILL_GRACE_MS);
    };
    const readers = [new LineReader(emit), new LineReader(emit)] as const;
    child.stdout.on('data', (chunk: Buffer) => {
      if (PROMPT.test(readers[0].push(chunk))) stop('prompt');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (PROMPT.test(readers[1].push(chunk))) stop('prompt');
    });

    const timer = setTimeout(() => stop('timeout'), spec.timeoutMs);
    const onAbort = () => stop('cancelled');
    spec.signal.addEventListener('abort', onAbort, { once: true });
    const finish = (outcome: RunOutcome) => {
      clearTimeout(timer);
      clearTimeout(killTimer);
      spec.signal.removeEventListener('abort', onAbort);
      resolve(outcome);
    };

    child.once('spawn', () => {
      if (spec.background) {
        try {
          os.setPriority(child.pid!, BACKGROUND_NICENESS);
        } catch {
          // Not permitted here (some containers): it runs at normal priority.
        }
      }
      spec.onStart?.(child.pid!);
    });
    child.once('error', (err: NodeJS.ErrnoException) => {
      // Only a process that never started reports here; one that did ends through 'close'.
      if (child.pid !== undefined) return;
      finish(err.code === 'ENOENT' ? { kind: 'notInstalled', program } : { kind: 'failedToStart', message: err.message });
    });
    // The command is done: whatever it left running in its group (a stray watcher holding the pipes) goes too.
    child.once('exit', () => signalGroup(child.pid!, 'SIGKILL'));
    child.once('close', (code, signal) => {
      if (child.pid === undefined) return;
      for (const reader of readers) reader.end();
      const exitCode = exitCodeOf(code, signal);
      finish(stopReason ? { kind: stopReason, exitCode } : { kind: 'exit', exitCode });
    });
  });
}
