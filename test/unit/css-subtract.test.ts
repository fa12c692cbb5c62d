import test from 'ava';
import postcss from 'postcss';
import { subtractRules } from '../../scripts/cssSubtract.ts';

const subtract = (sheet: string, present: string) => {
  const root = postcss.parse(sheet);
  subtractRules(root, postcss.parse(present));
  return root.toString().replace(/\s+/g, ' ').trim();
};

test('a rule the earlier sheet states whole goes; of one it states in part, what it lacks stays', (t) => {
  t.is(subtract('.a{color:red}.b{color:red;margin:0}', '.a{color:red}.b{color:red}'), '.b{margin:0}');
  t.is(subtract('.a,.e{color:red;margin:0}', '.a{color:red}'), '.a,.e{color:red;margin:0}');
});

test('a selector list keeps the selectors the earlier sheet lacks', (t) => {
  t.is(subtract('.x:checked+.b,.b:active,.b.active{color:var(--c)}', '.b:active,.b.active{color:var(--c)}'), '.x:checked+.b{color:var(--c)}');
});

test(':root keeps only the custom properties the earlier sheet lacks', (t) => {
  t.is(subtract(':root,[data-theme=light]{--a:1;--b:2}', ':root,[data-theme=light]{--a:1}'), ':root,[data-theme=light]{--b:2}');
});

test('media and other at-rules are compared inside their own conditions, and left empty they go', (t) => {
  t.is(subtract('@media (min-width:992px){.c{width:50%}}.c{width:50%}', '.c{width:50%}'), '@media (min-width:992px){.c{width:50%}}');
  t.is(subtract('@media (min-width:992px){.c{width:50%}}', '@media (min-width:992px){.c{width:50%}}'), '');
  t.is(subtract('@font-face{font-family:x;src:url(x.woff2)}@font-face{font-family:y;src:url(y.woff2)}', '@font-face{font-family:x;src:url(x.woff2)}'), '@font-face{font-family:y;src:url(y.woff2)}');
});

test('a different value or an !important is not the same declaration', (t) => {
  t.is(subtract('.d{color:red}', '.d{color:blue}'), '.d{color:red}');
  t.is(subtract('.d{color:red!important}', '.d{color:red}'), '.d{color:red!important}');
});
