import type { Readable } from 'node:stream';

/** What a stored object is: its size in bytes and the type it is served with. */
export interface ObjectInfo {
  size: number;
  contentType: string;
}

export interface ListedObject {
  key: string;
  size: number;
}

/** A presigned browser upload: the form's action URL and the fields to send before the file. */
export interface DirectUpload {
  url: string;
  fields: Record<string, string>;
}

export interface DirectUploadRules {
  /** The object key the browser must use. */
  key: string;
  /** Largest file accepted, in bytes. */
  maxSize: number;
  contentType: string;
  /** Seconds the signature stays valid. */
  expires: number;
}

/**
 * Where uploaded files (and backups) are kept, by key ('storage/default/20261123/a<sha1>.png'). Keys are
 * checked by the callers; drivers only refuse ones that would leave their root. The attachment table keeps
 * the driver's name in `storage`.
 */
export interface ObjectStorage {
  readonly name: 'local' | 's3';
  /** Stores a local file under the key, replacing what was there. */
  put(key: string, file: string, contentType: string): Promise<void>;
  /** Size and type of the object, or null when there is none. */
  head(key: string): Promise<ObjectInfo | null>;
  /** The object's bytes, or only those from `start` to `end` (inclusive); rejects with code ENOENT when missing. */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  remove(key: string): Promise<void>;
  /** Where the object of a key is, for people and logs: a file path, or s3://bucket/key. */
  locationOf(key: string): string;
  /** Objects whose key starts with the prefix. */
  list(prefix: string): Promise<ListedObject[]>;
  /** Public address of the files (a URL base without trailing slash), or '' when the portal serves them. */
  readonly publicUrl: string;
  /** Origins the browser talks to for files and direct uploads (for the Content-Security-Policy). */
  readonly origins: readonly string[];
  /** A short-lived URL to read a private object; null when the driver has none (the portal serves the file). */
  signedUrl(key: string, seconds: number): Promise<string | null>;
  /** A presigned POST for uploading one file straight from the browser; null when the driver cannot. */
  directUpload(rules: DirectUploadRules): Promise<DirectUpload | null>;
}

/** Thrown by read() for a missing object, like fs does. */
export class ObjectMissing extends Error {
  readonly code = 'ENOENT';

  constructor(key: string) {
    super(`no stored object ${key}`);
  }
}
