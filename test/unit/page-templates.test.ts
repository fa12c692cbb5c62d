import test from 'ava';
import { createElement as h, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { CountingTemplates } from '../helpers/fragments.ts';

// A page body rendered once per shape of its model and filled in for every other model of that shape
// (src/server/pageTemplates.ts): each answer must be what React renders for that model, to the byte.

type Card = { href: string; title: string; cover: string; fresh: boolean };
type Model = { heading: string; cards: Card[]; story: { __html: string } };

/** A view of the kind pages have: texts, links, an eager picture React preloads, markup, a branch on a boolean. */
function view(model: Model): ReactNode {
  return h(
    'main',
    null,
    h('h1', null, model.heading, ' ', model.cards.length),
    model.cards.map((card, i) =>
      h('article', { key: i }, h('img', { src: card.cover, alt: '', fetchPriority: i === 0 ? 'high' : undefined }), h('a', { href: card.href }, card.title), card.fresh && h('span', null, 'new')),
    ),
    h('div', { dangerouslySetInnerHTML: model.story }),
  );
}

const card = (n: number, fresh = false): Card => ({ href: `/news/info?id=${n}`, title: `第${n}条`, cover: `/storage/${n}.jpg`, fresh });
const model = (heading: string, cards: Card[], story = '<p>运河</p>'): Model => ({ heading, cards, story: { __html: story } });
const SCOPE = {};

test('models of one shape: rendered once, every other one filled in, each what React renders', (t) => {
  const templates = new CountingTemplates();
  const models = [model('新闻', [card(1), card(2)]), model('News', [card(3), card(4)], '<p>Grand <b>Canal</b></p>'), model('新闻', [card(5), card(6)])];
  for (const m of models) t.is(templates.body(SCOPE, '/news', m, view), renderToString(view(m)));
  t.is(templates.renders, 2, 'the first model rendered with marks and with its own words; the others filled in');
});

test('what React escapes is escaped; markup is written as it is', (t) => {
  const templates = new CountingTemplates();
  templates.body(SCOPE, '/news', model('新闻', [card(1)]), view);
  const odd = model(`"&'<>`, [{ href: `/x?a=1&b="2"`, title: `<script>alert('x')</script>`, cover: `/a b'c.jpg`, fresh: false }], `<p class="x">&amp; <i>i</i></p>`);
  t.is(templates.body(SCOPE, '/news', odd, view), renderToString(view(odd)));
  t.is(templates.renders, 2);
});

test('the shape: booleans, nulls, how many items and which strings are empty make another template', (t) => {
  const templates = new CountingTemplates();
  const shapes = [model('a', [card(1)]), model('a', [card(1, true)]), model('a', [card(1), card(2)]), model('a', []), model('', [card(1)]), model('a', [{ ...card(1), href: '' }])];
  for (const m of shapes) t.is(templates.body(SCOPE, '/news', m, view), renderToString(view(m)), JSON.stringify(m));
  t.is(templates.renders, 2 * shapes.length, 'each a shape of its own');
  t.is(templates.body(SCOPE, '/news', model('b', [{ ...card(9), href: '' }]), view), renderToString(view(model('b', [{ ...card(9), href: '' }]))));
  t.is(templates.renders, 2 * shapes.length, 'an empty link again: the template of that shape');
});

test('a javascript: or data: URL, which React writes otherwise, is left to React', (t) => {
  const templates = new CountingTemplates();
  templates.body(SCOPE, '/news', model('a', [card(1)]), view);
  for (const odd of [{ ...card(2), href: 'javascript:alert(1)' }, { ...card(2), href: ' JaVa\tScRiPt:x' }, { ...card(2), cover: 'data:image/png;base64,AAAA' }]) {
    t.is(templates.body(SCOPE, '/news', model('a', [odd]), view), null, odd.href + odd.cover);
  }
  t.is(templates.renders, 2);
});

test('a view that looks inside a string is rendered by React each time', (t) => {
  const templates = new CountingTemplates();
  // A mark never starts with a letter: rendered with one, the view took the other branch than React's render.
  const peeking = (m: Model) => h('p', null, m.heading.startsWith('a') ? 'a-word' : 'other', m.heading);
  t.is(templates.body(SCOPE, '/x', model('ab', []), peeking), renderToString(peeking(model('ab', []))), 'the first answer is React’s own');
  t.is(templates.body(SCOPE, '/x', model('cd', []), peeking), null, 'no template kept');
});

test('templates belong to their scope and page', (t) => {
  const templates = new CountingTemplates();
  const m = model('a', [card(1)]);
  templates.body(SCOPE, '/news', m, view);
  templates.body({}, '/news', m, view);
  templates.body(SCOPE, '/culture', m, view);
  t.is(templates.renders, 6, 'another settings version, another page: each rendered');
});

test('past 256 shapes the least used one goes, not the one in use', (t) => {
  const templates = new CountingTemplates();
  const hot = model('hot', [card(1)]);
  const cold = model('cold', [card(1), card(2)]);
  templates.body(SCOPE, '/news', cold, view);
  templates.body(SCOPE, '/news', hot, view);
  for (let n = 3; n < 3 + 300; n++) {
    // A shape of its own each: n items.
    templates.body(SCOPE, '/news', model('x', Array.from({ length: n }, (_, i) => card(i))), view);
    templates.body(SCOPE, '/news', hot, view);
  }
  const renders = templates.renders;
  t.is(templates.body(SCOPE, '/news', hot, view), renderToString(view(hot)));
  t.is(templates.renders, renders, 'the shape in use is still kept');
  t.is(templates.body(SCOPE, '/news', cold, view), renderToString(view(cold)));
  t.is(templates.renders, renders + 2, 'the one not used since the start was dropped');
});
