import { z } from 'zod';
import { lazySchema } from '../../../shared/schemas/lazySchema.ts';

/** Why a backup was made; part of its file name. */
export const BACKUP_KINDS = ['manual', 'daily', 'pre-restore', 'cli', 'upload'] as const;
export type BackupKind = (typeof BACKUP_KINDS)[number];

export const MANIFEST_NAME = 'manifest.json';
export const DATABASE_NAME = 'portal.sqlite';
/** Uploaded files keep their path below DATA_DIR, so /storage/... urls in the database stay true. */
export const FILES_PREFIX = 'storage/';

/** `canal-portal-20261123-031500-daily.tar.gz`: sortable by time, and nothing else is accepted as a name. */
export const BACKUP_NAME = new RegExp(`^canal-portal-(\\d{8})-(\\d{6})(?:-\\d+)?-(${BACKUP_KINDS.join('|')})\\.tar\\.gz$`);

/** A backup's manifest, checked when one is restored (the schema is made then). */
export const manifestSchema = lazySchema(() => {
  const fileEntry = z.object({
    path: z.string().min(1),
    bytes: z.number().int().nonnegative(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  });
  return z.object({
    format: z.literal(1),
    app: z.literal('canal-portal'),
    /** Portal version that wrote it. */
    version: z.string(),
    /** The newest migration the database had: a restore refuses one newer than the code knows. */
    migration: z.string(),
    createdAt: z.number().int(),
    kind: z.enum(BACKUP_KINDS),
    database: fileEntry,
    files: z.array(fileEntry),
  });
});
export type FileEntry = BackupManifest['database'];
export type BackupManifest = z.infer<ReturnType<typeof manifestSchema>>;

/** What the admin list shows of a stored backup, from its name and size alone. */
export interface BackupListItem {
  name: string;
  kind: BackupKind;
  /** Unix seconds, from the name. */
  createTime: number;
  bytes: number;
}

export function parseBackupName(name: string, bytes: number): BackupListItem | null {
  const m = BACKUP_NAME.exec(name);
  if (!m) return null;
  const [d, t] = [m[1]!, m[2]!];
  const time = Date.UTC(+d.slice(0, 4), +d.slice(4, 6) - 1, +d.slice(6, 8), +t.slice(0, 2), +t.slice(2, 4), +t.slice(4, 6));
  return { name, kind: m[3] as BackupKind, createTime: Math.floor(time / 1000), bytes };
}

/** A new name for a backup made now (UTC in the name, so it sorts the same on every host). */
export function backupName(kind: BackupKind, now: Date, taken: (name: string) => boolean): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  let name = `canal-portal-${stamp}-${kind}.tar.gz`;
  for (let i = 2; taken(name); i++) name = `canal-portal-${stamp}-${i}-${kind}.tar.gz`;
  return name;
}
