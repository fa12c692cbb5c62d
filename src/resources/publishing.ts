import type { ResourceDef } from './types.ts';

/**
 * A resource's `publish` rule with its defaults filled in, and the row-in-hand questions both sides ask of it
 * (the admin list's "scheduled" badge, the server's timers). The SQL form of "visible now" is the server's
 * src/server/services/publicVisibility.ts.
 */
export interface Publishing {
  status: string;
  value: string;
  field: string | null;
  category: string | null;
  page: string | null;
}

/** What "published" means for a resource, or null for one the public never sees. */
export function publishingOf(def: ResourceDef): Publishing | null {
  const rule = def.publish;
  if (!rule) return null;
  return { status: rule.status ?? 'status', value: rule.value ?? '1', field: rule.field ?? null, category: rule.category ?? null, page: rule.page ?? null };
}

/** Whether a row is published but waits for its publish time (Unix seconds after `at`). */
export function isScheduled(row: Readonly<Record<string, unknown>>, def: ResourceDef, at: number): boolean {
  const publishing = publishingOf(def);
  if (!publishing?.field || String(row[publishing.status] ?? '') !== publishing.value) return false;
  const time = Number(row[publishing.field]);
  return Number.isFinite(time) && time > at;
}
