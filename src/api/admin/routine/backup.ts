import fsp from 'node:fs/promises';
import { BackupRefused, type CheckResult } from '../../../server/services/backup/index.ts';
import { BACKUP_NAME } from '../../../server/services/backup/manifest.ts';
import type { Services } from '../../../server/services/index.ts';
import { receiveFile } from '../../receiveFile.ts';
import type { ApiRoute } from '../../types.ts';
import { Refusal, Success } from '../../../server/errors.ts';

/** An uploaded archive may be as large as a whole site; the same limit the disk check works with is enough. */
const MAX_UPLOAD_BYTES = 4 * 1024 * 1024 * 1024;

function backupName(input: Record<string, unknown>): string {
  const name = input.name;
  if (typeof name !== 'string' || !BACKUP_NAME.test(name)) throw new Refusal('backup:notFound');
  return name;
}

/** Runs a backup call, answering refusals (nothing changed) with their message in the caller's language. */
async function refusing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof BackupRefused) throw new Refusal(`backup:${err.reason}`, 0, null, err.params);
    throw err;
  }
}

function summary(result: CheckResult) {
  const { manifest } = result;
  return {
    version: manifest.version,
    migration: manifest.migration,
    createTime: manifest.createdAt,
    kind: manifest.kind,
    databaseBytes: manifest.database.bytes,
    files: result.files,
    filesBytes: result.bytes,
  };
}

/**
 * routine/backup (ours; the reference has none): super admins list, make, check, restore, download, upload
 * and delete whole-site backups.
 */
export function backupRoutes(services: Services): ApiRoute[] {
  const { backup, config } = services;
  const base = '/admin/routine.Backup';
  return [
    {
      methods: ['GET'],
      path: `${base}/index`,
      auth: 'superAdmin',
      handler: async () => ({ list: await backup.list(), schedule: { time: config.backupTime, keep: config.backupKeep } }),
    },
    {
      methods: ['POST'],
      path: `${base}/create`,
      auth: 'superAdmin',
      handler: () => refusing(async () => {
        const item = await backup.create('manual');
        return new Success(item, 'backup:created', { name: item.name });
      }),
    },
    {
      methods: ['POST'],
      path: `${base}/verify`,
      auth: 'superAdmin',
      handler: ({ input }) => refusing(async () => new Success(summary(await backup.check(backupName(input))), 'backup:checked')),
    },
    {
      methods: ['POST'],
      path: `${base}/restore`,
      auth: 'superAdmin',
      handler: ({ input }) =>
        refusing(async () => {
          const result = await backup.restore(backupName(input));
          return new Success({ ...summary(result), safety: result.safety }, 'backup:restored', { name: result.safety.name });
        }),
    },
    {
      methods: ['GET'],
      path: `${base}/download`,
      auth: 'superAdmin',
      handler: ({ ctx, input }) =>
        refusing(async () => {
          const { stream, item } = await backup.download(backupName(input));
          ctx.set('Content-Disposition', `attachment; filename="${item.name}"`);
          ctx.set('Cache-Control', 'no-store');
          ctx.type = 'application/gzip';
          ctx.length = item.bytes;
          ctx.body = stream;
        }),
    },
    {
      methods: ['POST'],
      path: `${base}/del`,
      auth: 'superAdmin',
      handler: ({ input }) =>
        refusing(async () => {
          await backup.remove(backupName(input));
          return new Success(null, 'backup:deleted');
        }),
    },
    {
      methods: ['POST'],
      path: `${base}/upload`,
      auth: 'superAdmin',
      rawBody: true,
      handler: ({ ctx }) =>
        refusing(async () => {
          const dir = await services.scratch.folder('backup-upload-');
          try {
            const file = await receiveFile(ctx.req, dir, { maxBytes: MAX_UPLOAD_BYTES });
            if (file === 'tooLarge') throw new BackupRefused('unreadable');
            if (file === 'none') throw new Refusal('backup:noFile');
            const item = await backup.importArchive(file.path);
            return new Success(item, 'backup:imported', { name: item.name });
          } finally {
            await fsp.rm(dir, { recursive: true, force: true });
          }
        }),
    },
  ];
}
