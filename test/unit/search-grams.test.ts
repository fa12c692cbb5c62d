import test from 'ava';
import { lookupOf, pieces, shortGrams, trigrams, wordSuffixes } from '../../src/server/services/search/grams.ts';

// How the site search cuts text for its index and looks a word up (issue 27): a word of the query is found
// exactly where it occurs in the text, never across a space, and by the cheapest lookup that is still exact.

test('characters and pairs of characters, never across a separator', (t) => {
  t.deepEqual([...shortGrams('运河 ab\u200bc')].sort(), ['a', 'ab', 'b', 'c', '河', '运', '运河'].sort());
  t.deepEqual(pieces('  a\tbc '), [['a'], ['b', 'c']]);
  t.deepEqual(trigrams([...'大运河畔']), ['大运河', '运河畔']);
  t.deepEqual(trigrams([...'运河']), []);
});

test('words of spaced scripts give their suffixes of four characters and more, cut to 24; Chinese gives none', (t) => {
  t.deepEqual([...wordSuffixes('the canals, 运河canal2024')].sort(), ['canals', 'anals', 'nals', 'canal2024', 'anal2024', 'nal2024', 'al2024', 'l2024', '2024'].sort());
  const suffixes = [...wordSuffixes('abcdefghijklmnopqrstuvwxyz0123')];
  t.is(suffixes.length, 27, 'one at every place leaving four characters');
  t.deepEqual([suffixes[0], suffixes[6], suffixes[26]], ['abcdefghijklmnopqrstuvwx', 'ghijklmnopqrstuvwxyz0123', 'z0123'.slice(1)], 'cut to 24 characters');
  t.deepEqual([...wordSuffixes('大运河文化带')], []);
});

test('a word is looked up as a gram, a trigram, a suffix or trigrams in a row', (t) => {
  t.is(lookupOf('运'), 'gram');
  t.is(lookupOf('运河'), 'gram');
  t.is(lookupOf('大运河'), 'trigram');
  t.is(lookupOf('can'), 'trigram');
  t.is(lookupOf('canal'), 'suffix');
  t.is(lookupOf('café'), 'suffix');
  t.is(lookupOf('运河新闻'), 'trigrams', 'Chinese has no word suffixes');
  t.is(lookupOf('near(x)'), 'trigrams', 'punctuation is not part of a word');
  t.is(lookupOf('x'.repeat(25)), 'trigrams', 'longer than a cut suffix');
});
