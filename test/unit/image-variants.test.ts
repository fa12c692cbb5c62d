import test from 'ava';
import { parseVariants, formatVariants, variantSrcset } from '../../src/shared/imageVariants.ts';
import { variantWidths } from '../../src/server/services/imageVariants.ts';
import { pictureSources, withResponsiveImages } from '../../src/server/services/responsiveImages.ts';

test('the widths of a picture’s copies: the standard ones below it, its own up to 1600 px, none for a small one', (t) => {
  t.deepEqual(variantWidths(4000), [480, 960, 1600]);
  t.deepEqual(variantWidths(1600), [480, 960, 1600]);
  t.deepEqual(variantWidths(1200), [480, 960, 1200]);
  t.deepEqual(variantWidths(481), [480, 481]);
  t.deepEqual(variantWidths(480), []);
});

test('the variants column reads back what was written, narrowest first, and skips what is malformed', (t) => {
  const list = [
    { width: 960, height: 600 },
    { width: 480, height: 300 },
  ];
  t.deepEqual(parseVariants(formatVariants(list)), [list[1], list[0]]);
  t.deepEqual(parseVariants('480x300,junk,0x1,960x'), [{ width: 480, height: 300 }]);
  t.deepEqual(parseVariants(null), []);
  t.is(variantSrcset('/storage/a.jpg', list.slice(1)), '/storage/a.jpg.480w.webp 480w');
});

test('rich text: pictures load lazily, those with copies offer them with sizes and their size; other attributes stay', (t) => {
  const html = '<p>x</p><img src="/storage/a.jpg" alt="A &amp; B" /><img src="https://example.org/b.png" alt="" loading="eager"><img alt="no source">';
  t.deepEqual(pictureSources(html), ['/storage/a.jpg', 'https://example.org/b.png']);
  const copies = new Map([['/storage/a.jpg', [{ width: 480, height: 320 }, { width: 900, height: 600 }]]]);
  const out = withResponsiveImages(html, copies, '100vw');
  t.is(
    out,
    '<p>x</p><img src="/storage/a.jpg" alt="A &amp; B" loading="lazy" decoding="async" srcset="/storage/a.jpg.480w.webp 480w, /storage/a.jpg.900w.webp 900w" sizes="100vw" width="900" height="600" />' +
      '<img src="https://example.org/b.png" alt="" loading="eager" decoding="async" /><img alt="no source" loading="lazy" decoding="async" />',
  );
  t.regex(withResponsiveImages('<img src="/storage/a.jpg" width="300">', copies), /width="300" loading/, 'a size the editor set is kept');
});
