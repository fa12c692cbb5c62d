import type { Knex } from 'knex';
import BetterSqlite3Client from 'knex/lib/dialects/better-sqlite3/index.js';
import SqliteTransaction from 'knex/lib/dialects/sqlite3/execution/sqlite-transaction.js';

/**
 * A transaction that takes SQLite's write lock when it begins. Knex begins with a plain `BEGIN`, which takes the
 * lock at the first write: when another process (a second server sharing DATA_DIR, a script) writes after this
 * transaction has read, SQLite turns the transaction's own write down at once with SQLITE_BUSY, since waiting
 * could not help its stale snapshot, and the request fails halfway. `BEGIN IMMEDIATE` waits its turn instead
 * (the connection's busy timeout), before anything is read.
 */
class ImmediateTransaction extends SqliteTransaction {
  override begin(conn: unknown): Promise<unknown> {
    return this.query(conn, 'BEGIN IMMEDIATE;');
  }
}

/** knex's better-sqlite3 client with immediate transactions (savepoints of nested ones are unchanged). */
export class PortalSqliteClient extends BetterSqlite3Client {
  override transaction(container: unknown, config: unknown, outerTx: unknown): Knex.Transaction {
    // knex's types call what its clients make here a Knex.Transaction; it is the transaction that runs one.
    return new ImmediateTransaction(this, container, config, outerTx) as unknown as Knex.Transaction;
  }
}
