import type sanitizeHtml from 'sanitize-html';

/**
 * Rich text from the admin editor is sanitised on save: structure, emphasis, lists, tables, links and our
 * own images stay; scripts, event handlers, styles and foreign embeds go. Stored HTML is then safe to print.
 */
/** The tags stored rich text may hold (the public stylesheet keeps the rules for them: scripts/purgeCss.ts). */
export const RICH_TEXT_TAGS = [
  'p', 'br', 'hr', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'blockquote', 'code', 'pre',
  'ul', 'ol', 'li', 'a', 'img', 'figure', 'figcaption', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'span',
];

// sanitize-html and its HTML and CSS parsers load with the first save of rich text, not at start: most
// requests, and every process that only reads, never need them.
let sanitizer: Promise<(html: string) => string> | undefined;

function loadSanitizer(): Promise<(html: string) => string> {
  sanitizer ??= import('sanitize-html').then(({ default: sanitize }) => {
    const options: sanitizeHtml.IOptions = {
      allowedTags: RICH_TEXT_TAGS,
      allowedAttributes: {
        a: ['href', 'title', 'target', 'rel'],
        img: ['src', 'alt', 'title', 'width', 'height'],
        th: ['colspan', 'rowspan'],
        td: ['colspan', 'rowspan'],
      },
      allowedSchemes: ['http', 'https', 'mailto'],
      allowedSchemesByTag: { img: ['http', 'https'] },
      allowProtocolRelative: false,
      transformTags: {
        a: sanitize.simpleTransform('a', { rel: 'noopener noreferrer' }),
      },
    };
    return (html: string) => sanitize(html, options);
  });
  return sanitizer;
}

export async function sanitizeRichText(html: string): Promise<string> {
  return (await loadSanitizer())(html);
}
