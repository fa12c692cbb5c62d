/**
 * What the dashboard says needs doing (issue 28, item 5), read from the resources' declarations: rows
 * waiting for staff (`todo.kind = 'waiting'`), rows coming up (`'upcoming'`, with their sign-up counts when
 * the resource takes sign-ups), and published rows whose publish time is still to come (`publish.field`).
 * Beside them, payment notifications that failed (`'failed'`, services/pay/notifyFailures.ts). Each is one
 * section, linking to the screen that handles it.
 */
import { publishingOf } from './publishing.ts';
import type { ResourceDef } from './types.ts';

export type TodoKind = 'waiting' | 'upcoming' | 'scheduled' | 'failed';

/** Days ahead a scheduled post is listed. */
export const SCHEDULED_DAYS = 7;

/** One section's question: rows whose `field` equals `value`, or whose time `field` is within `days` from now. */
export type TodoQuestion = { kind: 'waiting'; field: string; value: string } | { kind: 'upcoming' | 'scheduled'; field: string; days: number; where?: { field: string; value: string } };

/** The sections a resource declares, in the order the dashboard shows them. */
export function todoQuestions(def: ResourceDef): TodoQuestion[] {
  const questions: TodoQuestion[] = [];
  if (def.todo) questions.push(def.todo);
  const publishing = publishingOf(def);
  if (publishing?.field) questions.push({ kind: 'scheduled', field: publishing.field, days: SCHEDULED_DAYS, where: { field: publishing.status, value: publishing.value } });
  return questions;
}

/** A section of the dashboard's "needs doing" (GET /admin/Dashboard/index, `todo`). */
export interface TodoSection {
  /** The resource whose screen handles it: `<admin base>/<name>`. */
  name: string;
  kind: TodoKind;
  /** The resource's title in the admin's language. */
  title: string;
  /** Days ahead, for upcoming and scheduled rows; days back, for failed notifications. */
  days: number | null;
  total: number;
  /** The first rows: the oldest waiting, the soonest coming, the latest failed. */
  items: TodoItem[];
}

export interface TodoItem {
  id: number;
  label: string;
  time: number;
  /** A coming row that takes sign-ups: places taken of `places` (0: no limit), and the waitlist. */
  signups?: { confirmed: number; places: number; waitlisted: number };
}
