import type { AppConfig } from '../../config.ts';
import type { ScratchSpace } from '../scratch.ts';
import { LocalStorage } from './local.ts';
import type { ObjectStorage } from './types.ts';

export type { ObjectStorage } from './types.ts';

/** The storage UPLOAD_MODE chooses: DATA_DIR on this host, or the S3-compatible bucket. */
export async function createStorage(config: Pick<AppConfig, 'dataDir' | 'uploadMode' | 's3'>, scratch: ScratchSpace): Promise<ObjectStorage> {
  if (config.uploadMode === 's3' && config.s3) {
    const { S3Storage } = await import('./s3.ts');
    return S3Storage.create(config.s3);
  }
  return new LocalStorage(config.dataDir, scratch);
}
