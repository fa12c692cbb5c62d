import test from 'ava';
import type { TFunction } from 'i18next';
import { createI18n } from '../../src/shared/i18n/instance.ts';
import { remembered } from '../../src/pages/serverTranslation.ts';

// Server renders keep the texts i18next gave (src/pages/serverTranslation.ts): what they keep must be what
// i18next says for the same call, and calls it cannot keep go to i18next each time.

const resources = {
  'zh-cn': { content: { page: '第 {{page}} 页', items_one: '{{count}} 条', items_other: '{{count}} 条', plain: '新闻' } },
  en: { content: { page: 'Page {{page}}', items_one: '{{count}} item', items_other: '{{count}} items', plain: 'News' } },
};

function counted(t: TFunction): { t: TFunction; calls: () => number } {
  let calls = 0;
  const counting = ((...args: Parameters<TFunction>) => {
    calls++;
    return (t as unknown as (...a: unknown[]) => unknown)(...args);
  }) as unknown as TFunction;
  return { t: counting, calls: () => calls };
}

test('a kept text is the one i18next gives, with and without plain options', (t) => {
  const i18n = createI18n('en', resources, ['content']);
  const theirs = i18n.getFixedT('en', 'content');
  const { t: counting, calls } = counted(theirs);
  const ours = remembered(counting);
  const asked: [string, Record<string, unknown>?][] = [['plain'], ['page', { page: 3 }], ['page', { page: 4 }], ['items', { count: 1 }], ['items', { count: 2 }], ['missing', { defaultValue: 'Fallback' }]];
  for (let round = 0; round < 3; round++) {
    for (const [key, options] of asked) t.is(options ? ours(key, options) : ours(key), options ? theirs(key, options) : theirs(key), `${key} ${JSON.stringify(options)}`);
  }
  t.is(calls(), asked.length, 'each call asked i18next once');
});

test('options that are not plain values go to i18next every time', (t) => {
  const i18n = createI18n('zh-cn', resources, ['content']);
  const { t: counting, calls } = counted(i18n.getFixedT('zh-cn', 'content'));
  const ours = remembered(counting);
  t.is(ours('page', { page: 2, nested: { a: 1 } }), '第 2 页');
  t.is(ours('page', { page: 2, nested: { a: 1 } }), '第 2 页');
  t.is(calls(), 2);
});

test('texts kept for calls with options are bounded; texts by key alone are always kept', (t) => {
  const i18n = createI18n('en', resources, ['content']);
  const { t: counting, calls } = counted(i18n.getFixedT('en', 'content'));
  const ours = remembered(counting);
  for (let page = 1; page <= 5000; page++) ours('page', { page });
  const before = calls();
  ours('page', { page: 1 });
  ours('page', { page: 4999 });
  t.is(calls() - before, 1, 'the first pages are kept, the later ones are asked again');
  ours('plain');
  ours('plain');
  t.is(calls() - before, 2, 'a key alone is kept even past the bound');
});
