import type { Knex } from 'knex';

/**
 * Members sign up for activities (issue 27): the sign-up columns of brand activities, and one table of sign-ups
 * for every resource that takes them, keyed by the resource's name and the row's key.
 *
 * - `capacity` places (0: no limit), `fee` in cents like the ledgers (0: free), `signup_start` / `signup_end`
 *   when sign-ups open and close (no end: the activity takes none), `cancel_end` the last moment a member may
 *   cancel with the fee refunded (empty: until the start).
 * - A sign-up is `confirmed` (a place, the fee charged once), `waitlisted` (in line by `signup_time`, nothing
 *   charged) or `cancelled`; one row per member and activity, reused when a member signs up again. `title` and
 *   `title_en` name the activity in the roster and its exports; `code` is the check-in code of the QR image.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('brand_activity', (t) => {
    t.integer('capacity').notNullable().defaultTo(0);
    t.integer('fee').notNullable().defaultTo(0);
    t.bigInteger('signup_start');
    t.bigInteger('signup_end');
    t.bigInteger('cancel_end');
  });
  await knex.schema.createTable('activity_signup', (t) => {
    t.increments('id');
    t.string('resource', 100).notNullable();
    t.integer('row_id').notNullable();
    t.string('title', 200).notNullable().defaultTo('');
    t.string('title_en', 200).notNullable().defaultTo('');
    t.integer('user_id').notNullable();
    t.string('status', 12).notNullable();
    // What the member paid for the place, and what went back to them on cancelling (cents).
    t.integer('fee').notNullable().defaultTo(0);
    t.integer('refund').notNullable().defaultTo(0);
    t.string('code', 16).notNullable().unique();
    t.bigInteger('signup_time').notNullable();
    t.bigInteger('checkin_time');
    t.integer('checkin_admin_id').notNullable().defaultTo(0);
    t.bigInteger('remind_time');
    t.bigInteger('cancel_time');
    t.bigInteger('create_time').notNullable();
    t.bigInteger('update_time').notNullable();
    t.unique(['resource', 'row_id', 'user_id'], { indexName: 'activity_signup_member' });
    // Places taken and the waitlist's order; the member's own list.
    t.index(['resource', 'row_id', 'status', 'signup_time', 'id'], 'activity_signup_line');
    t.index(['user_id', 'id'], 'activity_signup_user');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('activity_signup');
  await knex.schema.alterTable('brand_activity', (t) => {
    for (const column of ['capacity', 'fee', 'signup_start', 'signup_end', 'cancel_end']) t.dropColumn(column);
  });
}
