import type { Knex } from 'knex';
import { catalogueFiles } from '../../src/server/moduleFolders.ts';
import { toResources } from '../../src/shared/i18n/catalogues.ts';

/**
 * Names the system itself creates become bilingual (issue 17 item 7): beside each stored name an English
 * sibling column, as content has (`title` / `title_en`), shown in the reader's language; a name staff
 * entered in one language falls back to it visibly. New databases are seeded with both; this adds the
 * columns and fills them for rows the system created, recognised by their stored Chinese text matching
 * the catalogue the seeds draw from (the catalogues as they are when it runs). A row staff renamed keeps
 * an empty English name, and English readers see its Chinese one, marked.
 */

const COLUMNS: [table: string, column: string, size: number | 'text'][] = [
  ['admin_rule', 'title_en', 50],
  ['user_rule', 'title_en', 50],
  ['admin_group', 'name_en', 100],
  ['user_group', 'name_en', 50],
  ['admin_log', 'title_en', 100],
  ['user_message', 'title_en', 200],
  ['user_message', 'content_en', 'text'],
  ['config', 'title_en', 50],
  ['config', 'tip_en', 255],
  ['security_data_recycle', 'name_en', 50],
  ['security_sensitive_data', 'name_en', 50],
  ['user_money_log', 'memo_en', 255],
  ['user_score_log', 'memo_en', 255],
];

type Catalogue = Record<string, unknown>;

// Through the server's catalogue loader, so the bundle (which has no src/locales folder) reads the same.
let loaded: ReturnType<typeof toResources> | null = null;

/** A namespace of the catalogues as they are when the migration runs (part files merged). */
function catalogue(lang: string, ns: string): Catalogue {
  loaded ??= toResources(catalogueFiles());
  return (loaded[lang]?.[ns] ?? {}) as Catalogue;
}

function lookup(cat: Catalogue, keys: string[]): string {
  let node: unknown = cat;
  for (const k of keys) node = node && typeof node === 'object' ? (node as Catalogue)[k] : undefined;
  return typeof node === 'string' ? node : '';
}

/** A catalogue entry: its namespace and key path. */
type Entry = [ns: string, path: string[]];

/** Chinese → English of catalogue entries, where both languages have them. */
function pairs(entries: Entry[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const [ns, path] of entries) {
    const zh = lookup(catalogue('zh-cn', ns), path);
    const en = lookup(catalogue('en', ns), path);
    if (zh && en) out.set(zh, en);
  }
  return out;
}

/** The entries directly under a key path. */
function entriesUnder(ns: string, prefix: string[]): Entry[] {
  const node = prefix.reduce<unknown>((n, k) => (n && typeof n === 'object' ? (n as Catalogue)[k] : undefined), catalogue('zh-cn', ns));
  return node && typeof node === 'object' ? Object.keys(node).map((k): Entry => [ns, [...prefix, k]]) : [];
}

interface Row {
  id: number;
  [column: string]: unknown;
}

/** Fills `<column>_en` for rows whose `<column>` is a known Chinese name and whose English is empty. */
async function fill(knex: Knex, table: string, column: string, names: (row: Row) => Map<string, string>): Promise<void> {
  const size = COLUMNS.find(([t, c]) => t === table && c === `${column}_en`)![2] as number;
  for (const row of (await knex(table).select('*')) as Row[]) {
    if (String(row[`${column}_en`] ?? '')) continue;
    const english = names(row).get(String(row[column] ?? ''));
    if (english) await knex(table).where({ id: row.id }).update({ [`${column}_en`]: english.slice(0, size) });
  }
}

