import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Knex } from 'knex';
import { now } from '../clock.ts';
import { processAlive } from '../pids.ts';

const LOCK_ID = 1;
/** Beyond its time limit, how long a command may still hold the lock (killing it, the post-step). */
const GRACE_SECONDS = 120;

export interface LockRow {
  id: number;
  owner: string;
  command: string;
  admin_id: number;
  host: string;
  pid: number;
  create_time: number;
  expire_time: number;
}

export type Acquired = { ok: true; release(): Promise<void> } | { ok: false; holder: LockRow };

/**
 * One command at a time across the server, in the database so that several processes share it: taking
 * the lock is inserting its single row. A row whose time ran out, or whose process on this machine is gone,
 * is stale and is cleared first.
 */
export class TerminalLock {
  constructor(private readonly knex: Knex) {}

  async acquire(command: string, adminId: number, timeoutSeconds: number): Promise<Acquired> {
    const host = os.hostname();
    const owner = randomUUID();
    // The holder may release between our insert and our read: then the row is free again, so try again.
    for (let attempt = 0; attempt < 3; attempt++) {
      const current = await this.knex<LockRow>('terminal_lock').where({ id: LOCK_ID }).first();
      if (current && (current.expire_time <= now() || (current.host === host && current.pid !== process.pid && !processAlive(current.pid)))) {
        await this.knex('terminal_lock').where({ id: LOCK_ID, owner: current.owner }).delete();
      }
      const created = now();
      await this.knex('terminal_lock')
        .insert({ id: LOCK_ID, owner, command, admin_id: adminId, host, pid: process.pid, create_time: created, expire_time: created + timeoutSeconds + GRACE_SECONDS })
        .onConflict('id')
        .ignore();
      const row = await this.knex<LockRow>('terminal_lock').where({ id: LOCK_ID }).first();
      if (row?.owner === owner) {
        return {
          ok: true,
          release: async () => {
            await this.knex('terminal_lock').where({ id: LOCK_ID, owner }).delete();
          },
        };
      }
      if (row) return { ok: false, holder: row };
    }
    throw new Error('terminal lock: the lock row kept changing hands');
  }
}
