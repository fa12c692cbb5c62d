import type { Knex } from 'knex';

/** Departments (a tree) and jobs of the association's staff, and where each admin sits in them. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('department', (t) => {
    t.increments('id');
    t.integer('pid').notNullable().defaultTo(0).index();
    t.string('name', 100).notNullable();
    t.string('responsible', 50).notNullable().defaultTo('');
    t.string('phone', 30).notNullable().defaultTo('');
    t.string('email', 100).notNullable().defaultTo('');
    t.string('status', 1).notNullable().defaultTo('1');
    t.integer('weigh').notNullable().defaultTo(0);
    t.bigInteger('create_time');
    t.bigInteger('update_time');
  });
  await knex.schema.createTable('job', (t) => {
    t.increments('id');
    t.string('name', 100).notNullable();
    t.string('code', 50).notNullable().unique();
    t.string('status', 1).notNullable().defaultTo('1');
    t.integer('weigh').notNullable().defaultTo(0);
    t.string('remark', 255).notNullable().defaultTo('');
    t.bigInteger('create_time');
    t.bigInteger('update_time');
  });
  // 0 = none; the admin form checks the ids exist, and a department or job in use cannot be deleted.
  await knex.schema.alterTable('admin', (t) => {
    t.integer('department_id').notNullable().defaultTo(0).index();
    t.integer('job_id').notNullable().defaultTo(0).index();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('admin', (t) => {
    t.dropIndex(['department_id']);
    t.dropIndex(['job_id']);
    t.dropColumn('department_id');
    t.dropColumn('job_id');
  });
  await knex.schema.dropTable('job');
  await knex.schema.dropTable('department');
}
