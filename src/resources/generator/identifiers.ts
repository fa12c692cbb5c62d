import { DesignError } from './design.ts';

/**
 * Names a design may use (reference 5.3 item 3, item 7 of the issue): tables and columns are lower-case
 * identifiers of a length every supported database takes (PostgreSQL cuts at 63), never a reserved word,
 * and a resource's path is a few identifier segments. What needs the database (system tables, clashes with
 * existing routes) is checked by the generator service.
 */

export const TABLE_NAME_MAX = 48;
export const FIELD_NAME_MAX = 60;
export const RESOURCE_NAME_MAX = 100;
const SEGMENT_MAX = 40;

const IDENTIFIER = /^[a-z][a-z0-9_]*$/;
const SEGMENT = /^[a-z][A-Za-z0-9]*$/;

/** Words SQL (SQLite, PostgreSQL, MySQL) or TypeScript reserve: refused as table, column or path names. */
const RESERVED = new Set(
  `add all alter analyze and as asc authorization between both by case cast check collate column constraint create cross
  current_date current_time current_timestamp current_user database default deferrable delete desc distinct do drop else
  end except exists false fetch for foreign from full grant group having in index initially inner insert intersect into
  is join key leading left like limit localtime localtimestamp natural not null offset on only or order outer overlaps
  placing primary references returning right row rows select session_user similar some symmetric table then to trailing
  true union unique update user using values variadic verbose when where window with
  break catch class const continue debugger enum export extends finally function if import instanceof let new return
  super switch this throw try typeof var void while yield await static implements interface package private protected
  public any boolean number string symbol undefined object constructor prototype`.split(/\s+/),
);

/**
 * Request parameters the generic CRUD reads itself: a column so named would be taken for one of them
 * (`ids` on delete, `page` on the list...).
 */
const ENGINE_PARAMETERS = new Set(['ids', 'select', 'quicksearch', 'search', 'page', 'limit', 'order', 'initkey', 'initvalue', 'initoperator', 'uuid', 'batoken', 'server', 'targetid']);

export function isReserved(name: string): boolean {
  return RESERVED.has(name.toLowerCase());
}

/** Checks a table name; throws the refusal. */
export function checkTableName(name: string): void {
  if (!name) throw new DesignError('tableRequired');
  if (name.length > TABLE_NAME_MAX) throw new DesignError('tableTooLong', { table: name, max: TABLE_NAME_MAX });
  if (!IDENTIFIER.test(name) || name.includes('__') || name.endsWith('_')) throw new DesignError('tableInvalid', { table: name });
  if (isReserved(name)) throw new DesignError('tableReserved', { table: name });
}

/** Checks a column name; throws the refusal. */
export function checkFieldName(name: string): void {
  if (!name) throw new DesignError('fieldRequired');
  if (name.length > FIELD_NAME_MAX) throw new DesignError('fieldTooLong', { field: name, max: FIELD_NAME_MAX });
  // A double underscore is how the engine nests joined columns (`category__name`).
  if (!IDENTIFIER.test(name) || name.includes('__') || name.endsWith('_')) throw new DesignError('fieldInvalid', { field: name });
  if (isReserved(name) || ENGINE_PARAMETERS.has(name.toLowerCase())) throw new DesignError('fieldReserved', { field: name });
}

/** Where the file paths BuildAdmin's designer shows begin: dropped from a path that starts so (Helper::parseNameData). */
const FILE_ROOTS: ReadonlyArray<readonly string[]> = [
  ['app', 'admin', 'controller'],
  ['web', 'src', 'views', 'backend'],
];

/**
 * The path a design's resource takes (reference 5.3 item 3): the designer's relative path when it gives
 * one, else the table name. As BuildAdmin derives it, `.`, `/`, `\` and `_` all separate folders and a
 * `.php` ending or the leading folders of its file paths (`app/admin/controller/...`) are dropped, so
 * `test_build`, `test/build`, `test\build` and `app/admin/controller/test/Build.php` all give
 * `test/build`. Each part starts lower-case (`shop\OrderItem` → `shop/orderItem`); the rest of its case is
 * kept, as earlier paths had it.
 */
export function resourceNameOf(table: string, relativePath = ''): string {
  const parts = (relativePath.trim() || table.trim())
    .replace(/\.php$/i, '')
    .split(/[./\\_]/)
    .filter(Boolean);
  const root = FILE_ROOTS.find((folders) => folders.every((folder, i) => parts[i] === folder));
  return parts
    .slice(root?.length ?? 0)
    .map((part) => part.charAt(0).toLowerCase() + part.slice(1))
    .join('/');
}

/** Checks a resource path (`test/build`, `shop/orderItem`); throws the refusal. */
export function checkResourceName(name: string): void {
  const segments = name.split('/');
  const valid =
    name.length <= RESOURCE_NAME_MAX &&
    segments.length <= 4 &&
    segments.every((s) => SEGMENT.test(s) && s.length <= SEGMENT_MAX);
  if (!valid) throw new DesignError('pathInvalid', { path: name });
}
