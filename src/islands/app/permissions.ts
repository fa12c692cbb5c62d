/**
 * Permission nodes (spec section 6): a map from route path or route name to the sub-nodes (button actions)
 * the signed-in account holds there. An element whose node is not permitted is not rendered.
 */
import type { MenuNode } from '../../shared/account.ts';
import { joinPath } from './paths.ts';

export type NodeMap = ReadonlyMap<string, ReadonlySet<string>>;

/** The last segment of a button's name is its action: 'auth/admin/add' → 'add'. */
function actionOf(button: MenuNode): string {
  return button.name.split('/').pop() ?? button.name;
}

/** Builds the map from the menu tree: every page is reachable by `<base>/<path>` and by its name. */
export function buildNodeMap(menus: readonly MenuNode[], base: string): NodeMap {
  const map = new Map<string, Set<string>>();
  const visit = (nodes: readonly MenuNode[]) => {
    for (const node of nodes) {
      const children = node.children ?? [];
      if (node.type === 'menu') {
        const actions = new Set(children.filter((c) => c.type === 'button').map(actionOf));
        map.set(joinPath(base, node.path), actions);
        map.set(node.name, actions);
      }
      visit(children);
    }
  };
  visit(menus);
  return map;
}

export type NodeQuery = string | { name: string; node?: string };

/**
 * A check by path (`<route path>/<action>`, e.g. '/admin/auth/admin/add') or by name with an optional
 * sub-node (`{name: 'auth/admin', node: 'add'}`; without one, the page itself). Super admins hold every node.
 */
export function hasNode(map: NodeMap, query: NodeQuery, isSuper: boolean): boolean {
  if (isSuper) return true;
  if (typeof query === 'string') {
    const cut = query.lastIndexOf('/');
    if (cut <= 0) return false;
    return map.get(query.slice(0, cut))?.has(query.slice(cut + 1)) ?? false;
  }
  const actions = map.get(query.name);
  if (!actions) return false;
  return query.node === undefined || actions.has(query.node);
}
