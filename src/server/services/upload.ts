import { createHash, randomInt } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import type { File as FormFile } from 'formidable';
import { fileTypeFromBuffer, fileTypeFromFile, supportedExtensions } from 'file-type';
import { imageSize } from 'image-size';
import { imageSizeFromFile } from 'image-size/fromFile';
import type { AppConfig } from '../config.ts';
import { formatTime } from '../../shared/time.ts';
import { DEFAULT_LANG } from '../../shared/i18n/langs.ts';
import { IMAGE_SUFFIXES, fileSuffix, suffixList, toMiB, type DirectUploadTicket, type UploadedFile } from '../../shared/upload.ts';
import type { UploadSettings } from '../../shared/site.ts';
import type { Settings } from './settings.ts';
import { now } from './clock.ts';
import type { ObjectStorage } from './storage/index.ts';
import type { ScratchSpace } from './scratch.ts';
import { ImageVariants } from './imageVariants.ts';
import { formatVariants, parseVariants } from '../../shared/imageVariants.ts';

/** Why an upload was refused: a key of the `upload` catalogue and its parameters. */
export class UploadRefused extends Error {
  constructor(
    readonly key: string,
    readonly params: Record<string, string> = {},
  ) {
    super(key);
  }
}

/** Who uploads: exactly one of the two ids is set, the other is 0. */
export interface Uploader {
  adminId: number;
  userId: number;
}

/** An `attachment` row: what an upload answers of it (`data.file`, less the derived suffix and full url), and the rest. */
export interface AttachmentRow extends Omit<UploadedFile, 'suffix' | 'full_url'> {
  /** How often the file was uploaded again (reference 6.2). */
  quote: number;
  create_time: number;
  /** The resized copies of a picture (`480x320,960x640`, src/shared/imageVariants.ts); '' none, null not tried yet. */
  variants: string | null;
}

