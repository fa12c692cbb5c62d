import type { Knex } from 'knex';
import { parseVariants, variantSrcset, type ImageVariant } from '../../shared/imageVariants.ts';

/**
 * How wide a picture in an article shows, for the browser to choose among its copies before it lays the page
 * out: the text column (two thirds of Bootstrap's container beside the aside, less its gutter) on desktop, the
 * screen less the container's padding on phones.
 */
export const ARTICLE_SIZES = '(min-width: 1400px) 856px, (min-width: 1200px) 736px, (min-width: 992px) 616px, calc(100vw - 1.5rem)';

const IMG = /<img\b([^>]*?)\s*\/?>/gi;
const ATTRIBUTE = /([a-zA-Z-]+)(?:\s*=\s*"([^"]*)")?/g;

function attributesOf(text: string): Map<string, string> {
  return new Map([...text.matchAll(ATTRIBUTE)].map(([, name, value]) => [name!.toLowerCase(), value ?? '']));
}

/** The `src` of every picture in stored rich text (sanitised HTML: double-quoted attributes). */
export function pictureSources(html: string): string[] {
  return [...new Set([...html.matchAll(IMG)].map(([, attrs]) => attributesOf(attrs!).get('src') ?? '').filter(Boolean))];
}

/**
 * The pictures of rich text made fit for phones: each loads lazily (the page's cover is above the fold), and
 * one with resized copies offers them through `srcset` and `sizes`, with its width and height so the page
 * does not jump when it arrives. Attributes already there are kept.
 */
export function withResponsiveImages(html: string, copies: ReadonlyMap<string, readonly ImageVariant[]>, sizes = ARTICLE_SIZES): string {
  return html.replace(IMG, (_tag, text: string) => {
    const attributes = attributesOf(text);
    const add = (name: string, value: string) => {
      if (!attributes.has(name)) attributes.set(name, value);
    };
    add('loading', 'lazy');
    add('decoding', 'async');
    const variants = copies.get(attributes.get('src') ?? '') ?? [];
    const largest = variants[variants.length - 1];
    if (largest) {
      attributes.set('srcset', variantSrcset(attributes.get('src')!, variants));
      attributes.set('sizes', sizes);
      if (!attributes.has('width') && !attributes.has('height')) {
        attributes.set('width', String(largest.width));
        attributes.set('height', String(largest.height));
      }
    }
    return `<img ${[...attributes].map(([name, value]) => `${name}="${value}"`).join(' ')} />`;
  });
}

/** Finds the resized copies of the pictures rich text shows (uploads only) and adds them to its HTML. */
export class ResponsiveImages {
  constructor(private readonly knex: Knex) {}

  async apply(html: string): Promise<string> {
    if (!html.includes('<img')) return html;
    const uploads = pictureSources(html).filter((src) => src.startsWith('/storage/'));
    const rows = uploads.length ? ((await this.knex('attachment').whereIn('url', uploads).whereNot('variants', '').select('url', 'variants')) as { url: string; variants: string | null }[]) : [];
    const copies = new Map(rows.map((r) => [r.url, parseVariants(r.variants)] as const).filter(([, v]) => v.length > 0));
    return withResponsiveImages(html, copies);
  }
}
