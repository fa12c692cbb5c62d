import sanitizeHtml from 'sanitize-html';

/**
 * Rich text from the admin editor is sanitised on save: structure, emphasis, lists, tables, links and our
 * own images stay; scripts, event handlers, styles and foreign embeds go. Stored HTML is then safe to print.
 */
/** The tags stored rich text may hold (the public stylesheet keeps the rules for them: scripts/purgeCss.ts). */
export const RICH_TEXT_TAGS = [
  'p', 'br', 'hr', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'blockquote', 'code', 'pre',
  'ul', 'ol', 'li', 'a', 'img', 'figure', 'figcaption', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'span',
];

const OPTIONS: sanitizeHtml.IOptions = {
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
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }),
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
