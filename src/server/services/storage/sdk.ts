import { ConfigError } from '../../config.ts';
import { STORAGE_SDK_ASSET, embeddedModule, runMode } from '../../runtime.ts';

/** The bucket driver's packages, by name (scripts/package.ts bundles the same names for the single executable). */
export interface StorageSdk {
  '@aws-sdk/client-s3': typeof import('@aws-sdk/client-s3');
  '@aws-sdk/s3-presigned-post': typeof import('@aws-sdk/s3-presigned-post');
  '@aws-sdk/s3-request-presigner': typeof import('@aws-sdk/s3-request-presigner');
}

let loading: Promise<StorageSdk> | null = null;

async function fromNodeModules(): Promise<StorageSdk> {
  try {
    const [client, post, presigner] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/s3-presigned-post'), import('@aws-sdk/s3-request-presigner')]);
    return { '@aws-sdk/client-s3': client, '@aws-sdk/s3-presigned-post': post, '@aws-sdk/s3-request-presigner': presigner };
  } catch (err) {
    throw new ConfigError(`UPLOAD_MODE=s3 needs the AWS SDK from node_modules (npm install): ${String(err)}`);
  }
}

/**
 * The AWS SDK, loaded with the first bucket, so sites that keep their files in a folder never pay its
 * megabytes: from node_modules (sources, `npm start`), or from the copy the single executable carries.
 */
export function storageSdk(): Promise<StorageSdk> {
  loading ??= runMode === 'sea' ? Promise.resolve().then(() => embeddedModule(STORAGE_SDK_ASSET) as StorageSdk) : fromNodeModules();
  return loading;
}
