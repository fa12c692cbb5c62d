import type { Knex } from 'knex';

/**
 * The CRUD generator (reference admin-api 5): its log of designs, the resource definitions it generated
 * (stored as data, read by every process's resource registry), and one change counter the processes poll to
 * learn that a definition was added, changed or removed.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('crud_log', (t) => {
    t.increments('id');
    t.string('table_name', 200).notNullable().index();
    // The designer's `table` and `fields` as posted (JSON), so a later design can start from them.
    t.text('table').notNullable();
    t.text('fields').notNullable();
    // start → success | error; delete once the module is removed.
    t.string('status', 10).notNullable().defaultTo('start');
    t.string('connection', 100).notNullable().defaultTo('');
    // Did this run create the table? Only such tables may ever be dropped (rebuild).
    t.boolean('created_table').notNullable().defaultTo(false);
    t.text('error');
    t.bigInteger('create_time');
  });
  await knex.schema.createTable('crud_resource', (t) => {
    t.increments('id');
    t.string('name', 100).notNullable().unique();
    t.string('table_name', 64).notNullable().unique();
    // The ResourceDef as JSON (validated by src/resources/definitionSchema.ts on write and on read).
    t.text('definition').notNullable();
    // Raised on every generate of this resource.
    t.integer('version').notNullable().defaultTo(1);
    t.integer('log_id').notNullable().defaultTo(0);
    t.bigInteger('create_time');
    t.bigInteger('update_time');
  });
  await knex.schema.createTable('crud_state', (t) => {
    t.integer('id').primary();
    // Raised on every change of crud_resource: a process that saw another value reloads its registry.
    t.integer('version').notNullable().defaultTo(0);
  });
  await knex('crud_state').insert({ id: 1, version: 0 });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('crud_state');
  await knex.schema.dropTable('crud_resource');
  await knex.schema.dropTable('crud_log');
}
