/**
 * Resized copies of an uploaded photo (WebP, stored beside the original), so that a phone downloads a
 * phone-sized picture. An attachment row lists the copies it has in `variants` (`480x320,960x640`); the
 * pages offer them with `srcset` and let the browser choose.
 */

/** The widths made of a photo wider than them; a photo up to the largest also gets a WebP copy of its own size. */
export const VARIANT_WIDTHS: readonly number[] = [480, 960, 1600];

/** Suffixes whose pictures get copies: still photos and drawings (a GIF may move, an SVG scales itself). */
export const VARIANT_SUFFIXES: readonly string[] = ['jpg', 'jpeg', 'png', 'webp', 'bmp'];

export interface ImageVariant {
  width: number;
  height: number;
}

/** The copy of `url` at `width` pixels: `/storage/a/b.jpg` → `/storage/a/b.jpg.480w.webp`. */
export function variantUrl(url: string, width: number): string {
  return `${url}.${width}w.webp`;
}

/** The `variants` column as a list, narrowest first; anything malformed is left out. */
export function parseVariants(text: string | null | undefined): ImageVariant[] {
  return (text ?? '')
    .split(',')
    .map((pair) => pair.trim().split('x').map(Number))
    .filter((p): p is [number, number] => p.length === 2 && p.every((n) => Number.isSafeInteger(n) && n > 0))
    .map(([width, height]) => ({ width, height }))
    .sort((a, b) => a.width - b.width);
}

export function formatVariants(variants: readonly ImageVariant[]): string {
  return variants.map((v) => `${v.width}x${v.height}`).join(',');
}

/** `srcset` of a picture's copies, with `url` behind `base` (a CDN origin, or '' for the site itself). */
export function variantSrcset(url: string, variants: readonly ImageVariant[], base = ''): string {
  return variants.map((v) => `${base}${variantUrl(url, v.width)} ${v.width}w`).join(', ');
}
