// knex's own modules the portal extends (sqliteClient.ts); knex publishes no types for them.
declare module 'knex/lib/dialects/sqlite3/execution/sqlite-transaction.js' {
  import type { Knex } from 'knex';
  export default class SqliteTransaction {
    constructor(client: Knex.Client, container: unknown, config: unknown, outerTx: unknown);
    begin(conn: unknown): Promise<unknown>;
    query(conn: unknown, sql: string): Promise<unknown>;
  }
}

declare module 'knex/lib/dialects/better-sqlite3/index.js' {
  import type { Knex } from 'knex';
  export default class BetterSqlite3Client extends Knex.Client {}
}
