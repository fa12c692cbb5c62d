import test from 'ava';
import type { Schema, Table } from '../../scripts/schema/describe.ts';
import { schemaDifferences } from '../../scripts/schema/differences.ts';

const table = (fields: Partial<Table>): Table => ({
  columns: [
    { name: 'id', type: 'integer', nullable: false, default: null },
    { name: 'title', type: 'varchar(50)', nullable: false, default: "''" },
  ],
  primaryKey: ['id'],
  indexes: [],
  foreignKeys: [],
  ...fields,
});

test('the same schema has no differences', (t) => {
  t.deepEqual(schemaDifferences({ news: table({}) }, { news: table({}) }), []);
});

test('each change is one line: tables, columns, keys, indexes and column order', (t) => {
  const before: Schema = {
    gone: table({}),
    news: table({ indexes: [{ name: 'news_title_index', columns: ['title'], unique: false }] }),
    page: table({}),
  };
  const after: Schema = {
    news: table({
      columns: [
        { name: 'id', type: 'integer', nullable: false, default: null },
        { name: 'title', type: 'varchar(100)', nullable: true, default: null },
        { name: 'body', type: 'text', nullable: true, default: null },
      ],
      primaryKey: ['id', 'title'],
      indexes: [{ name: 'news_title_index', columns: ['title DESC'], unique: true, where: 'title is not null' }],
      foreignKeys: [{ columns: ['id'], table: 'page', references: ['id'], onUpdate: 'NO ACTION', onDelete: 'CASCADE' }],
    }),
    page: table({ columns: [...table({}).columns].reverse() }),
    added: table({}),
  };
  t.deepEqual(schemaDifferences(before, after), [
    '+ table added: id, title',
    '- table gone',
    "~ news.title: varchar(50) not null default '' → varchar(100)",
    '+ news.body: text',
    '~ news index news_title_index: (title) → unique (title DESC) where title is not null',
    '+ news foreign key (id): references page (id) on update NO ACTION on delete CASCADE',
    '~ news primary key: (id) → (id, title)',
    '~ page column order: id, title → title, id',
  ]);
});
