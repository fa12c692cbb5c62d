import { WORD_SEPARATORS } from '../../../shared/search.ts';

/**
 * How the site search cuts text into what its index looks up, and how it looks up a word of a query: the
 * same on both databases. Text and words arrive normalized (normalizeText). A word of a query never holds a
 * separator (WORD_SEPARATORS), so nothing here spans one: the text's pieces between separators are cut alone.
 *
 * - A word of one or two characters is one of the text's characters or pairs of neighbouring characters.
 * - A word of three is one of its trigrams.
 * - A longer word of a spaced script (letters, digits and marks, no Chinese, Japanese, Korean or Thai) lies
 *   inside one word of the text, so it begins one of that word's suffixes: the suffixes, cut to SUFFIX_MAX
 *   characters, are looked up by the word as a prefix.
 * - Anything else (Chinese of four characters and more, words holding punctuation) is its trigrams in a row.
 */

/** Words this long or shorter are looked up as a character or a pair of characters. */
export const SHORT_WORD = 2;
/** The shortest suffix kept: a word of three characters is a trigram. */
const SUFFIX_MIN = 4;
/** Suffixes are cut to this length: a longer word of a query is looked up by its trigrams. */
export const SUFFIX_MAX = 24;

/** Scripts written without spaces: a run of them is a sentence rather than a word, so it gets no suffixes. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;
const LETTER_DIGIT_MARK = /[\p{L}\p{N}\p{M}]/u;

/** Whether a character belongs in a word of a spaced script (cached: text is read a character at a time). */
const wordChars = new Map<string, boolean>();
function isWordChar(c: string): boolean {
  let known = wordChars.get(c);
  if (known === undefined) {
    known = LETTER_DIGIT_MARK.test(c) && !UNSPACED.test(c);
    if (wordChars.size < 100_000) wordChars.set(c, known);
  }
  return known;
}

/** The text's pieces between separators, each as its characters. */
export function pieces(text: string): string[][] {
  return text
    .split(WORD_SEPARATORS)
    .filter(Boolean)
    .map((piece) => [...piece]);
}

/** Every character of the text and every pair of neighbouring characters. */
export function shortGrams(text: string): Set<string> {
  const grams = new Set<string>();
  for (const chars of pieces(text)) {
    chars.forEach((c, i) => {
      grams.add(c);
      if (i + 1 < chars.length) grams.add(c + chars[i + 1]);
    });
  }
  return grams;
}

/** A piece's trigrams in order. */
export function trigrams(chars: readonly string[]): string[] {
  const found: string[] = [];
  for (let i = 0; i + 3 <= chars.length; i++) found.push(chars[i]! + chars[i + 1]! + chars[i + 2]!);
  return found;
}

/** The suffixes of the text's words of spaced scripts, SUFFIX_MIN characters and longer, cut to SUFFIX_MAX. */
export function wordSuffixes(text: string): Set<string> {
  const suffixes = new Set<string>();
  const add = (word: string[]) => {
    for (let i = 0; i + SUFFIX_MIN <= word.length; i++) suffixes.add(word.slice(i, i + SUFFIX_MAX).join(''));
  };
  for (const chars of pieces(text)) {
    let word: string[] = [];
    for (const c of chars) {
      if (isWordChar(c)) {
        word.push(c);
      } else {
        add(word);
        word = [];
      }
    }
    add(word);
  }
  return suffixes;
}

/** How a word of a query is looked up (see above). */
export type Lookup = 'gram' | 'trigram' | 'suffix' | 'trigrams';

export function lookupOf(word: string): Lookup {
  const chars = [...word];
  if (chars.length <= SHORT_WORD) return 'gram';
  if (chars.length === 3) return 'trigram';
  return chars.length <= SUFFIX_MAX && chars.every(isWordChar) ? 'suffix' : 'trigrams';
}