export async function up(knex: Knex): Promise<void> {
  for (const [table, column, size] of COLUMNS) {
    await knex.schema.alterTable(table, (t) => {
      if (size === 'text') t.text(column);
      else t.string(column, size).notNullable().defaultTo('');
    });
  }

  // Menu rules: by the catalogue entry of their name, buttons by their action.
  const buttons = pairs(entriesUnder('admin-screens-auth', ['buttons']));
  // Where the seeds took a menu's title from: the shell's menu catalogue, a resource, a module's own.
  const ruleNames = (ns: string, name: string) =>
    pairs([
      [ns, ['menu', name]],
      ['resources', ['menu', name]],
      ['resources', [name, 'title']],
      ['wechat', ['seed', 'menu', name.split('/').pop() ?? '']],
    ]);
  await fill(knex, 'admin_rule', 'title', (row) => (row.type === 'button' ? buttons : ruleNames('admin', String(row.name))));
  await fill(knex, 'user_rule', 'title', (row) => ruleNames('user', String(row.name)));

  // Seeded groups and security rules, by their Chinese names.
  await fill(knex, 'admin_group', 'name', () => pairs(entriesUnder('system-names', ['adminGroups'])));
  await fill(knex, 'user_group', 'name', () => pairs(entriesUnder('system-names', ['memberGroups'])));
  const ruleName = (kind: string, row: Row) => pairs([['system-names', [kind, String(row.controller)]], ['resources', [String(row.controller), 'title']]]);
  await fill(knex, 'security_data_recycle', 'name', (row) => ruleName('recycleRules', row));
  await fill(knex, 'security_sensitive_data', 'name', (row) => ruleName('sensitiveRules', row));

  // Config titles and tips were English catalogue keys: now the Chinese text, with the English beside it.
  const configText = (lang: string) => (catalogue(lang, 'admin-routine').configText ?? {}) as Record<string, string>;
  const [zhConfig, enConfig] = [configText('zh-cn'), configText('en')];
  for (const row of (await knex('config').select('id', 'title', 'tip')) as Row[]) {
    const change: Record<string, string> = {};
    for (const column of ['title', 'tip']) {
      const key = String(row[column] ?? '');
      if (key && zhConfig[key] && enConfig[key]) Object.assign(change, { [column]: zhConfig[key], [`${column}_en`]: enConfig[key] });
    }
    if (Object.keys(change).length) await knex('config').where({ id: row.id }).update(change);
  }

  // Admin log titles: an explicit title was an English key; a derived one "<menu>-<action>" in Chinese.
  const logTitles = pairs(entriesUnder('system-names', ['logTitles']));
  const logKeys = new Map(entriesUnder('system-names', ['logTitles']).map(([, path]) => [path[1]!, path]));
  const ruleTitles = new Map((await knex('admin_rule').whereNot('title_en', '').select('title', 'title_en')).map((r: Row) => [String(r.title), String(r.title_en)]));
  const unknown = (zh: string) => {
    const m = /^Unknown\((.*)\)$/.exec(zh);
    return m ? { zh: lookup(catalogue('zh-cn', 'system-names'), ['unknownAction']).replace('{{action}}', m[1]!), en: lookup(catalogue('en', 'system-names'), ['unknownAction']).replace('{{action}}', m[1]!) } : null;
  };
  for (const row of (await knex('admin_log').where('title_en', '').select('id', 'title')) as Row[]) {
    const title = String(row.title);
    const key = logKeys.get(title);
    if (key) {
      const zh = lookup(catalogue('zh-cn', 'system-names'), key);
      await knex('admin_log').where({ id: row.id }).update({ title: zh, title_en: logTitles.get(zh) ?? title });
      continue;
    }
    const cut = title.lastIndexOf('-');
    if (cut <= 0) continue;
    const [menu, action] = [title.slice(0, cut), title.slice(cut + 1)];
    const actionPair = unknown(action) ?? (ruleTitles.has(action) || buttons.has(action) ? { zh: action, en: ruleTitles.get(action) ?? buttons.get(action)! } : null);
    const menuEn = ruleTitles.get(menu);
    if (menuEn && actionPair) await knex('admin_log').where({ id: row.id }).update({ title: `${menu}-${actionPair.zh}`.slice(0, 100), title_en: `${menuEn}-${actionPair.en}`.slice(0, 100) });
  }

  // Inbox messages were written as "中文 / English" and "中文\n\nEnglish": split them where that is certain.
  for (const row of (await knex('user_message').where('title_en', '').select('id', 'title', 'content')) as Row[]) {
    const titles = String(row.title).split(' / ');
    const contents = String(row.content).split('\n\n');
    if (titles.length === 2 && contents.length === 2) {
      await knex('user_message').where({ id: row.id }).update({ title: titles[0], title_en: titles[1], content: contents[0], content_en: contents[1] });
    }
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const [table, column] of [...COLUMNS].reverse()) {
    await knex.schema.alterTable(table, (t) => t.dropColumn(column));
  }
}
