import test from 'ava';
import { plainLabel } from '../../src/islands/admin/crud/RemoteSelect.tsx';
import {
  allIds,
  areSiblings,
  branchIds,
  checkStates,
  flatten,
  postedIds,
  selectionOf,
  siblingTarget,
  subtreeIds,
  toggleCheck,
  visibleRows,
  type TreeItem,
} from '../../src/islands/admin/screens/tree/treeModel.ts';

interface Node extends TreeItem {
  name: string;
}

const node = (id: number, pid: number, name: string, children?: Node[]): Node => (children ? { id, pid, name, children } : { id, pid, name });

// Dashboard; Content → News (view, add, edit, del), Culture (view); Members → Members (view).
const TREE: Node[] = [
  node(1, 0, 'dashboard'),
  node(2, 0, 'content', [
    node(3, 2, 'content/news', [node(4, 3, 'news/index'), node(5, 3, 'news/add'), node(6, 3, 'news/edit'), node(7, 3, 'news/del')]),
    node(8, 2, 'content/culture', [node(9, 8, 'culture/index')]),
  ]),
  node(10, 0, 'user', [node(11, 10, 'user/user', [node(12, 11, 'user/index')])]),
];

const states = (selected: number[]) => Object.fromEntries(checkStates(TREE, new Set(selected)));

