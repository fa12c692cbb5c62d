import type { Knex } from 'knex';
import { columnsOf } from '../../../resources/naming.ts';
import { unansweredColumns, type ResourceDef } from '../../../resources/types.ts';
import type { RevisionAction, RevisionEntry } from '../../../shared/revisions.ts';
import { now } from '../clock.ts';
import type { Actor, Row } from './call.ts';

/** The config item that says how many earlier versions of each row are kept (0: all). */
export const REVISION_KEEP_SETTING = 'revision_keep';
export const DEFAULT_REVISION_KEEP = 50;
/** At most this many revisions of a row are listed. */
const LISTED = 200;

/**
 * The columns a revision keeps: those the resource's form writes (both languages of a localized field),
 * never a secret, hidden, password, virtual or read-only one, nor the key or the drag order. Putting a
 * revision back writes only these, so it cannot reach a balance, a hash or a counter, nor reorder the list.
 */
export function revisedColumns(def: ResourceDef, readonly: readonly string[] = []): string[] {
  const never = new Set([def.pk, ...unansweredColumns(def), ...readonly, ...(def.weighField ? [def.weighField] : [])]);
  return def.fields.filter((f) => f.form !== false && f.type !== 'password').flatMap(columnsOf).filter((c) => !never.has(c));
}

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

function pick(row: Row, columns: readonly string[]): Row {
  return Object.fromEntries(columns.filter((c) => c in row).map((c) => [c, row[c]]));
}

/**
 * Keeps the version a save replaced, when it changed any revised column: who, when, which columns and their
 * values before. With `keep` above 0, only that many of the row's newest revisions stay.
 */
export async function recordRevision(trx: Knex.Transaction, def: ResourceDef, columns: readonly string[], before: Row, after: Row, actor: Actor, action: RevisionAction, keep: number): Promise<void> {
  const changed = columns.filter((c) => c in after && text(before[c]) !== text(after[c]));
  if (changed.length === 0) return;
  const rowId = String(before[def.pk]);
  await trx('revision').insert({
    resource: def.name,
    row_id: rowId,
    action,
    fields: JSON.stringify(changed),
    data: JSON.stringify(pick(before, columns)),
    admin_id: actor.admin.id,
    username: actor.admin.username.slice(0, 50),
    create_time: now(),
  });
  if (keep <= 0) return;
  const oldestKept = await trx('revision').where({ resource: def.name, row_id: rowId }).orderBy('id', 'desc').offset(keep - 1).first<{ id: number } | undefined>('id');
  if (oldestKept) await trx('revision').where({ resource: def.name, row_id: rowId }).where('id', '<', oldestKept.id).delete();
}

interface StoredRevision {
  id: number;
  action: string;
  fields: string;
  data: string;
  username: string;
  create_time: number | string;
}

function entryOf(row: StoredRevision, columns: readonly string[]): RevisionEntry {
  const fields = JSON.parse(row.fields) as string[];
  return {
    id: Number(row.id),
    action: row.action as RevisionAction,
    // Columns the resource no longer revises (or never should have) are not shown or put back.
    fields: fields.filter((f) => columns.includes(f)),
    data: pick(JSON.parse(row.data) as Row, columns),
    username: row.username,
    time: Number(row.create_time),
  };
}

/** The kept revisions of a row, newest first. */
export async function listRevisions(knex: Knex, def: ResourceDef, rowId: string, columns: readonly string[]): Promise<RevisionEntry[]> {
  const rows = await knex('revision').where({ resource: def.name, row_id: rowId }).orderBy('id', 'desc').limit(LISTED).select<StoredRevision[]>('id', 'action', 'fields', 'data', 'username', 'create_time');
  return rows.map((r) => entryOf(r, columns));
}

/** One revision of a row, or null when it is not one of that row's. */
export async function findRevision(trx: Knex.Transaction, def: ResourceDef, rowId: string, id: number, columns: readonly string[]): Promise<RevisionEntry | null> {
  const row = await trx('revision').where({ resource: def.name, row_id: rowId, id }).first<StoredRevision | undefined>('id', 'action', 'fields', 'data', 'username', 'create_time');
  return row ? entryOf(row, columns) : null;
}
