import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

export const BUCKET = 'canal-files';
const KEY = 'S3RVER';

/** Browsers on any origin may POST to the bucket and read from it (what docs/deployment.md asks of a real bucket). */
const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
  </CORSRule>
</CORSConfiguration>`;

export interface TestBucket {
  /** The S3 API address, e.g. http://127.0.0.1:41234. */
  endpoint: string;
  /** What a portal process needs to keep its uploads in this bucket. */
  env: Record<string, string>;
  /** Size and type of an object, or null. */
  head(key: string): Promise<{ size: number; type: string } | null>;
  put(key: string, body: Buffer, type: string): Promise<void>;
  keys(prefix: string): Promise<string[]>;
  stop(): Promise<void>;
}

/** A real S3-compatible server (s3rver) on 127.0.0.1, an ephemeral port, with one empty bucket in a temporary folder. */
export async function startBucket(): Promise<TestBucket> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: BUCKET, configs: [CORS] }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: KEY, secretAccessKey: KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
    endpoint,
    env: { UPLOAD_MODE: 's3', S3_BUCKET: BUCKET, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: KEY, S3_SECRET_ACCESS_KEY: KEY, S3_FORCE_PATH_STYLE: 'true' },
    async head(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
        return { size: Number(head.ContentLength), type: head.ContentType ?? '' };
      } catch (err) {
        if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
        throw err;
      }
    },
    async put(key, body, type) {
      await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: body, ContentType: type }));
    },
    async keys(prefix) {
      const page = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
      return (page.Contents ?? []).map((o) => o.Key ?? '').sort();
    },
    async stop() {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
