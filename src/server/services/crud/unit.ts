import type { Knex } from 'knex';
import type { ResourceDef } from '../../../resources/types.ts';
import type { Services } from '../index.ts';
import type { Call, Row } from './call.ts';
import type { ResourceEngine } from './engine.ts';

/** What a save hook knows of the save it takes part in. */
export interface SaveContext {
  mode: 'add' | 'edit';
  call: Call;
  /** Every query of a hook that gets a transaction goes through it (SQLite has one connection). */
  trx: Knex.Transaction;
  /** The row as stored before an edit. */
  current?: Row;
  /** Validated values of the resource's virtual fields (not columns), for the hooks to store elsewhere. */
  virtual: Row;
}

/** A call and its transaction, for hooks that check or change rows. */
export interface RowContext {
  call: Call;
  trx: Knex.Transaction;
}

/**
 * An action served at `/admin/<controller>/<name>` under its `<resource>/<name>` rule: one beyond the generic
 * five, or one that replaces the generic action of its name (both its methods) where a table truly needs it.
 */
export interface Action {
  get?(call: Call, engine: ResourceEngine): Promise<unknown>;
  post?(call: Call, engine: ResourceEngine): Promise<unknown>;
  /** The admin log's title key when the menu rules do not name this action. */
  logTitle?: string;
  /** Refuse calls more often than this per address. */
  rateLimit?: { max: number; windowSec: number };
}

/**
 * The behaviour of a resource beyond what its definition declares (the reference's controller overrides),
 * as named hooks the engine calls. Every hook is optional; a resource without any is served by the
 * definition alone.
 */
export interface Behaviour {
  /** Columns a form may never write (balances, counters), whatever the definition says. */
  readonly?: readonly string[];
  /**
   * Rows this caller may change (and see, in a paged list), on top of the definition's data limit. A tree's
   * list shows what `visible` keeps.
   */
  scope?(query: Knex.QueryBuilder, call: Call): void;
  /** Shapes the rows of an answer, a page at a time: a list's, or the one row of a form (edit, info). */
  output?(rows: Row[], call: Call, view: 'list' | 'form'): Row[] | Promise<Row[]>;
  /** Fields a list answer carries beside `list`, `total` and `remark`. */
  listExtras?(call: Call): Promise<Row>;
  /** What GET edit answers for a row the caller may see (default `{row}`): a group's rules as leaves, say. */
  editForm?(row: Row, call: Call): Promise<Row>;
  /** What the add form (GET add) loads; without it the add form needs nothing from the server. */
  addForm?(call: Call): Promise<unknown>;
  /** Tree resources: which rows a `select` lookup offers as new choices (default: all). */
  selectable?(row: Row): boolean;
  /** Tree resources: rows this caller may list (applied after the query, with the caller's permissions). */
  visible?(rows: Row[], call: Call): Promise<Row[]>;
  /**
   * The rank check of changing a row (an admin above the caller, the caller's own group): run before every
   * edit, delete and move of a row, and before a rollback or a restore puts values back into one, so none of
   * them reaches what an edit could not. Throws a Refusal to refuse.
   */
  guard?(row: Row, ctx: RowContext): Promise<void>;
  /** Adjusts or checks the data about to be written; throw a Refusal to refuse. */
  beforeSave?(data: Row, ctx: SaveContext): Row | Promise<Row>;
  afterSave?(row: Row, ctx: SaveContext): void | Promise<void>;
  /** Returns the rows that may really be deleted (others are skipped silently), or throws to refuse. */
  beforeDelete?(rows: Row[], ctx: RowContext): Row[] | Promise<Row[]>;
  afterDelete?(rows: Row[], ctx: RowContext): void | Promise<void>;
  /** After a delete committed: work outside the transaction (files), and the answer when it says more. */
  deleted?(rows: Row[], call: Call): Promise<unknown>;
  /** Caches to drop after every write besides the definition's `cacheTags`: 'all', or cache tags. */
  invalidates?: 'all' | readonly string[];
  /** Actions by name: beyond index/add/edit/del/sortable, or replacing the generic one of that name. */
  actions?: Readonly<Record<string, Action>>;
}

/**
 * A resource unit: its definition and, when it needs any, its behaviour, built once per process from the
 * services it uses. Hand-written units are listed in src/resources/units.ts; the CRUD generator's are the
 * same type, with the behaviour that makes sense for data.
 */
export interface ResourceUnit {
  def: ResourceDef;
  behaviour?(services: Services): Behaviour;
}

/** Binds a behaviour to its definition where both are written (`src/resources/<area>/<name>.server.ts`). */
export function defineUnit(def: ResourceDef, behaviour?: (services: Services) => Behaviour): ResourceUnit {
  return behaviour ? { def, behaviour } : { def };
}
