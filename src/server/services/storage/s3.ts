import { createReadStream } from 'node:fs';
import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '../../config.ts';
import { storageSdk, type StorageSdk } from './sdk.ts';
import { ObjectMissing, type DirectUpload, type DirectUploadRules, type ListedObject, type ObjectInfo, type ObjectStorage } from './types.ts';

type S3Module = StorageSdk['@aws-sdk/client-s3'];
type Presigners = Pick<StorageSdk, '@aws-sdk/s3-presigned-post' | '@aws-sdk/s3-request-presigner'>;

/** The bucket's own address, as browsers reach it (path style puts the bucket in the path instead). */
export function bucketOrigin(s3: S3Settings): string {
  const base = new URL(s3.endpoint || `https://s3.${s3.region}.amazonaws.com`);
  return s3.forcePathStyle ? base.origin : `${base.protocol}//${s3.bucket}.${base.host}`;
}

function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
}

/**
 * Objects in an S3-compatible bucket (AWS S3, Alibaba Cloud OSS and Tencent COS through their S3 APIs, MinIO).
 * The AWS SDK is loaded only when this driver is chosen (sdk.ts).
 */
export class S3Storage implements ObjectStorage {
  readonly name = 's3';
  readonly publicUrl: string;
  readonly origins: readonly string[];

  private constructor(
    private readonly sdk: S3Module,
    private readonly presigners: Presigners,
    private readonly client: S3Client,
    private readonly settings: S3Settings,
  ) {
    this.publicUrl = settings.publicUrl;
    this.origins = [...new Set([bucketOrigin(settings), ...(settings.publicUrl ? [new URL(settings.publicUrl).origin] : [])])];
  }

  static async create(settings: S3Settings): Promise<S3Storage> {
    const { '@aws-sdk/client-s3': sdk, ...presigners } = await storageSdk();
    const client = new sdk.S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      ...(settings.accessKeyId ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } } : {}),
      // Only when the operation needs it: OSS, COS and older MinIO refuse the newer default checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    return new S3Storage(sdk, presigners, client, settings);
  }

  locationOf(key: string): string {
    return `s3://${this.settings.bucket}/${key}`;
  }

  async put(key: string, file: string, contentType: string): Promise<void> {
    const { size } = await fsp.stat(file);
    await this.client.send(
      new this.sdk.PutObjectCommand({ Bucket: this.settings.bucket, Key: key, Body: createReadStream(file), ContentLength: size, ContentType: contentType }),
    );
  }

  async head(key: string): Promise<ObjectInfo | null> {
    try {
      const head = await this.client.send(new this.sdk.HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return { size: Number(head.ContentLength ?? 0), contentType: head.ContentType ?? 'application/octet-stream' };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    try {
      const answer = await this.client.send(
        new this.sdk.GetObjectCommand({ Bucket: this.settings.bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      );
      return answer.Body as Readable;
    } catch (err) {
      if (isMissing(err)) throw new ObjectMissing(key);
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  async list(prefix: string): Promise<ListedObject[]> {
    const objects: ListedObject[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(new this.sdk.ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: prefix, ContinuationToken: token }));
      for (const o of page.Contents ?? []) if (o.Key) objects.push({ key: o.Key, size: Number(o.Size ?? 0) });
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return objects;
  }

  async signedUrl(key: string, seconds: number): Promise<string> {
    const { getSignedUrl } = this.presigners['@aws-sdk/s3-request-presigner'];
    return getSignedUrl(this.client, new this.sdk.GetObjectCommand({ Bucket: this.settings.bucket, Key: key }), { expiresIn: seconds });
  }

  /**
   * A POST policy for exactly this key (inside its folder), this content type and at most `maxSize` bytes,
   * valid for `expires` seconds. The callback checks all of it again: not every S3-compatible service
   * enforces every condition.
   */
  async directUpload(rules: DirectUploadRules): Promise<DirectUpload> {
    const { createPresignedPost } = this.presigners['@aws-sdk/s3-presigned-post'];
    const folder = rules.key.slice(0, rules.key.lastIndexOf('/') + 1);
    const post = await createPresignedPost(this.client, {
      Bucket: this.settings.bucket,
      Key: rules.key,
      Conditions: [
        ['content-length-range', 1, rules.maxSize],
        ['starts-with', '$key', folder],
        ['eq', '$Content-Type', rules.contentType],
      ],
      Fields: { 'Content-Type': rules.contentType },
      Expires: rules.expires,
    });
    return { url: post.url, fields: post.fields };
  }
}
