import type { IncomingMessage } from 'node:http';

/** What a request's upload held: the file's path, no file (absent, empty or unreadable), or one past the limit. */
export type ReceivedFile = { path: string } | 'none' | 'tooLarge';

export interface ReceiveLimits {
  maxBytes: number;
  /** Fields besides the file; formidable's own limit when not given. */
  maxFields?: number;
}

/**
 * The one file of a multipart request's field `file`, written into `dir` (a staff import, a backup archive).
 * formidable is loaded with the first upload, as in services/upload.ts: loading it hashes a random fingerprint.
 */
export async function receiveFile(req: IncomingMessage, dir: string, { maxBytes, maxFields }: ReceiveLimits): Promise<ReceivedFile> {
  const { errors, formidable, multipart } = await import('formidable');
  const form = formidable({
    uploadDir: dir,
    enabledPlugins: [multipart],
    maxFiles: 1,
    maxFileSize: maxBytes,
    maxTotalFileSize: maxBytes,
    ...(maxFields === undefined ? {} : { maxFields }),
    filter: (part) => part.name === 'file',
  });
  try {
    const file = (await form.parse(req))[1].file?.[0];
    return file && file.size > 0 ? { path: file.filepath } : 'none';
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    return code === errors.biggerThanMaxFileSize || code === errors.biggerThanTotalMaxFileSize ? 'tooLarge' : 'none';
  }
}