test('flatten, ids and branches go depth-first, parents first', (t) => {
  t.deepEqual(flatten(TREE).map((n) => n.name).slice(0, 4), ['dashboard', 'content', 'content/news', 'news/index']);
  t.deepEqual(allIds(TREE), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  t.deepEqual(branchIds(TREE), [2, 3, 8, 10, 11]);
});

test('a subtree is the node and everything below it (what a rule cannot be moved under)', (t) => {
  t.deepEqual(subtreeIds(TREE, 2), [2, 3, 4, 5, 6, 7, 8, 9]);
  t.deepEqual(subtreeIds(TREE, 8), [8, 9]);
  t.deepEqual(subtreeIds(TREE, 12), [12]);
  t.deepEqual(subtreeIds(TREE, 99), []);
});

test('visible rows: roots, and the children of open nodes only, with depth and neighbours', (t) => {
  t.deepEqual(visibleRows(TREE, new Set()).map((r) => r.node.id), [1, 2, 10]);
  const rows = visibleRows(TREE, new Set([2, 3, 11]));
  t.deepEqual(rows.map((r) => [r.node.id, r.depth]), [[1, 0], [2, 0], [3, 1], [4, 2], [5, 2], [6, 2], [7, 2], [8, 1], [10, 0]], 'members stays folded: its parent is closed');
  const news = rows.find((r) => r.node.id === 3)!;
  t.like(news, { hasChildren: true, open: true });
  t.is(news.before, null);
  t.is(news.after?.id, 8);
  const culture = rows.find((r) => r.node.id === 8)!;
  t.like(culture, { hasChildren: true, open: false });
  t.is(culture.before?.id, 3);
  t.is(culture.after, null);
  t.like(rows.find((r) => r.node.id === 1)!, { hasChildren: false, open: false });
  t.deepEqual(visibleRows([], new Set([1])), []);
});

test('sibling moves stay among the children of one parent', (t) => {
  t.is(siblingTarget(TREE, 5, -1), 4);
  t.is(siblingTarget(TREE, 5, 1), 6);
  t.is(siblingTarget(TREE, 4, -1), null, 'the first child has no sibling above');
  t.is(siblingTarget(TREE, 7, 1), null, 'nor the last one below');
  t.is(siblingTarget(TREE, 2, 1), 10, 'roots are siblings');
  t.is(siblingTarget(TREE, 99, 1), null);
  t.true(areSiblings(TREE, 3, 8));
  t.true(areSiblings(TREE, 1, 10));
  t.false(areSiblings(TREE, 7, 8), 'a button and a page of another parent');
  t.false(areSiblings(TREE, 3, 3));
  t.false(areSiblings(TREE, 99, 1));
});

test('check states: leaves from the selection, parents from their children', (t) => {
  t.like(states([]), { 1: 'unchecked', 2: 'unchecked', 3: 'unchecked' });
  t.like(states([4, 5]), { 4: 'checked', 5: 'checked', 6: 'unchecked', 3: 'mixed', 2: 'mixed', 8: 'unchecked', 10: 'unchecked' });
  t.like(states([4, 5, 6, 7]), { 3: 'checked', 2: 'mixed' }, 'all of News but not Culture');
  t.like(states([4, 5, 6, 7, 9]), { 3: 'checked', 8: 'checked', 2: 'checked' });
  // A page held without any of its buttons stays half-checked (so saving keeps it), its folder too.
  t.like(states([3]), { 3: 'mixed', 2: 'mixed', 4: 'unchecked' });
});

test('ticking checks everything below; unticking clears it and ancestors left empty', (t) => {
  const all = toggleCheck(TREE, new Set(), 2);
  t.deepEqual([...all].sort((a, b) => a - b), [2, 3, 4, 5, 6, 7, 8, 9]);
  t.like(Object.fromEntries(checkStates(TREE, all)), { 2: 'checked', 3: 'checked', 8: 'checked' });

  // A half-checked page becomes fully checked.
  const full = toggleCheck(TREE, new Set([4]), 3);
  t.like(Object.fromEntries(checkStates(TREE, full)), { 3: 'checked', 7: 'checked' });

  // Unticking a checked page clears its buttons; the folder keeps Culture.
  const withoutNews = toggleCheck(TREE, all, 3);
  t.deepEqual([...withoutNews].sort((a, b) => a - b), [2, 8, 9]);
  t.like(Object.fromEntries(checkStates(TREE, withoutNews)), { 2: 'mixed', 3: 'unchecked', 8: 'checked' });

  // Unticking the last button of a page unticks the page and the folder.
  const one = toggleCheck(TREE, new Set(), 12);
  t.deepEqual([...one], [12]);
  t.deepEqual([...toggleCheck(TREE, new Set([10, 11, 12]), 12)], [], 'no ancestor survives without a child');
  // A held page whose last ticked button goes keeps nothing either: the page line is then unticked.
  t.deepEqual([...toggleCheck(TREE, new Set([3, 4]), 4)], []);
  t.deepEqual([...toggleCheck(TREE, new Set([1]), 99)], [1], 'an unknown id changes nothing');
});

test('the post holds checked and half-checked ids in tree order', (t) => {
  t.deepEqual(postedIds(TREE, new Set([4, 5, 12])), [2, 3, 4, 5, 10, 11, 12]);
  t.deepEqual(postedIds(TREE, new Set([3])), [2, 3], 'a page held without buttons is kept');
  t.deepEqual(postedIds(TREE, new Set()), []);
  t.deepEqual(postedIds(TREE, new Set(allIds(TREE))), allIds(TREE));
});

test('an edited group selects its leaf rules, or everything for *', (t) => {
  t.deepEqual([...selectionOf(TREE, [4, 5, 12])], [4, 5, 12]);
  t.deepEqual([...selectionOf(TREE, ['4', '99'])], [4], 'rules outside the tree are left out');
  t.deepEqual([...selectionOf(TREE, '4,5')], [4, 5]);
  t.deepEqual([...selectionOf(TREE, ['*'])], allIds(TREE));
  t.deepEqual([...selectionOf(TREE, null)], []);
  // Round trip: what edit GET gives back (leaves) shows the same states as what was posted.
  const posted = postedIds(TREE, new Set([4, 5, 12]));
  const leaves = posted.filter((id) => !posted.some((other) => flatten(TREE).find((n) => n.id === other)?.pid === id));
  t.deepEqual(postedIds(TREE, selectionOf(TREE, leaves)), posted);
});

test('a chosen tree option shows without its indentation', (t) => {
  t.is(plainLabel('└ News desk'), 'News desk');
  t.is(plainLabel('\u00a0\u00a0│\u00a0├ 角色组管理'), '角色组管理');
  t.is(plainLabel('Plain name'), 'Plain name');
  t.is(plainLabel('A │ B'), 'A │ B', 'only the leading prefix goes');
});
