import test from 'ava';
import { richTextAsText, textDiff, valueText } from '../../src/islands/admin/crud/revisionDiff.ts';

test('rich text compares as its paragraphs and pictures, entities read', (t) => {
  t.is(richTextAsText('<h2>闸门</h2><p>清晨&amp;开闸。<br/>第二行</p><p><img src="/storage/a.png" alt=""></p>'), '闸门\n清晨&开闸。\n第二行\n [/storage/a.png]');
});

test('Chinese is compared word by word, not as one block', (t) => {
  const pieces = textDiff('大运河申遗成功', '大运河申遗十周年');
  t.deepEqual(pieces[0], { text: '大运河申遗', kind: 'same' });
  t.true(pieces.some((p) => p.kind === 'removed' && p.text.includes('成功')));
  t.true(pieces.some((p) => p.kind === 'added' && p.text.includes('十周年')));
  const english = textDiff('The lock opens at dawn', 'The lock opens at noon', 'en');
  t.deepEqual(english, [
    { text: 'The lock opens at ', kind: 'same' },
    { text: 'dawn', kind: 'removed' },
    { text: 'noon', kind: 'added' },
  ]);
});

test('values read as the list shows them', (t) => {
  const ctx = { timeZone: 'Asia/Shanghai', optionLabel: (_f: unknown, v: string) => (v === '1' ? 'On' : 'Off') };
  t.is(valueText({ name: 't', type: 'timestamp' }, 1767225600, ctx), '2026-01-01 08:00:00');
  t.is(valueText({ name: 's', type: 'switch' }, '1', ctx), 'On');
  t.is(valueText({ name: 'c', type: 'editor' }, '<p>a</p>', ctx), 'a');
  t.is(valueText(undefined, null, ctx), '');
});
