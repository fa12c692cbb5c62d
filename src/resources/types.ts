import type { MenuIconName } from '../shared/icons.ts';
import type { Lang } from '../shared/i18n/langs.ts';
import type { SectionKey } from '../shared/sections.ts';

/**
 * Resource definitions (ARCHITECTURE section 3): each admin-managed table is described once, and that one
 * description drives the generic CRUD handler, the admin table and form, the validation and the menu rule.
 *
 * Labels are not written here: they are catalogue keys of the `resources` namespace, derived from the
 * resource name, so both languages stay in the locale files (a test checks every key exists):
 *   `<name>.title`, `<name>.fields.<field>`, `<name>.options.<field>.<value>`.
 * A name's slash is safe in these keys (i18next splits only on '.' and the ':' after the namespace), so
 * `t('resources:content/news.title')` works as written.
 *
 * Definitions made by the CRUD generator are the same type, stored in the database; they carry their labels
 * in `labels` (both languages), which then win over the catalogue.
 */

/** Widget / storage kinds of a field (the reference's design types; pk and spk are the generator's own). */
export const FIELD_TYPES = [
  'string',
  'password',
  'textarea',
  'editor',
  'number',
  'float',
  'switch',
  'select',
  'radio',
  'checkbox',
  'selects',
  'date',
  'datetime',
  'timestamp',
  'image',
  'images',
  'file',
  'files',
  'remoteSelect',
  'remoteSelects',
  'city',
  'icon',
  'color',
  'url',
  'weigh',
  'array',
  'year',
  'time',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Checks a form value must pass besides its type's own (the reference designer's `form.validator`). */
export const FIELD_VALIDATORS = ['email', 'mobile', 'idCard', 'account', 'url', 'number', 'integer', 'date'] as const;
export type FieldValidator = (typeof FIELD_VALIDATORS)[number];

/** The `search[]` operators of reference 2.1. */
export const SEARCH_OPERATORS = ['eq', 'ne', 'gt', 'egt', 'lt', 'elt', 'LIKE', 'NOT LIKE', 'IN', 'NOT IN', 'RANGE', 'NOT RANGE', 'FIND_IN_SET', 'NULL', 'NOT NULL'] as const;
export type SearchOperator = (typeof SEARCH_OPERATORS)[number];

/** A text in each language of the portal. */
export type Bilingual = Readonly<Record<Lang, string>>;

/** Labels written into a definition instead of the catalogue: title, field titles, option labels per field. */
export interface ResourceLabels {
  title: Bilingual;
  fields: Readonly<Record<string, Bilingual>>;
  options?: Readonly<Record<string, Readonly<Record<string, Bilingual>>>>;
}

/** How a value shows in the admin table. */
export const COLUMN_RENDERS = ['text', 'tag', 'tags', 'image', 'images', 'datetime', 'switch', 'url', 'color', 'icon'] as const;
export type ColumnRender = (typeof COLUMN_RENDERS)[number];

/** Whether an admin table column gives way to the main text column when room is short (FieldDef `list`). */
export type ColumnPriority = 'high' | 'low';

export interface FieldDef {
  /** Column name. */
  name: string;
  type: FieldType;
  /** Bilingual content: a sibling column `<name>_en` holds English; public pages fall back to `<name>`. */
  localized?: boolean;
  required?: boolean;
  /** Default for new rows (also the column default in the migration). */
  default?: string | number | boolean | null;
  /** Max length for text types, max value for numbers. */
  max?: number;
  min?: number;
  /** Choices for select/radio/checkbox/selects/switch: the stored values; labels come from the catalogue. */
  options?: readonly (string | number)[];
  /**
   * remoteSelect(s): the resource whose rows are offered, which of its fields labels them, and values a form
   * leaves out (a rule's own subtree as its parent, say).
   */
  remote?: {
    resource: string;
    labelField: string;
    exclude?: readonly string[];
    /** More columns of the remote row a list shows (nested under the relation) and may search. */
    columns?: readonly string[];
  };
  /** float: decimal places a value may have. */
  precision?: number;
  /**
   * float: money, entered and answered in yuan and stored in whole cents like the ledgers (`fee` 12.50 is
   * 1250 in the table), so sums never meet a rounding error.
   */
  cents?: boolean;
  /** Further checks of the form value (server and form alike). */
  validators?: readonly FieldValidator[];
  /**
   * Admin table column; `false` hides it from the list (it can still be edited). `priority`: a `low` column
   * gives way (is hidden until the admin shows it) when the table lacks room for its main text column; without
   * it the key, the drag order and, where rows are edited, their created and updated times are low, the rest stay.
   */
  list?:
    | false
    | { render?: ColumnRender; sortable?: boolean; operator?: SearchOperator | false; width?: number; hidden?: boolean; timeFormat?: string; priority?: ColumnPriority };
  /** `false`: not in the add/edit form (computed or system columns). */
  form?: false | { rows?: number; placeholder?: boolean; step?: number };
  /** Not a column of the table: validated with the form and handed to the resource's save hooks. */
  virtual?: boolean;
  /**
   * Holds copies of other rows' values (the recycle bin's rows, a change log's before and after): shown, but
   * never filtered, sorted or searched on, or a LIKE could read a stored value a character at a time.
   */
  opaque?: boolean;
}

