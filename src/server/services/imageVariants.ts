import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Canvas, Image } from '@napi-rs/canvas';
import { VARIANT_SUFFIXES, VARIANT_WIDTHS, variantUrl, type ImageVariant } from '../../shared/imageVariants.ts';
import type { ScratchSpace } from './scratch.ts';
import { releaseCanvas, releaseImage } from './skiaMemory.ts';
import type { ObjectStorage } from './storage/index.ts';

/** Larger pictures are kept as they are: decoding one takes width × height × 4 bytes of memory at once. */
export const MAX_VARIANT_PIXELS = 40_000_000;
/** WebP quality of the copies: the eye sees no loss at this size, and a photo weighs about a third of a JPEG at 90. */
const QUALITY = 80;

/**
 * The widths of the copies a picture `width` pixels wide gets: the standard ones below it and, up to the
 * largest, its own. A picture no wider than the smallest is already phone-sized and gets none.
 */
export function variantWidths(width: number): number[] {
  const largest = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]!;
  const below = VARIANT_WIDTHS.filter((w) => w < width);
  if (below.length === 0) return [];
  return width <= largest ? [...below, width] : below;
}

/**
 * Makes the resized WebP copies of uploaded pictures and removes them with the picture. Decoding follows the
 * picture's EXIF orientation (a phone's portrait photo stays upright) and the copies carry no metadata.
 * Skia (@napi-rs/canvas, already used for the captcha and packaged into the single executable) does the work
 * on libuv's threads.
 */
export class ImageVariants {
  constructor(
    private readonly storage: ObjectStorage,
    /** Where the copies wait on their way to the storage (a folder of their own per picture, removed after). */
    private readonly scratch: Pick<ScratchSpace, 'folder'>,
  ) {}

  /** Whether a picture of this suffix and size gets copies. */
  applies(suffix: string, image: { width: number; height: number } | null): boolean {
    return !!image && VARIANT_SUFFIXES.includes(suffix) && image.width * image.height <= MAX_VARIANT_PIXELS;
  }

  /**
   * Stores the copies of the picture at `url` (its bytes in `source`) and answers what it stored. A picture
   * Skia cannot decode gets none: the original serves alone, as before.
   */
  async make(url: string, source: Buffer): Promise<ImageVariant[]> {
    // Skia loads with the first picture, as for the captcha: not at start (memory, and the single executable
    // unpacks its addons only after the server module has loaded).
    const { createCanvas, loadImage } = await import('@napi-rs/canvas');
    const image = await loadImage(source).catch(() => null);
    if (!image || !(image.width > 0) || !(image.height > 0)) return [];
    const dir = await this.scratch.folder('variants-');
    try {
      return await this.resized(url, source, image, dir, createCanvas);
    } finally {
      releaseImage(image);
      await fsp.rm(dir, { recursive: true, force: true });
    }
  }

  private async resized(url: string, source: Buffer, image: Image, dir: string, createCanvas: (width: number, height: number) => Canvas): Promise<ImageVariant[]> {
    const made: ImageVariant[] = [];
    for (const width of variantWidths(image.width)) {
      const height = Math.max(1, Math.round((image.height * width) / image.width));
      const canvas = createCanvas(width, height);
      const context = canvas.getContext('2d');
      context.imageSmoothingEnabled = true;
      context.imageSmoothingQuality = 'high';
      context.drawImage(image, 0, 0, width, height);
      const bytes = await canvas.encode('webp', QUALITY);
      releaseCanvas(canvas);
      // A copy as large as the picture itself would save nobody anything.
      if (width === image.width && bytes.length >= source.length) continue;
      const file = path.join(dir, `variant-${width}.webp`);
      await fsp.writeFile(file, bytes);
      await this.storage.put(this.keyOf(variantUrl(url, width)), file, 'image/webp');
      made.push({ width, height });
    }
    return made;
  }

  /** Removes every copy a picture may have (absent ones are no error). */
  async remove(url: string, widths: readonly number[]): Promise<void> {
    for (const width of widths) await this.storage.remove(this.keyOf(variantUrl(url, width)));
  }

  private keyOf(url: string): string {
    return url.slice(1);
  }
}
