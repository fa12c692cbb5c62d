import type { Knex } from 'knex';

/**
 * The CRUD generator's menu rule names BuildAdmin's view of it, `/src/views/backend/crud/index.vue`: with
 * `/src/views/backend/crud/crud/index.vue`, which BuildAdmin's client has no file for, it registered no
 * route and the generator could not be opened there. New databases are seeded so (020_crud_generator);
 * this moves a rule still on the old path, and leaves one an admin pointed elsewhere alone.
 */
const OLD = '/src/views/backend/crud/crud/index.vue';
const NEW = '/src/views/backend/crud/index.vue';

export async function up(knex: Knex): Promise<void> {
  await knex('admin_rule').where({ name: 'crud/crud', component: OLD }).update({ component: NEW });
}

export async function down(knex: Knex): Promise<void> {
  await knex('admin_rule').where({ name: 'crud/crud', component: NEW }).update({ component: OLD });
}
