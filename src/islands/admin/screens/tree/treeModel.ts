/**
 * The pure side of the tree screens (role groups, menu rules; reference 3.2, 3.3, 3.7): which rows of a
 * nested answer are on screen, which sibling a row swaps with, and the checked / half-checked states of a
 * rule checkbox tree. No React: unit-tested directly.
 */

/** A node of a tree answer: nested by `pid` under `children`. */
export interface TreeItem {
  id: number;
  pid: number;
  children?: readonly this[];
}

/** Every node, depth-first, parents before their children. */
export function flatten<T extends TreeItem>(nodes: readonly T[]): T[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children ?? [])]);
}

export function allIds(nodes: readonly TreeItem[]): number[] {
  return flatten(nodes).map((n) => n.id);
}

/** A node's id and those of everything below it (none when it is not in the tree). */
export function subtreeIds(nodes: readonly TreeItem[], id: number): number[] {
  const node = flatten(nodes).find((n) => n.id === id);
  return node ? allIds([node]) : [];
}

/** Ids of the nodes that have children (what "expand all" opens). */
export function branchIds(nodes: readonly TreeItem[]): number[] {
  return flatten(nodes)
    .filter((n) => (n.children?.length ?? 0) > 0)
    .map((n) => n.id);
}

/** A row of a tree table: the node, how deep it sits, and where it stands among its siblings. */
export interface TreeRow<T> {
  node: T;
  depth: number;
  hasChildren: boolean;
  open: boolean;
  /** The previous and next sibling (the rows it can swap places with), or null at either end. */
  before: T | null;
  after: T | null;
}

/** The rows on screen: every root, and the children of every open node, depth-first. */
export function visibleRows<T extends TreeItem>(nodes: readonly T[], expanded: ReadonlySet<number>, depth = 0): TreeRow<T>[] {
  return nodes.flatMap((node, i) => {
    const children = node.children ?? [];
    const open = children.length > 0 && expanded.has(node.id);
    const row: TreeRow<T> = { node, depth, hasChildren: children.length > 0, open, before: nodes[i - 1] ?? null, after: nodes[i + 1] ?? null };
    return open ? [row, ...visibleRows(children, expanded, depth + 1)] : [row];
  });
}

/** The siblings of a node (the list it sits in), or null when it is not in the tree. */
function siblingsOf<T extends TreeItem>(nodes: readonly T[], id: number): readonly T[] | null {
  if (nodes.some((n) => n.id === id)) return nodes;
  for (const node of nodes) {
    const found = siblingsOf(node.children ?? [], id);
    if (found) return found;
  }
  return null;
}

/** The sibling a node swaps weights with to move one place up (-1) or down (+1); null at either end. */
export function siblingTarget(nodes: readonly TreeItem[], id: number, step: -1 | 1): number | null {
  const siblings = siblingsOf(nodes, id);
  if (!siblings) return null;
  return siblings[siblings.findIndex((n) => n.id === id) + step]?.id ?? null;
}

/** Sorting swaps weights, which only means something between children of the same parent. */
export function areSiblings(nodes: readonly TreeItem[], a: number, b: number): boolean {
  return a !== b && (siblingsOf(nodes, a)?.some((n) => n.id === b) ?? false);
}

// ---- the rule checkbox tree -------------------------------------------------------------------------

export type CheckState = 'checked' | 'mixed' | 'unchecked';

/**
 * What each checkbox shows for a selection. A leaf is checked when selected. A branch is checked when all
 * its children are, mixed when some are (or are mixed), and otherwise mixed when it is selected itself: a
 * group may hold a page without any of its buttons, and that grant must survive opening and saving it.
 */
export function checkStates(nodes: readonly TreeItem[], selected: ReadonlySet<number>): Map<number, CheckState> {
  const states = new Map<number, CheckState>();
  const visit = (node: TreeItem): CheckState => {
    const children = (node.children ?? []).map(visit);
    let state: CheckState;
    if (children.length === 0) state = selected.has(node.id) ? 'checked' : 'unchecked';
    else if (children.every((s) => s === 'checked')) state = 'checked';
    else if (children.some((s) => s !== 'unchecked') || selected.has(node.id)) state = 'mixed';
    else state = 'unchecked';
    states.set(node.id, state);
    return state;
  };
  nodes.forEach(visit);
  return states;
}

/** The path from a root down to a node (the node included), or null when it is not in the tree. */
function pathTo<T extends TreeItem>(nodes: readonly T[], id: number): T[] | null {
  for (const node of nodes) {
    if (node.id === id) return [node];
    const below = pathTo(node.children ?? [], id);
    if (below) return [node, ...below];
  }
  return null;
}

/**
 * A click on a checkbox. An unchecked or mixed node becomes checked with everything below it; a checked
 * one is cleared with everything below it, and so is every ancestor left without a selected descendant
 * (unticking a page's last button unticks the page, as in the reference client).
 */
export function toggleCheck(nodes: readonly TreeItem[], selected: ReadonlySet<number>, id: number): Set<number> {
  const path = pathTo(nodes, id);
  if (!path) return new Set(selected);
  const node = path[path.length - 1]!;
  const below = flatten([node]).map((n) => n.id);
  const next = new Set(selected);
  if (checkStates([node], selected).get(id) !== 'checked') {
    for (const n of below) next.add(n);
    return next;
  }
  for (const n of below) next.delete(n);
  for (const ancestor of path.slice(0, -1).reverse()) {
    if (allIds(ancestor.children ?? []).some((n) => next.has(n))) break;
    next.delete(ancestor.id);
  }
  return next;
}

/**
 * The `rules` a group form posts: checked and half-checked nodes (reference 3.2), so a granted button
 * brings its page and folder along. In tree order.
 */
export function postedIds(nodes: readonly TreeItem[], selected: ReadonlySet<number>): number[] {
  const states = checkStates(nodes, selected);
  return allIds(nodes).filter((id) => states.get(id) !== 'unchecked');
}

/**
 * The selection of an edited group from its `rules` as edit GET gives them: leaf ids, or ['*'] for a
 * group holding everything. Ids outside the tree (rules the caller does not hold) are left out.
 */
export function selectionOf(nodes: readonly TreeItem[], rules: unknown): Set<number> {
  const ids = allIds(nodes);
  const list = Array.isArray(rules) ? rules : typeof rules === 'string' && rules ? rules.split(',') : [];
  if (list.some((r) => String(r).trim() === '*')) return new Set(ids);
  const wanted = new Set(list.map((r) => Number(r)));
  return new Set(ids.filter((id) => wanted.has(id)));
}
