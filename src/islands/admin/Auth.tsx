import type { ReactNode } from 'react';
import type { NodeQuery } from '../app/permissions.ts';
import { useAdmin } from './context.ts';

/**
 * Renders its children only when the admin holds the permission node (spec section 6): `<Auth node="add">`
 * for a button of the current screen, `<Auth node={{ name: 'auth/admin', node: 'edit' }}>` for another page's.
 */
export function Auth({ node, children }: { node: NodeQuery; children: ReactNode }) {
  return useAdmin().auth(node) ? <>{children}</> : null;
}