/**
 * Visitors find the rows with the site search (`/search`, `/api/search`). Only rows the public may see now are
 * found, by the resource's publish rule (which a searchable resource must declare); secret, hidden and opaque columns are never searched or shown. Localized columns are searched in the
 * reader's language (English falling back to the Chinese text where a row has none).
 */
export interface SearchMode {
  /** What a result is called: a key of the `search` catalogue's `types`; without it, the resource's title. */
  type?: string;
  /** The column of a result's title: rows matching in it come before rows matching in the body only. */
  title: string;
  /** The other columns searched and quoted in the snippet (rich text is read as plain text). */
  body: readonly string[];
  /** The time shown with a result; newer results come first among equals. */
  time: string;
  /** The public page of a row, `{id}` standing for its key: `/news/info?id={id}` (SEARCH_URL). */
  url: string;
}

/** A result's address: a page of this site, or another site's address. */
export const SEARCH_URL = /^(\/(?!\/)|https?:\/\/)[^\s"<>]*$/;

/** The columns a resource declaring sign-ups has, each with its meaning (SignupMode). */
export const SIGNUP_COLUMNS = {
  /** Places (0: no limit). */
  capacity: 'capacity',
  /** What a place costs, in cents (a `cents` field; 0: free), charged from the member's balance. */
  fee: 'fee',
  /** Sign-ups open then (optional column; 0 or empty: as soon as the row is public). */
  start: 'signup_start',
  /** Sign-ups close then; empty: the row takes no sign-ups. */
  end: 'signup_end',
  /** Cancelling (with the fee refunded) is possible until then (optional column; empty: until the start). */
  cancelEnd: 'cancel_end',
} as const;

/**
 * Members sign up for the rows (brand activities, or any table declaring it): places, a fee from the balance,
 * a waitlist, cancellation with refund, check-in codes, and notices. The table has the columns of
 * SIGNUP_COLUMNS (`signup_start` and `cancel_end` optional).
 */
export interface SignupMode {
  /** The column naming a row in messages, the ledger and the roster (localized or not). */
  title: string;
  /** The column of the start time (Unix seconds): sign-ups end by then, and the reminder goes a day before. */
  start: string;
}

/** A table whose rows form a tree through `pid`, the parent's `id` (0 for a root): rules, groups, departments. */
export interface TreeMode {
  /** The column a quick search (every word) and a `select` lookup's indented labels read. */
  label: string;
}

/**
 * What "published" means for a resource's rows (docs/architecture.md, "Publishing"): the public sees a row
 * when its status column holds the published value, its category (when declared) is public too, and, with a
 * publish-time field, once that second has come. Before it the row is "scheduled": hidden from every public
 * read (pages, feeds, sitemap, search, the API) and shown by the cached pages of every process at its time.
 */
export interface PublishRule {
  /** The column that says whether a row is published; default `status`. */
  status?: string;
  /** The value of that column for a published row; default '1' (the status switch). */
  value?: string;
  /** A timestamp column (Unix seconds): the row is public from that second on. */
  field?: string;
  /** A remoteSelect field: the row is public only while the row it names is (an article's category). */
  category?: string;
  /** The public page of one row, to which `?id=<key>` is added: its preview links and sitemap entries. */
  page?: string;
}

export interface ResourceDef {
  /** Rule name and admin route, e.g. 'content/news' → `/admin/content.News/<action>`, screen 'content/news'. */
  name: string;
  table: string;
  /** Primary key column. */
  pk: string;
  /**
   * The key is a snowflake id (the generator's `spk`): a 64-bit number the server sets before the insert,
   * read and answered as a decimal string (a JavaScript number holds only 53 bits), as are the remote
   * selects that point at such a row.
   */
  snowflake?: boolean;
  fields: readonly FieldDef[];
  quickSearch: readonly string[];
  defaultOrder: readonly [string, 'asc' | 'desc'];
  /** Column used by drag sorting (`sortable` action), when the table has one. */
  weighField?: string;
  /** Maintain create_time / update_time (Unix seconds). */
  timestamps: boolean;
  /**
   * Menu placement: the parent menu_dir rule name, icon (a BuildAdmin icon name, src/shared/icons.ts) and order.
   * The rule's component is the view path of the resource name (src/shared/views.ts).
   */
  menu: { parent: string; icon: MenuIconName; weigh: number };
  /** Public sections whose cached pages show these rows, re-rendered after any change. */
  cacheTags?: readonly SectionKey[];
  /**
   * Admin actions, each guarded by its `<name>/<action>` permission button (default: index, add, edit, del,
   * and sortable with a weigh field). Actions beyond the generic five need routes of their own.
   */
  actions?: readonly string[];
  /** Rows deleted through the admin are copied to the recycle bin. */
  recycle?: boolean;
  /** Row scoping by owner column (reference 2.3); false = none. */
  dataLimit?: false | 'personal' | 'parent' | 'allAuth' | 'allAuthAndOthers';
  dataLimitField?: string;
  /** Labels of a generated definition, in both languages (hand-written ones use the catalogue). */
  labels?: ResourceLabels;
  /**
   * Rows form a tree: the index answers all of them (a tree with `isTree`, indented options for `select`),
   * not pages, as the reference's rule and group lists do.
   */
  tree?: TreeMode;
  /** Bookkeeping columns never answered (login failure counts, say); copied as they are into the recycle bin. */
  hidden?: readonly string[];
  /**
   * Columns that hold secrets (hashes, salts, tokens, keys), besides password fields: never answered,
   * filtered, sorted or searched on, and masked in every copy of a row (recycle bin, logs).
   */
  secret?: readonly string[];
  /** Rows shown on the public site: what "published" means for them (see PublishRule). */
  publish?: PublishRule;
  /**
   * Every save keeps the version it replaced (who, when, what changed), to compare and put back: `true` keeps
   * as many per row as the site's `revision_keep` setting says, `{keep}` that many (0: all).
   */
  revisions?: boolean | { keep: number };
  /**
   * Whether the list leaves as a CSV or XLSX file and rows come in from one (both by default, see
   * transfer.ts); `import: false` where a row is more than its form (a ledger line moves a balance).
   */
  transfer?: { export?: boolean; import?: boolean };
  /**
   * What the dashboard lists as needing doing among these rows (src/resources/todo.ts): rows waiting for
   * staff (`field` equal to `value`), or rows whose time `field` falls within the coming `days`. Posts
   * scheduled to appear follow from `publish` without a word here.
   */
  todo?: { kind: 'waiting'; field: string; value: string } | { kind: 'upcoming'; field: string; days: number };
  /** Visitors find the rows with the site search. */
  search?: SearchMode;
  /** Members sign up for the rows. */
  signup?: SignupMode;
}

const GENERIC_ACTIONS = ['index', 'add', 'edit', 'del', 'sortable'] as const;
export type GenericAction = (typeof GENERIC_ACTIONS)[number];

/** The actions of a resource: its own list, or the generic ones it supports. */
export function actionsOf(def: ResourceDef): readonly string[] {
  return def.actions ?? ['index', 'add', 'edit', 'del', ...(def.weighField ? ['sortable'] : [])];
}

/** Whether the server has this action of the resource: the admin shows no button for one it lacks. */
export function offers(def: ResourceDef, action: string): boolean {
  return actionsOf(def).includes(action);
}

/** Which of a resource's actions the generic CRUD serves. */
export function genericActionsOf(def: ResourceDef): GenericAction[] {
  return GENERIC_ACTIONS.filter((a) => actionsOf(def).includes(a));
}

/** Identity helper so definitions are type-checked where they are written. */
export function defineResource<const R extends ResourceDef>(def: R): R {
  return def;
}

/** Columns whose values never leave the server: password fields (a virtual one names the stored hash) and the declared secrets. */
export function secretColumns(def: ResourceDef): string[] {
  return [...new Set([...def.fields.filter((f) => f.type === 'password').map((f) => f.name), ...(def.secret ?? [])])];
}

/** Columns never answered: the secrets and the bookkeeping columns. */
export function unansweredColumns(def: ResourceDef): string[] {
  return [...new Set([...secretColumns(def), ...(def.hidden ?? [])])];
}

/** Columns a search may never read: the unanswered ones and the copies of other rows. */
export function unsearchableColumns(def: ResourceDef): string[] {
  return [...unansweredColumns(def), ...def.fields.filter((f) => f.opaque).map((f) => f.name)];
}
