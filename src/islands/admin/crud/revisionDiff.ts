/**
 * The field-by-field difference the history dialog shows, without React: a value as readable text (rich
 * text as its paragraphs, pictures by their address, times in the site's zone, options by their labels) and
 * the words added and removed between two texts. Words are cut with Intl.Segmenter, so Chinese, which has no
 * spaces, is compared word by word as English is.
 */
import { diffArrays } from 'diff';
import type { FieldDef } from '../../../resources/types.ts';
import { formatTime } from '../../../shared/time.ts';
import type { OptionLabel } from '../../../resources/cells.ts';

export interface Piece {
  text: string;
  kind: 'same' | 'added' | 'removed';
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#039': "'", nbsp: ' ' };

/** Rich text as text: one line per block, a picture as its address, the markup gone. */
export function richTextAsText(html: string): string {
  return html
    .replace(/<img\b[^>]*\bsrc="([^"]*)"[^>]*>/gi, ' [$1] ')
    .replace(/<\/(p|h[1-6]|li|blockquote|pre|div|tr)>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#0?39|nbsp);/g, (_m, name: string) => ENTITIES[name] ?? '')
    .replace(/[ \t]+\n/g, '\n')
    .trim();
}

export interface ValueContext {
  timeZone: string;
  optionLabel: OptionLabel;
}

/** A stored value as the dialog shows it. */
export function valueText(field: FieldDef | undefined, value: unknown, ctx: ValueContext): string {
  if (value === null || value === undefined || value === '') return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (!field) return text;
  if (field.type === 'editor') return richTextAsText(text);
  if ((field.type === 'timestamp' || field.type === 'datetime') && /^\d+$/.test(text)) return text === '0' ? '' : formatTime(Number(text), 'yyyy-mm-dd hh:MM:ss', ctx.timeZone);
  if (field.type === 'switch' || field.options?.length) {
    return text
      .split(',')
      .map((v) => ctx.optionLabel(field, v))
      .join(', ');
  }
  return text;
}

const segmenters = new Map<string, Intl.Segmenter>();

/** Words and the spaces and marks between them, in order: joined again they are the text. */
export function wordsOf(text: string, lang: string): string[] {
  let segmenter = segmenters.get(lang);
  if (!segmenter) segmenters.set(lang, (segmenter = new Intl.Segmenter(lang, { granularity: 'word' })));
  return Array.from(segmenter.segment(text), (s) => s.segment);
}

/** What changed from `before` to `after`, word by word; runs of one kind are joined. */
export function textDiff(before: string, after: string, lang = 'zh'): Piece[] {
  const pieces: Piece[] = [];
  for (const change of diffArrays(wordsOf(before, lang), wordsOf(after, lang))) {
    const kind = change.added ? 'added' : change.removed ? 'removed' : 'same';
    const text = change.value.join('');
    const last = pieces[pieces.length - 1];
    if (last?.kind === kind) last.text += text;
    else pieces.push({ text, kind });
  }
  return pieces;
}
