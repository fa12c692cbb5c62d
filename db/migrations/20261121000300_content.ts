import type { Knex } from 'knex';

/**
 * Public content (resource definitions in src/resources/content). A localized field `x` is two columns: `x`
 * (Chinese, the source text) and `x_en` (English; empty = show the Chinese text, marked). Publish `status` is
 * '1' published / '0' draft; higher `weigh` comes first; times are Unix seconds.
 */

type Builder = Knex.CreateTableBuilder;

function localizedString(t: Builder, name: string, length: number): void {
  t.string(name, length).notNullable().defaultTo('');
  t.string(`${name}_en`, length).notNullable().defaultTo('');
}

function localizedText(t: Builder, name: string): void {
  t.text(name);
  t.text(`${name}_en`);
}

function cover(t: Builder, name = 'cover'): void {
  t.string(name, 255).notNullable().defaultTo('');
}

/**
 * Publish status, weigh and timestamps, plus the indexes lists read through: public pages filter on status
 * and sort by weigh; admin lists sort every row by weigh then id (without it, a sort of the whole table).
 */
function publishing(t: Builder): void {
  t.integer('weigh').notNullable().defaultTo(0);
  t.string('status', 1).notNullable().defaultTo('1');
  t.bigInteger('create_time');
  t.bigInteger('update_time');
  t.index(['status', 'weigh']);
  t.index(['weigh', 'id']);
}

/**
 * The proposed-trail columns, shared by published trails and members' applications. Only published trails
 * hold foreign keys: an application is a record of what was asked and must not block deleting a city.
 */
function trailColumns(t: Builder, foreignKeys: boolean): void {
  localizedString(t, 'title', 200);
  localizedText(t, 'summary');
  const canal = t.integer('canal_id').notNullable();
  const city = t.integer('city_id');
  if (foreignKeys) {
    canal.references('id').inTable('canal').onDelete('RESTRICT');
    city.references('id').inTable('canal_city').onDelete('SET NULL');
  }
  t.index(['canal_id']);
  t.index(['city_id']);
  // Kilometres as a float: only ever displayed, and PostgreSQL would return a numeric column as a string.
  t.double('length_km');
  t.integer('duration_min');
  t.string('difficulty', 10).notNullable().defaultTo('easy');
  localizedText(t, 'route');
  cover(t);
}

function category(t: Builder): void {
  t.increments('id');
  localizedString(t, 'name', 50);
  cover(t);
  publishing(t);
}

function article(t: Builder, categoryTable: string): void {
  t.increments('id');
  t.integer('category_id').notNullable().references('id').inTable(categoryTable).onDelete('RESTRICT');
  localizedString(t, 'title', 200);
  localizedText(t, 'summary');
  localizedText(t, 'content');
  cover(t);
  t.bigInteger('publish_time').notNullable();
  publishing(t);
  t.index(['category_id']);
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('news_category', category);
  await knex.schema.createTable('news', (t) => article(t, 'news_category'));
  await knex.schema.createTable('culture_category', category);
  await knex.schema.createTable('culture_article', (t) => article(t, 'culture_category'));

  await knex.schema.createTable('brand_activity', (t) => {
    t.increments('id');
    localizedString(t, 'title', 200);
    localizedText(t, 'summary');
    localizedText(t, 'content');
    cover(t);
    localizedString(t, 'place', 200);
    t.bigInteger('start_time').notNullable();
    t.bigInteger('end_time').notNullable();
    t.string('activity_status', 10).notNullable().defaultTo('upcoming');
    publishing(t);
  });

  await knex.schema.createTable('canal', (t) => {
    t.increments('id');
    localizedString(t, 'name', 100);
    localizedString(t, 'era', 200);
    t.double('length_km');
    localizedString(t, 'provinces', 200);
    localizedText(t, 'summary');
    localizedText(t, 'intro');
    localizedText(t, 'heritage');
    t.text('course');
    cover(t);
    publishing(t);
  });
  await knex.schema.createTable('canal_city', (t) => {
    t.increments('id');
    t.integer('canal_id').notNullable().references('id').inTable('canal').onDelete('RESTRICT');
    localizedString(t, 'name', 100);
    t.double('lat').notNullable();
    t.double('lng').notNullable();
    localizedText(t, 'summary');
    localizedText(t, 'intro');
    localizedText(t, 'heritage');
    cover(t);
    publishing(t);
    t.index(['canal_id']);
  });

  await knex.schema.createTable('trail', (t) => {
    t.increments('id');
    trailColumns(t, true);
    t.text('gallery');
    publishing(t);
  });
  await knex.schema.createTable('trail_application', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().index();
    trailColumns(t, false);
    t.text('photos');
    t.string('status', 10).notNullable().defaultTo('pending').index();
    t.string('remark', 500).notNullable().defaultTo('');
    t.integer('admin_id');
    t.bigInteger('review_time');
    t.integer('trail_id');
    t.bigInteger('create_time');
    t.bigInteger('update_time');
  });

  await knex.schema.createTable('org_member', (t) => {
    t.increments('id');
    localizedString(t, 'name', 200);
    t.string('kind', 20).notNullable().index();
    cover(t, 'logo');
    localizedString(t, 'location', 100);
    localizedText(t, 'intro');
    t.string('website', 255).notNullable().defaultTo('');
    publishing(t);
  });

  await knex.schema.createTable('forum_item', (t) => {
    t.increments('id');
    localizedString(t, 'title', 200);
    localizedString(t, 'speaker', 200);
    localizedText(t, 'summary');
    localizedText(t, 'content');
    cover(t);
    t.bigInteger('event_date').notNullable();
    publishing(t);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'forum_item', 'org_member', 'trail_application', 'trail', 'canal_city', 'canal', 'brand_activity',
    'culture_article', 'culture_category', 'news', 'news_category',
  ]) {
    await knex.schema.dropTable(table);
  }
}
