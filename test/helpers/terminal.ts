import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PackageManager, TerminalEvent } from '../../src/shared/constants/terminal.ts';
import { api, type TestServer } from './server.ts';

export interface TerminalStream {
  status: number;
  contentType: string;
  /** Resolves with the next event, or null once the stream has ended. */
  next(): Promise<TerminalEvent | null>;
  /** Every remaining event until the server ends the stream. */
  rest(): Promise<TerminalEvent[]>;
  /** Hangs up, as closing the EventSource does. */
  close(): void;
}

/** Opens the terminal's event stream the way an EventSource does (a GET; the token or ticket in the query). */
export async function openTerminal(server: Pick<TestServer, 'url'>, params: Record<string, string>, headers: Record<string, string> = {}): Promise<TerminalStream> {
  const abort = new AbortController();
  const query = new URLSearchParams({ server: '1', lang: 'en', ...params });
  const res = await fetch(`${server.url}/admin/ajax/terminal?${query}`, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let done = false;
  const next = async (): Promise<TerminalEvent | null> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block
          .split('\n')
          .filter((line) => line.startsWith('data: '))
          .map((line) => line.slice(6))
          .join('\n');
        // Comment blocks (keep-alives) carry no data.
        if (data) return JSON.parse(data) as TerminalEvent;
        continue;
      }
      if (done) return null;
      // Hanging up ourselves ends the stream; any other failure of the connection is the test's failure.
      const chunk = await reader.read().catch((err: unknown) => {
        if (abort.signal.aborted) return { done: true as const, value: undefined };
        throw err;
      });
      if (chunk.done) done = true;
      else buffer += chunk.value;
    }
  };
  return {
    status: res.status,
    contentType: res.headers.get('content-type') ?? '',
    next,
    async rest() {
      const events: TerminalEvent[] = [];
      for (let e = await next(); e; e = await next()) events.push(e);
      return events;
    },
    close: () => abort.abort(),
  };
}

/** The events' texts, in order: what a terminal test compares. */
export const texts = (events: TerminalEvent[]): string[] => events.map((e) => e.data);

/** Runs a command to its end and returns every event. */
export async function runTerminal(server: Pick<TestServer, 'url'>, params: Record<string, string>, headers: Record<string, string> = {}): Promise<TerminalEvent[]> {
  return (await openTerminal(server, params, headers)).rest();
}

/** A fresh one-time ticket for the super admin of `token`. */
export async function ticketFor(server: Pick<TestServer, 'url'>, token: string): Promise<string> {
  const { body } = await api<{ ticket: string }>(server.url, '/admin/ajax/terminalTicket', { method: 'POST', body: {}, headers: { batoken: token } });
  if (body.code !== 1) throw new Error(`no ticket: ${body.msg}`);
  return body.data.ticket;
}

/** Processes whose parent is `pid` (from /proc), with their command lines. */
export function childrenOf(pid: number): Array<{ pid: number; pgid: number; cmd: string }> {
  const found: Array<{ pid: number; pgid: number; cmd: string }> = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces) start at the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) !== pid) continue;
      found.push({ pid: Number(name), pgid: Number(fields[2]), cmd: fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').replace(/\0/g, ' ').trim() });
    } catch {
      // The process ended while we looked.
    }
  }
  return found;
}

/** Processes in process group `pgid` that have not ended (zombies count as ended). */
export function groupMembers(pgid: number): number[] {
  const members: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pgid && fields[0] !== 'Z') members.push(Number(name));
    } catch {
      // Gone already.
    }
  }
  return members;
}

/** Polls `check` every 100 ms until it holds or `ms` pass. */
export async function waitFor(check: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** What a stand-in package manager does: print a version, fail as a broken install does, or be missing. */
export type ManagerStandIn = { version: string } | 'broken' | 'missing';

/**
 * Stand-ins for package managers, first on this test worker's PATH (each worker has its own environment),
 * so which managers the server finds is the test's choice on any machine: `missing` answers 127 as a shell
 * does for a program it cannot find, `broken` prints an error and exits 1. Managers not named are the
 * machine's own. Returns the folder (remove it after) and a function that changes the stand-ins.
 */
export function standInManagers(managers: Partial<Record<PackageManager, ManagerStandIn>>): { dir: string; set(m: Partial<Record<PackageManager, ManagerStandIn>>): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pm-stand-ins-'));
  const set = (m: Partial<Record<PackageManager, ManagerStandIn>>) => {
    for (const [name, what] of Object.entries(m)) {
      const body =
        what === 'missing' ? 'exit 127' : what === 'broken' ? `echo "${name}: this stand-in is broken" >&2\nexit 1` : `echo ${what.version}`;
      fs.writeFileSync(path.join(dir, name), `#!/bin/sh\n${body}\n`, { mode: 0o755 });
    }
  };
  set(managers);
  process.env.PATH = `${dir}${path.delimiter}${process.env.PATH ?? ''}`;
  return { dir, set };
}
