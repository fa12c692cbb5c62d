/**
 * How React writes strings into markup, for markup rendered once with marks in its holes and filled in for
 * each request (fragments.ts, pageTemplates.ts): the same escaping, and the values React writes otherwise.
 */

/** React's escaping of text and attribute values (escapeTextForBrowser in react-dom/server). */
const ESCAPES: Readonly<Record<string, string>> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };
const ESCAPED = /["&'<>]/;
/** Most texts have nothing to escape: they are looked at once, not rebuilt. */
export const escapeHtml = (text: string) => (ESCAPED.test(text) ? text.replace(/["&'<>]/g, (c) => ESCAPES[c]!) : text);

/** A javascript: URL as React tells one apart (isJavaScriptProtocol in react-dom/server): it writes another in its place. */
const JAVASCRIPT_URL = /^[\u0000-\u001F ]*j[\r\n\t]*a[\r\n\t]*v[\r\n\t]*a[\r\n\t]*s[\r\n\t]*c[\r\n\t]*r[\r\n\t]*i[\r\n\t]*p[\r\n\t]*t[\r\n\t]*:/i;
/** Whether React would write another value in place of this one; such a URL begins with a control character, a space or a j. */
export function rewritten(value: string): boolean {
  const first = value.charCodeAt(0);
  return (first <= 0x20 || first === 0x4a || first === 0x6a) && JAVASCRIPT_URL.test(value);
}

/** Markup split at its holes: even indexes markup, odd ones the index of the hole between. */
export type Pieces = (string | number)[];

const HOLE = /\uE000(\d+)\uE001/;

/** Markup rendered with holeMark(i) (shared/fragments.ts) in its holes, split at them. */
export const piecesOf = (html: string): Pieces => html.split(HOLE).map((piece, i) => (i % 2 === 1 ? Number(piece) : piece));