const TOPIC = /^[A-Za-z0-9_-]{1,20}$/;
/** Room for the multipart boundaries, part headers and the small text fields around the file. */
const MULTIPART_SLACK = 16 * 1024;
const MAX_FIELDS_SIZE = 8 * 1024;
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Suffixes naming the same format; a file sniffed as one may carry any other of its group. */
const SAME_FORMAT: readonly (readonly string[])[] = [
  ['jpg', 'jpeg', 'jpe', 'jfif'],
  ['png', 'apng'],
  ['tif', 'tiff'],
  ['heif', 'heic', 'avif'],
  ['svg', 'xml'],
  ['mp3', 'mp2', 'mp1'],
  // ISO base media files: phones and cameras label the same container differently.
  ['mp4', 'm4v', 'm4a', 'm4b', 'm4p', 'f4v', 'mov', '3gp', '3g2'],
  // ZIP containers are still ZIP archives.
  ['zip', 'docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'odg', 'epub', 'jar', 'apk', 'xpi', '3mf', 'vsdx', 'kmz'],
];

function sameFormat(a: string, b: string): boolean {
  return a === b || SAME_FORMAT.some((group) => group.includes(a) && group.includes(b));
}

/**
 * Does the content agree with the suffix? A sniffed format must match it; content nothing recognises is
 * acceptable only under a suffix the sniffer could not have recognised anyway (txt, csv...), so a script
 * or page renamed to .png never passes.
 */
export function contentMatchesSuffix(suffix: string, sniffedExt: string | undefined, imageType: string | undefined): boolean {
  if (sniffedExt ? !sameFormat(sniffedExt, suffix) : supportedExtensions.has(suffix)) return false;
  return imageType === undefined || sameFormat(imageType, suffix);
}

export function randomAlphanumeric(length: number): string {
  return Array.from({ length }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join('');
}

/**
 * `{fileName}` of the save-name template: the original name without suffix, tags and the characters that
 * mean something in a URL or path removed, no leading dots (hidden files are not served), 15 characters.
 */
export function saveFileName(name: string): string {
  const cleaned = name
    .replace(/<[^>]*>/g, '')
    .replace(/[\s:@#?&/=',+\\%"<>*|^`{}\u0000-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/^\.+/, '');
  return Array.from(cleaned).slice(0, 15).join('');
}

/** `name` column: the original name without tags or control characters, 100 characters, then `.suffix`. */
export function attachmentName(name: string, suffix: string): string {
  const cleaned = name
    .replace(/<[^>]*>/g, '')
    .replace(/[\u0000-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2066-\u2069/\\]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return `${Array.from(cleaned).slice(0, 100).join('')}.${suffix}`;
}

export interface SaveNameParts {
  topic: string;
  /** Unix seconds, written in `timeZone`. */
  time: number;
  timeZone: string;
  /** The original file name without its suffix; cleaned here. */
  fileName: string;
  fileSha1: string;
  suffix: string;
  /** Random letters and digits of the given length. */
  random(length: number): string;
}

const PLACEHOLDER = /\{(topic|year|mon|day|hour|min|sec|random|random32|fileName|fileSha1|suffix|\.suffix)\}/g;

/** Expands the save-name template (reference 6.1); placeholders are case-sensitive, unknown ones stay as written. */
export function expandSaveName(template: string, parts: SaveNameParts): string {
  const [year, mon, day, hour, min, sec] = formatTime(parts.time * 1000, 'yyyy mm dd hh MM ss', parts.timeZone).split(' ');
  const values: Record<string, string | undefined> = {
    topic: parts.topic,
    year,
    mon,
    day,
    hour,
    min,
    sec,
    fileName: saveFileName(parts.fileName),
    fileSha1: parts.fileSha1,
    suffix: parts.suffix,
    '.suffix': `.${parts.suffix}`,
  };
  // One pass: text a placeholder produced (a file name such as "{topic}") is never expanded again.
  return template.replace(PLACEHOLDER, (_match, name: string) => {
    if (name === 'random') return parts.random(8);
    if (name === 'random32') return parts.random(32);
    return values[name] ?? '';
  });
}

async function sha1OfStream(stream: Readable): Promise<string> {
  const hash = createHash('sha1');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

function sha1Of(file: string): Promise<string> {
  return sha1OfStream(createReadStream(file));
}

/** Uploads live below this key prefix (URL `/storage/...`); nothing outside it is ever an attachment. */
export const UPLOAD_PREFIX = 'storage/';

function firstField(fields: Record<string, string[] | undefined>, query: Context['query'], name: string): string {
  const fromBody = fields[name]?.[0];
  if (fromBody !== undefined) return fromBody.trim();
  const fromQuery = query[name];
  return typeof fromQuery === 'string' ? fromQuery.trim() : '';
}

interface Received {
  file: FormFile | null;
  fields: Record<string, string[] | undefined>;
}

/** What the uploader says about a file it sends straight to the bucket. */
interface DescribedFile {
  name: string;
  size: number;
  /** The browser's MIME type, 'application/octet-stream' when it had none. */
  type: string;
  sha1: string;
}

function describedFile(input: Record<string, unknown>): DescribedFile {
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
  const size = Number(text(input.size));
  const type = text(input.type).toLowerCase();
  return {
    name: text(input.name).slice(0, 255),
    size: Number.isSafeInteger(size) ? size : 0,
    type: MIME.test(type) ? type : 'application/octet-stream',
    sha1: text(input.sha1).toLowerCase(),
  };
}

/** Seconds a presigned POST is valid: enough to send the largest allowed file on a slow line, no more. */
export const DIRECT_UPLOAD_SECONDS = 600;
/** Bytes the format sniffer looks at. */
const SNIFF_BYTES = 4100;
const SHA1 = /^[0-9a-f]{40}$/;
const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;

/**
 * The folder a topic's uploads go to: the save-name template up to its first placeholder other than {topic},
 * cut at the last `/` (`/storage/{topic}/{year}...` → `/storage/default/`). Direct uploads must lie there.
 */
export function allowedPrefix(saveName: string, topic: string): string {
  const fixed = saveName.replaceAll('{topic}', topic);
  const open = fixed.indexOf('{');
  const head = open === -1 ? fixed : fixed.slice(0, open);
  const prefix = head.slice(0, head.lastIndexOf('/') + 1);
  return prefix.startsWith(`/${UPLOAD_PREFIX}`) ? prefix : `/${UPLOAD_PREFIX}`;
}

/** An upload that passed every check, still in its temporary folder. */
interface Checked {
  filepath: string;
  size: number;
  sha1: string;
  /** The original name without its suffix. */
  baseName: string;
  suffix: string;
  /** Sniffed from the content. */
  mimetype: string;
  image: { width: number; height: number; type: string | undefined } | null;
  topic: string;
}

/**
 * Member and admin uploads (reference 6.2): parses the multipart body of an already authorised request,
 * checks the file, stores it in the object storage (DATA_DIR or a bucket) at the save-name template and
 * records it in `attachment`, reusing the row of an identical earlier upload.
 */
export class UploadService {
  private readonly variants: ImageVariants;

  constructor(
    private readonly knex: Knex,
    private readonly settings: Settings,
    private readonly config: Pick<AppConfig, 'publicUrl'>,
    readonly storage: ObjectStorage,
    private readonly scratch: ScratchSpace,
  ) {
    this.variants = new ImageVariants(storage, scratch);
  }

  /**
   * Removes what killed processes left (ScratchSpace.sweep): their temporary files and half-written copies,
   * and each file they stored but did not record, unless a row points at it after all or a live process is
   * storing the same key. Run at start and every minute; each request removes its own folder when it ends.
   */
  sweepTemp(): Promise<number> {
    return this.scratch.sweep(async (key, busy) => {
      if (busy.has(key) || (await this.knex('attachment').where({ url: `/${key}` }).first())) return;
      await this.storage.remove(key);
    });
  }

  /** The storage key a `/storage/...` url names, or null when the url would leave the uploads. */
  keyOf(url: string): string | null {
    if (!url.startsWith(`/${UPLOAD_PREFIX}`) || /[\\?#%\u0000-\u001f]/.test(url)) return null;
    const key = url.slice(1);
    return path.posix.normalize(key) === key && !key.endsWith('/') ? key : null;
  }

  /** Deletes the stored file of an attachment url and its resized copies (nothing for a url outside the uploads). */
  async removeFile(url: string, variants: string | null = ''): Promise<void> {
    const key = this.keyOf(url);
    if (!key) return;
    await this.variants.remove(url, parseVariants(variants).map((v) => v.width));
    await this.storage.remove(key);
  }

  /**
   * The row with its picture's resized copies, made now when it has none yet (a new upload, or the same file
   * uploaded again after it was first stored without them); `bytes` reads the picture only then.
   */
  private async withVariants(row: AttachmentRow, suffix: string, bytes: () => Promise<Buffer>): Promise<AttachmentRow> {
    if (row.variants !== null) return row;
    const image = row.width > 0 && row.height > 0 ? { width: row.width, height: row.height } : null;
    const variants = this.variants.applies(suffix, image) ? formatVariants(await this.variants.make(row.url, await bytes())) : '';
    await this.knex('attachment').where({ id: row.id }).update({ variants });
    return { ...row, variants };
  }

  /** The CDN origin uploads are shown from: the config's cdn_url, else the storage's public address, else the portal. */
  async cdnUrl(host: string): Promise<string> {
    return (await this.settings.site(DEFAULT_LANG, this.config.publicUrl || `//${host}`)).cdnUrl;
  }

  async upload(ctx: Context, uploader: Uploader): Promise<UploadedFile> {
    const limits = await this.settings.upload();
    // One folder per request, removed whole afterwards: no temporary file outlives the request (or, when the
    // process is killed, the next sweep).
    const dir = await this.scratch.folder('upload-');
    try {
      const checked = await this.check(await this.receive(ctx, dir, limits.maxSize), ctx.query, limits);
      return await this.save(ctx, checked, limits.saveName, uploader);
    } finally {
      // An early refusal leaves the rest of the body unread; drain it so the client can read the answer.
      if (!ctx.req.complete) ctx.req.resume();
      await fsp.rm(dir, { recursive: true, force: true });
    }
  }

  private tooLarge(size: number, max: number): UploadRefused {
    return new UploadRefused('tooLarge', { size: toMiB(size), max: toMiB(max) });
  }

  private async receive(ctx: Context, dir: string, maxSize: number): Promise<Received> {
    const declared = Number(ctx.get('content-length')) || 0;
    // A body announced bigger than any allowed file is refused before a byte of it is stored.
    if (declared > maxSize + MULTIPART_SLACK) throw this.tooLarge(declared, maxSize);
    // formidable loads with the first upload, not at start: loading it hashes a random fingerprint (cuid2, SHA-3).
    const { errors: formErrors, formidable, multipart } = await import('formidable');
    const form = formidable({
      uploadDir: dir,
      enabledPlugins: [multipart],
      maxFiles: 1,
      maxFileSize: maxSize,
      // Checked as the bytes arrive, so an oversized upload is cut off early.
      maxTotalFileSize: maxSize,
      allowEmptyFiles: true,
      minFileSize: 0,
      maxFields: 20,
      maxFieldsSize: MAX_FIELDS_SIZE,
      hashAlgorithm: 'sha1',
      filter: (part) => part.name === 'file',
    });
    let received = 0;
    form.on('progress', (bytes) => {
      received = bytes;
    });
    try {
      const [fields, files] = await form.parse(ctx.req);
      return { fields, file: files.file?.[0] ?? null };
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (code === formErrors.biggerThanTotalMaxFileSize || code === formErrors.biggerThanMaxFileSize) {
        throw this.tooLarge(declared || received, maxSize);
      }
      if (code === formErrors.noParser || code === formErrors.missingContentType || code === formErrors.missingMultipartBoundary) {
        throw new UploadRefused('noFile');
      }
      throw new UploadRefused('unreadable');
    }
  }

  /** The checks of reference 6.2, in its order; the first failure refuses the upload. */
  private async check({ file, fields }: Received, query: Context['query'], limits: UploadSettings): Promise<Checked> {
    const originalName = file?.originalFilename ?? '';
    // A form whose file input was left empty still sends a nameless, empty part.
    if (!file || (file.size === 0 && !originalName)) throw new UploadRefused('noFile');
    if (file.size === 0) throw new UploadRefused('emptyFile');
    const suffix = fileSuffix(originalName);
    const isImageSuffix = IMAGE_SUFFIXES.includes(suffix);
    const sniffed = await fileTypeFromFile(file.filepath);

    let image: Checked['image'] = null;
    if (isImageSuffix || sniffed?.mime.startsWith('image/')) {
      const size = await imageSizeFromFile(file.filepath).catch(() => null);
      if (!size || !(size.width > 0) || !(size.height > 0)) throw new UploadRefused('notImage');
      image = { width: size.width, height: size.height, type: size.type };
    }
    if (file.size > limits.maxSize) throw this.tooLarge(file.size, limits.maxSize);
    if (!suffixList(limits.allowedSuffixes).includes(suffix)) throw new UploadRefused('notAllowed');
    const mimetype = sniffed?.mime ?? 'application/octet-stream';
    if (limits.allowedMimeTypes.length > 0 && !limits.allowedMimeTypes.includes(mimetype)) throw new UploadRefused('notAllowed');
    if (!contentMatchesSuffix(suffix, sniffed?.ext, image?.type)) {
      throw new UploadRefused(isImageSuffix ? 'notImage' : 'contentMismatch', { suffix });
    }
    const topic = firstField(fields, query, 'topic') || 'default';
    if (!TOPIC.test(topic)) throw new UploadRefused('topicFormat');
    const driver = firstField(fields, query, 'driver') || this.storage.name;
    if (driver !== this.storage.name) throw new UploadRefused('driverNotSupported', { driver: driver.slice(0, 30) });

    const dot = originalName.lastIndexOf('.');
    return {
      filepath: file.filepath,
      size: file.size,
      sha1: file.hash ?? (await sha1Of(file.filepath)),
      baseName: dot === -1 ? originalName : originalName.slice(0, dot),
      suffix,
      mimetype,
      image,
      topic,
    };
  }

  /** Reuses the row of an identical upload, or stores the file at the save-name template and inserts a row. */
  private async save(ctx: Context, file: Checked, saveName: string, uploader: Uploader): Promise<UploadedFile> {
    const cdnUrl = await this.cdnUrl(ctx.host);
    const time = now();
    const bytes = () => fsp.readFile(file.filepath);
    const reused = await this.reuse(file.sha1, file.topic, time);
    if (reused) return this.present(await this.withVariants(reused, file.suffix, bytes), file.suffix, cdnUrl);

    const url = await this.saveUrl(saveName, { topic: file.topic, time, fileName: file.baseName, fileSha1: file.sha1, suffix: file.suffix });
    const key = this.keyOf(url)!;
    // Noted from storing to recording: a process killed in between leaves a file no row points at.
    const row = await this.scratch.noting({ upload: key }, async () => {
      await this.store(file.filepath, key, file.sha1, file.mimetype);
      return this.record({ ...file, url, time }, uploader);
    });
    return this.present(await this.withVariants(row, file.suffix, bytes), file.suffix, cdnUrl);
  }

  /** The url a new upload is stored at; only a template inside the uploads is honoured (keyOf() refuses `..`). */
  private async saveUrl(saveName: string, parts: Pick<SaveNameParts, 'topic' | 'time' | 'fileName' | 'fileSha1' | 'suffix'>): Promise<string> {
    if (!saveName.startsWith(`/${UPLOAD_PREFIX}`)) throw new UploadRefused('badSaveName');
    const url = expandSaveName(saveName, {
      ...parts,
      timeZone: await this.settings.timeZone(),
      random: randomAlphanumeric,
    });
    if (!this.keyOf(url)) throw new UploadRefused('badSaveName');
    return url;
  }

  /** Inserts the attachment row of a newly stored file. */
  private async record(
    file: Pick<Checked, 'topic' | 'image' | 'baseName' | 'suffix' | 'size' | 'mimetype' | 'sha1'> & { url: string; time: number },
    uploader: Uploader,
  ): Promise<AttachmentRow> {
    const { url, time } = file;
    const row: Omit<AttachmentRow, 'id'> = {
      topic: file.topic,
      admin_id: uploader.adminId,
      user_id: uploader.userId,
      url,
      width: file.image?.width ?? 0,
      height: file.image?.height ?? 0,
      name: attachmentName(file.baseName, file.suffix),
      size: file.size,
      mimetype: file.mimetype,
      quote: 1,
      storage: this.storage.name,
      sha1: file.sha1,
      create_time: time,
      last_upload_time: time,
      variants: null,
    };
    const [inserted] = await this.knex('attachment').insert(row).returning('id');
    const id = typeof inserted === 'object' ? (inserted as { id: number }).id : (inserted as number);
    return { ...row, id };
  }

  /** An earlier identical upload whose file is still there: count the new upload and hand back its row. */
  private async reuse(sha1: string, topic: string, time: number): Promise<AttachmentRow | null> {
    const rows = await this.knex<AttachmentRow>('attachment').where({ sha1, topic, storage: this.storage.name }).orderBy('id', 'desc');
    for (const row of rows) {
      const key = this.keyOf(row.url);
      if (!key || !(await this.storage.head(key))) continue;
      await this.knex('attachment').where({ id: row.id }).update({ quote: this.knex.raw('quote + 1'), last_upload_time: time });
      return { ...row, quote: row.quote + 1, last_upload_time: time };
    }
    return null;
  }

  /**
   * Stores the upload without ever replacing another file: one already under that key is kept when it has
   * the same content, and the upload refused when it differs (a template without {fileSha1} or {random}).
   */
  private async store(from: string, key: string, sha1: string, contentType: string): Promise<void> {
    if (await this.storage.head(key)) {
      if ((await sha1OfStream(await this.storage.read(key))) !== sha1) throw new UploadRefused('nameTaken');
      return;
    }
    await this.storage.put(key, from, contentType);
  }

  /**
   * Step 1 of a direct upload (spec section 7, s3 mode): the uploader describes the file; the server checks
   * what it can without the bytes, picks the key at the save-name template and answers with a presigned POST
   * for exactly that key, type and size limit.
   */
  async directUpload(input: Record<string, unknown>): Promise<DirectUploadTicket> {
    if (this.storage.name === 'local') throw new UploadRefused('direct.disabled');
    const limits = await this.settings.upload();
    const described = describedFile(input);
    const topic = typeof input.topic === 'string' && input.topic.trim() ? input.topic.trim() : 'default';
    this.checkDescribed(described, topic, limits);
    const dot = described.name.lastIndexOf('.');
    const url = await this.saveUrl(limits.saveName, {
      topic,
      time: now(),
      fileName: dot === -1 ? described.name : described.name.slice(0, dot),
      fileSha1: described.sha1,
      suffix: fileSuffix(described.name),
    });
    const key = this.keyOf(url)!;
    // Never a ticket that could overwrite a recorded file: the same file is reported as it is, another refused
    // as on the server path. An unrecorded object there (an upload never reported) may be replaced.
    const recorded = await this.knex<AttachmentRow>('attachment').where({ url }).select('sha1');
    if (recorded.length > 0 && (await this.storage.head(key))) {
      if (!recorded.some((row) => row.sha1 === described.sha1)) throw new UploadRefused('nameTaken');
      return { stored: true, url: '', fields: {}, key, fileUrl: url, topic };
    }
    const post = await this.storage.directUpload({ key, maxSize: limits.maxSize, contentType: described.type, expires: DIRECT_UPLOAD_SECONDS });
    if (!post) throw new UploadRefused('direct.disabled');
    return { stored: false, ...post, key, fileUrl: url, topic };
  }

  /**
   * Step 2 (`/api/Alioss/callback`, `/admin/Alioss/callback`): the uploader reports `{url, name, size, type,
   * sha1}` of what it sent. Nothing is taken on trust: the object must lie in its topic's folder, exist with
   * that size (HEAD), be allowed and within the limit, and its bytes must hash to that sha1 and match their
   * suffix. Then it is recorded like a server upload (reusing an identical earlier one); any refusal records
   * nothing.
   */
  async directCallback(ctx: Context, input: Record<string, unknown>, uploader: Uploader): Promise<UploadedFile> {
    if (this.storage.name === 'local') throw new UploadRefused('direct.disabled');
    const limits = await this.settings.upload();
    const described = describedFile(input);
    const topic = typeof input.topic === 'string' && input.topic.trim() ? input.topic.trim() : 'default';
    if (!TOPIC.test(topic)) throw new UploadRefused('topicFormat');
    const url = this.relativeUrl(typeof input.url === 'string' ? input.url.trim() : '');
    const key = url && this.keyOf(url);
    if (!url || !key || !url.startsWith(allowedPrefix(limits.saveName, topic))) throw new UploadRefused('direct.outsidePrefix');
    const suffix = fileSuffix(url);
    this.checkDescribed({ ...described, name: described.name || url.slice(url.lastIndexOf('/') + 1) }, topic, limits, suffix);

    const head = await this.storage.head(key);
    if (!head) throw new UploadRefused('direct.missing');
    let content: Awaited<ReturnType<UploadService['inspect']>>;
    try {
      if (head.size > limits.maxSize) throw this.tooLarge(head.size, limits.maxSize);
      if (head.size !== described.size) throw new UploadRefused('direct.sizeMismatch', { size: String(head.size) });
      content = await this.inspect(key, head.size, suffix);
      if (content.sha1 !== described.sha1) throw new UploadRefused('direct.sha1Mismatch');
      const sniffedType = content.sniffed?.mime ?? 'application/octet-stream';
      if (limits.allowedMimeTypes.length > 0 && !limits.allowedMimeTypes.includes(sniffedType)) throw new UploadRefused('notAllowed');
      if (!contentMatchesSuffix(suffix, content.sniffed?.ext, content.image?.type)) {
        throw new UploadRefused(IMAGE_SUFFIXES.includes(suffix) ? 'notImage' : 'contentMismatch', { suffix });
      }
    } catch (err) {
      // A refused object must not stay in the bucket, where it could be served; a recorded file is never touched.
      if (err instanceof UploadRefused) await this.removeUnrecorded(url);
      throw err;
    }
    const mimetype = content.sniffed?.mime ?? 'application/octet-stream';

    const cdnUrl = await this.cdnUrl(ctx.host);
    const time = now();
    const bytes = async () => content.bytes;
    const reused = await this.reuse(content.sha1, topic, time);
    if (reused) {
      // The identical earlier upload is kept; the copy just sent (under another day's folder, say) goes.
      if (reused.url !== url) await this.removeUnrecorded(url);
      return this.present(await this.withVariants(reused, suffix, bytes), suffix, cdnUrl);
    }
    const name = described.name || url.slice(url.lastIndexOf('/') + 1);
    const dot = name.lastIndexOf('.');
    const row = await this.record(
      { topic, image: content.image, baseName: dot === -1 ? name : name.slice(0, dot), suffix, size: head.size, mimetype, sha1: content.sha1, url, time },
      uploader,
    );
    return this.present(await this.withVariants(row, suffix, bytes), suffix, cdnUrl);
  }

  /** Deletes the stored object of a url that no attachment row points at. */
  private async removeUnrecorded(url: string): Promise<void> {
    if (await this.knex('attachment').where({ url }).first()) return;
    await this.removeFile(url);
  }

  /** The checks that need only the description: name, size, suffix, type, topic, sha1. */
  private checkDescribed(file: DescribedFile, topic: string, limits: UploadSettings, suffix = fileSuffix(file.name)): void {
    if (!file.name || !(file.size > 0)) throw new UploadRefused('noFile');
    if (file.size > limits.maxSize) throw this.tooLarge(file.size, limits.maxSize);
    if (!suffixList(limits.allowedSuffixes).includes(suffix)) throw new UploadRefused('notAllowed');
    if (limits.allowedMimeTypes.length > 0 && !limits.allowedMimeTypes.includes(file.type)) throw new UploadRefused('notAllowed');
    if (!TOPIC.test(topic)) throw new UploadRefused('topicFormat');
    if (!SHA1.test(file.sha1)) throw new UploadRefused('direct.badSha1');
  }

  /** A url as the uploader may report it: relative, or behind the storage's public address. */
  private relativeUrl(url: string): string | null {
    if (url.startsWith('/') && !url.startsWith('//')) return url;
    const base = this.storage.publicUrl;
    if (base && url.startsWith(`${base}/`)) {
      try {
        return decodeURIComponent(url.slice(base.length));
      } catch {
        return null;
      }
    }
    return null;
  }

  /**
   * Reads the stored object once: its SHA-1, its sniffed format, and for images their size (the whole file is
   * kept for those, at most the upload limit, and answered as `bytes`; other files only their first bytes, for
   * the sniffer).
   */
  private async inspect(
    key: string,
    size: number,
    suffix: string,
  ): Promise<{ sha1: string; sniffed: { ext: string; mime: string } | undefined; image: Checked['image']; bytes: Buffer }> {
    const hash = createHash('sha1');
    const chunks: Buffer[] = [];
    let kept = 0;
    const keepAll = IMAGE_SUFFIXES.includes(suffix);
    for await (const chunk of await this.storage.read(key)) {
      const bytes = chunk as Buffer;
      hash.update(bytes);
      if (keepAll || kept < SNIFF_BYTES) {
        chunks.push(bytes);
        kept += bytes.length;
      }
    }
    const head = Buffer.concat(chunks, kept);
    const sniffed = await fileTypeFromBuffer(head);
    let image: Checked['image'] = null;
    if (keepAll || sniffed?.mime.startsWith('image/')) {
      let dims: { width: number; height: number; type?: string } | null = null;
      try {
        dims = kept >= size ? imageSize(head) : null;
      } catch {
        dims = null;
      }
      if (!dims || !(dims.width > 0) || !(dims.height > 0)) throw new UploadRefused('notImage');
      image = { width: dims.width, height: dims.height, type: dims.type };
    }
    return { sha1: hash.digest('hex'), sniffed, image, bytes: head };
  }

  private present(row: AttachmentRow, suffix: string, cdnUrl: string): UploadedFile {
    const { create_time: _created, quote: _quote, variants: _variants, ...rest } = row;
    return { ...rest, suffix, full_url: cdnUrl + row.url };
  }
}

/* The file-type icon of GET /api/ajax/buildSuffixSvg (reference 6.3). */

/** Up to 4 letters or digits of the suffix, upper-cased; 'FILE' when none remain. */
export function suffixLabel(suffix: string): string {
  return suffix.replace(/[^A-Za-z0-9]/g, '').toUpperCase().slice(0, 4) || 'FILE';
}

export function adler32(text: string): number {
  let a = 1;
  let b = 0;
  for (const byte of Buffer.from(text, 'utf8')) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  return ((b << 16) | a) >>> 0;
}

function hsvToRgb(h: number, s: number, v: number): [number, number, number] {
  const i = Math.floor(h * 6);
  const f = h * 6 - i;
  const p = v * (1 - s);
  const q = v * (1 - f * s);
  const t = v * (1 - (1 - f) * s);
  const sectors: [number, number, number][] = [
    [v, t, p],
    [q, v, p],
    [p, v, t],
    [p, q, v],
    [t, p, v],
    [v, p, q],
  ];
  const [r, g, b] = sectors[i % 6]!;
  return [Math.floor(r * 255), Math.floor(g * 255), Math.floor(b * 255)];
}

/** The default band colour: Adler-32 of the label, its big-endian bytes read little-endian, as a hue. */
export function suffixColor(label: string): string {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(adler32(label));
  const hue = bytes.readUInt32LE(0) % 360;
  const [r, g, b] = hsvToRgb(hue / 360, 0.3, 0.9);
  return `rgb(${r},${g},${b})`;
}

const NAMED_COLORS = new Set(
  (
    'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown burlywood ' +
    'cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray ' +
    'darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen ' +
    'darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue ' +
    'firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew ' +
    'hotpink indianred indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan ' +
    'lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray ' +
    'lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine mediumblue ' +
    'mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise mediumvioletred ' +
    'midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid ' +
    'palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple ' +
    'rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue slateblue ' +
    'slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke ' +
    'yellow yellowgreen transparent'
  ).split(' '),
);

const NUMBER = String.raw`[+-]?(?:\d+(?:\.\d+)?|\.\d+)`;
const CHANNEL = String.raw`${NUMBER}%?`;
const HUE = String.raw`${NUMBER}(?:deg|rad|grad|turn)?`;
const ALPHA = String.raw`(?:\s*[,/]\s*${CHANNEL})?`;
const RGB = new RegExp(String.raw`^rgba?\(\s*${CHANNEL}(?:\s*,\s*|\s+)${CHANNEL}(?:\s*,\s*|\s+)${CHANNEL}${ALPHA}\s*\)$`, 'i');
const HSL = new RegExp(String.raw`^hsla?\(\s*${HUE}(?:\s*,\s*|\s+)${CHANNEL}(?:\s*,\s*|\s+)${CHANNEL}${ALPHA}\s*\)$`, 'i');
const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** A CSS colour in one of the forms the icon accepts: hex, rgb()/rgba(), hsl()/hsla() or a named colour. */
export function isCssColor(value: string): boolean {
  const v = value.trim();
  return HEX.test(v) || RGB.test(v) || HSL.test(v) || NAMED_COLORS.has(v.toLowerCase());
}

/** A 512×512 file icon: a grey page with a folded corner and the label on a coloured band. */
export function suffixSvg(suffix: string, background?: string): string {
  const label = suffixLabel(suffix);
  const fill = background && isCssColor(background) ? background.trim() : suffixColor(label);
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">',
    '<path fill="#E2E5E7" d="M128 0c-17.6 0-32 14.4-32 32v448c0 17.6 14.4 32 32 32h320c17.6 0 32-14.4 32-32V128L352 0H128z"/>',
    '<path fill="#B0B7BD" d="M384 128h96L352 0v96c0 17.6 14.4 32 32 32z"/>',
    '<path fill="#CAD1D8" d="M480 224l-96-96h96z"/>',
    `<path fill="${fill}" d="M416 416c0 8.8-7.2 16-16 16H48c-8.8 0-16-7.2-16-16V256c0-8.8 7.2-16 16-16h352c8.8 0 16 7.2 16 16v160z"/>`,
    '<path fill="#CAD1D8" d="M400 432H96v16h304c8.8 0 16-7.2 16-16v-16c0 8.8-7.2 16-16 16z"/>',
    `<text x="220" y="380" fill="#FFFFFF" font-family="Verdana, Helvetica, Arial, sans-serif" font-size="124" text-anchor="middle">${label}</text>`,
    '</svg>',
  ].join('');
}
