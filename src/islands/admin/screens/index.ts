import type { ScreenDef, ScreenRegistry } from '../../app/screens.ts';
import { resources } from '../../../resources/index.ts';
import type { ScreenProps } from '../context.ts';
import { CRUD_NAMESPACES } from '../crud/namespaces.ts';

/**
 * Hand-written admin screens by menu component key (`admin_rule.component`), each loaded when first opened,
 * with the catalogue namespaces it needs beyond the shell's (admin, common, request, validate, account).
 * Adding a screen is one line:
 *   'auth/rule': { load: () => import('./RuleTree.tsx'), ns: ['admin-auth'] },
 */
const SCREENS: ScreenRegistry<ScreenProps> = {
  dashboard: { load: () => import('./Dashboard.tsx') },
  'routine/adminInfo': { load: () => import('./AdminInfo.tsx'), ns: ['upload'] },
  'content/trailApplication': { load: () => import('./TrailApplications.tsx'), ns: ['trail', 'content', ...CRUD_NAMESPACES] },
};

/**
 * The generic CRUD screen: it serves every resource of src/resources (component = resource name, e.g.
 * 'content/news') that has no hand-written screen in SCREENS.
 */
export const resourceScreen: ScreenDef<ScreenProps> = { load: () => import('../crud/CrudScreen.tsx'), ns: CRUD_NAMESPACES };

/** Every screen the admin can show: resource screens first, so a hand-written one overrides its resource. */
export const ADMIN_SCREENS: ScreenRegistry<ScreenProps> = {
  ...Object.fromEntries(resources.map((r) => [r.name, resourceScreen])),
  ...SCREENS,
};
