/**
 * Upload rules both sides apply: the uploader's pre-check before sending (spec section 5) and the suffix
 * the server derives from a file name (reference 6.1).
 */
import type { UploadSettings } from './site.ts';

/** Suffixes treated as images: their content must decode and their dimensions are recorded. */
export const IMAGE_SUFFIXES: readonly string[] = ['gif', 'jpg', 'jpeg', 'bmp', 'png', 'webp'];

/** Keys of the `upload` catalogue the pre-check may answer with (spec section 5 messages). */
export type UploadCheckKey = 'check.incomplete' | 'check.typeNotAllowed' | 'check.tooLarge';

export type UploadCheck = { ok: true } | { ok: false; message: UploadCheckKey };

/** What the pre-check needs of a browser `File`. */
export interface UploadCandidate {
  name: string;
  size: number;
  /** The MIME type the browser guessed; '' when unknown. */
  type?: string;
}

/** What the uploader needs to send a file straight to the bucket. */
export interface DirectUploadTicket {
  /** The bucket already holds this very file as an attachment: send nothing, just report it to the callback. */
  stored: boolean;
  /** Where the form goes, and its fields (the file goes last, as `file`); empty when `stored`. */
  url: string;
  fields: Record<string, string>;
  key: string;
  /** The attachment url to report to the callback once the bucket has the file. */
  fileUrl: string;
  topic: string;
}

/** `data.file` of a successful upload: the attachment row without create_time and quote (reference 6.2). */
export interface UploadedFile {
  id: number;
  topic: string;
  admin_id: number;
  user_id: number;
  /** Relative to the site (`/storage/...`); forms keep this. */
  url: string;
  width: number;
  height: number;
  name: string;
  size: number;
  mimetype: string;
  storage: string;
  sha1: string;
  last_upload_time: number;
  suffix: string;
  /** `url` behind the CDN origin, for display. */
  full_url: string;
}

export type UploadLimits = Pick<UploadSettings, 'maxSize' | 'allowedSuffixes' | 'allowedMimeTypes'>;

/** Lower-cased extension of a file name, 'file' when it has none or it is not plain letters and digits. */
export function fileSuffix(name: string): string {
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  const suffix = dot === -1 ? '' : base.slice(dot + 1).toLowerCase();
  return /^[a-z0-9]+$/.test(suffix) ? suffix : 'file';
}

/** The configured suffix list as bare lower-case suffixes (entries may be written with a dot). */
export function suffixList(allowed: string): string[] {
  return allowed
    .split(',')
    .map((s) => s.trim().toLowerCase().replace(/^\./, ''))
    .filter(Boolean);
}

/** Is the file of an allowed kind? The suffix or the browser's MIME type being listed is enough. */
export function isAllowedType(file: Pick<UploadCandidate, 'name' | 'type'>, limits: Pick<UploadLimits, 'allowedSuffixes' | 'allowedMimeTypes'>): boolean {
  const dot = file.name.lastIndexOf('.');
  const suffix = dot === -1 ? '' : file.name.slice(dot + 1).toLowerCase();
  if (suffix && suffixList(limits.allowedSuffixes).includes(suffix)) return true;
  const mime = (file.type ?? '').toLowerCase();
  return mime !== '' && limits.allowedMimeTypes.some((m) => m.trim().toLowerCase() === mime);
}

/**
 * The checks run before sending, in the spec's order. An empty file counts as incomplete: the server
 * refuses it anyway, so the round trip is saved.
 */
export function checkUpload(file: UploadCandidate, limits: UploadLimits): UploadCheck {
  if (!file.name || !Number.isFinite(file.size) || file.size <= 0) return { ok: false, message: 'check.incomplete' };
  if (!isAllowedType(file, limits)) return { ok: false, message: 'check.typeNotAllowed' };
  if (file.size > limits.maxSize) return { ok: false, message: 'check.tooLarge' };
  return { ok: true };
}

/**
 * Why a file may not go into this field, the way every uploader checks it before sending (the file picker, a
 * paste, a drop): the site's limits, and an image field takes images only. Null when it may go.
 */
export function uploadRefusal(file: UploadCandidate, limits: UploadLimits, imagesOnly: boolean): UploadCheckKey | null {
  const check = checkUpload(file, limits);
  if (!check.ok) return check.message;
  return imagesOnly && !IMAGE_SUFFIXES.includes(fileSuffix(file.name)) ? 'check.typeNotAllowed' : null;
}

/** Bytes as MiB with two decimals, the unit of the server's size messages. */
export function toMiB(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(2);
}
