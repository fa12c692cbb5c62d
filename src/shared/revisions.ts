/** What `GET /admin/<controller>/revisions` answers (issue 28, item 2): a row's kept versions and its current values. */

/** How a revision came about: a save, a restore of an earlier revision, a rollback from the sensitive-data log. */
export type RevisionAction = 'edit' | 'restore' | 'rollback';

export interface RevisionEntry {
  id: number;
  action: RevisionAction;
  /** The columns that save changed. */
  fields: string[];
  /** The values the row had before that save (the revised columns only). */
  data: Record<string, unknown>;
  /** Who saved. */
  username: string;
  /** When (Unix seconds). */
  time: number;
}

export interface RevisionList {
  /** Newest first. */
  list: RevisionEntry[];
  /** The row's values now, in the same columns. */
  current: Record<string, unknown>;
}
