import test from 'ava';
import { MAX_QUERY_LENGTH, MAX_TERMS, markTerms, normalizeText, parseQuery, snippetOf } from '../../src/shared/search.ts';
import { plainText } from '../../src/server/services/search/plainText.ts';

// The site search's text rules (issue 27): how a query splits into words, how matches are marked and quoted.

test('a query splits at spaces of any kind, folds case and full-width forms, keeps each word once and refuses what is too long', (t) => {
  t.deepEqual(parseQuery('  运河  Canal\u3000ＣＡＮＡＬ\tcanal '), { terms: ['运河', 'canal'], problem: null });
  t.deepEqual(parseQuery('"quoted" AND NEAR(x) *'), { terms: ['"quoted"', 'and', 'near(x)', '*'], problem: null }, 'operators are plain words');
  t.deepEqual(parseQuery('\u200b \u0000'), { terms: [], problem: null });
  t.is(parseQuery(Array.from({ length: 20 }, (_, i) => `w${i}`).join(' ')).terms.length, MAX_TERMS);
  t.is(parseQuery('运'.repeat(MAX_QUERY_LENGTH)).problem, null);
  t.is(parseQuery('运'.repeat(MAX_QUERY_LENGTH + 1)).problem, 'tooLong');
  t.is(normalizeText('Ｆｕｌｌ ﬁ'), 'full fi');
});

test('matches are marked in the text as shown, escaped, whatever the case or width of the query', (t) => {
  t.is(markTerms('Grand Canal <b> & canal', ['canal']), 'Grand <mark>Canal</mark> &lt;b&gt; &amp; <mark>canal</mark>');
  t.is(markTerms('ＣＡＮＡＬ 运河', [normalizeText('canal'), '运']), '<mark>ＣＡＮＡＬ</mark> <mark>运</mark>河');
  t.is(markTerms('大运河运河', ['运河', '大运']), '<mark>大运河运河</mark>', 'overlapping and touching matches join');
  t.is(markTerms('nothing here', ['x"y']), 'nothing here');
  t.is(markTerms('a ﬁle, ﬁle', ['file']), 'a <mark>ﬁle</mark>, <mark>ﬁle</mark>', 'a character folding to two is marked whole');
  t.is(markTerms('a ﬁle', ['ile']), 'a ﬁle', 'never half a character');
});

test('a snippet is cut around the first match with ellipses, or is the start of the text when only the title matched', (t) => {
  const text = `${'前'.repeat(200)}大运河${'后'.repeat(200)}`;
  const snippet = snippetOf(text, ['大运河'], 60);
  t.true(snippet.startsWith('…') && snippet.endsWith('…'));
  t.true(snippet.includes('<mark>大运河</mark>'));
  t.is([...snippet.replace(/<\/?mark>/g, '')].length, 62);
  t.is(snippetOf('short text', ['absent']), 'short text');
  t.is(snippetOf('a'.repeat(300), ['absent'], 10), `${'a'.repeat(10)}…`);
});

test('rich text reads as the reader sees it', (t) => {
  t.is(plainText('<p>One&nbsp;<b>two</b></p><p>three &lt;4&gt; &#x8FD0;&#27827;</p><script>x()</script>'), 'One two three <4> 运河');
  t.is(plainText('line<br>break'), 'line break');
});
