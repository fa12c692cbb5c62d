import type { ScreenDef, ScreenRegistry } from '../../app/screens.ts';
import { isGeneratedResource } from '../crud/resourceStore.ts';
import { resources } from '../../../resources/index.ts';
import type { ScreenProps } from '../context.ts';
import { CRUD_NAMESPACES } from '../crud/namespaces.ts';

/**
 * Hand-written admin screens by screen name, each loaded when first opened. An admin_rule's component names one
 * by its view path: '/src/views/backend/auth/rule/index.vue' opens 'auth/rule' (src/shared/views.ts). Each comes
 * with the catalogue namespaces it needs beyond the shell's (admin, common, request, validate, account).
 * Adding a screen is one line:
 *   'auth/rule': { load: () => import('./RuleTree.tsx'), ns: ['admin-auth'] },
 */
const SCREENS: ScreenRegistry<ScreenProps> = {
  dashboard: { load: () => import('./Dashboard.tsx'), ns: ['pay', 'staff'] },
  'pay/config': { load: () => import('./PayConfig.tsx'), ns: ['pay', ...CRUD_NAMESPACES] },
  'pay/order': { load: () => import('./PayOrders.tsx'), ns: ['pay', ...CRUD_NAMESPACES] },
  'routine/adminInfo': { load: () => import('./AdminInfo.tsx'), ns: ['upload'] },
  'content/trailApplication': { load: () => import('./TrailApplications.tsx'), ns: ['trail', 'content', ...CRUD_NAMESPACES] },
  'content/activitySignup': { load: () => import('./activity/ActivitySignups.tsx'), ns: ['activity', ...CRUD_NAMESPACES] },
  'auth/group': { load: () => import('./Groups.tsx'), ns: ['admin-screens-auth', ...CRUD_NAMESPACES] },
  'auth/rule': { load: () => import('./Rules.tsx'), ns: ['admin-screens-auth', ...CRUD_NAMESPACES] },
  'auth/department': { load: () => import('./Departments.tsx'), ns: ['admin-screens-auth', ...CRUD_NAMESPACES] },
  'user/rule': { load: () => import('./Rules.tsx'), ns: ['admin-screens-auth', 'user', ...CRUD_NAMESPACES] },
  'user/group': { load: () => import('./MemberGroups.tsx'), ns: ['admin-screens-auth', 'user', ...CRUD_NAMESPACES] },
  'user/user': { load: () => import('./Members.tsx'), ns: ['admin-screens-auth', ...CRUD_NAMESPACES] },
  'user/moneyLog': { load: () => import('./Ledger.tsx'), ns: ['admin-screens-auth', ...CRUD_NAMESPACES] },
  'user/scoreLog': { load: () => import('./Ledger.tsx'), ns: ['admin-screens-auth', ...CRUD_NAMESPACES] },
  'routine/config': { load: () => import('./Config.tsx'), ns: ['admin-screens-routine', ...CRUD_NAMESPACES] },
  'routine/attachment': { load: () => import('./Attachments.tsx'), ns: ['admin-screens-routine', ...CRUD_NAMESPACES] },
  'routine/backup': { load: () => import('./Backups.tsx'), ns: ['backup', 'crud-ui'] },
  'security/dataRecycle': { load: () => import('./RecycleRules.tsx'), ns: ['admin-screens-routine', ...CRUD_NAMESPACES] },
  'security/sensitiveData': { load: () => import('./SensitiveRules.tsx'), ns: ['admin-screens-routine', ...CRUD_NAMESPACES] },
  'security/dataRecycleLog': { load: () => import('./RecycleBin.tsx'), ns: ['admin-screens-routine', ...CRUD_NAMESPACES] },
  'security/sensitiveDataLog': { load: () => import('./SensitiveLog.tsx'), ns: ['admin-screens-routine', ...CRUD_NAMESPACES] },
  'wechat/config': { load: () => import('./wechat/OfficialAccount.tsx'), ns: ['admin-screens-wechat', 'wechat', 'crud-ui'] },
  // BuildAdmin's view for its generator rule crud/crud: /src/views/backend/crud/index.vue.
  crud: { load: () => import('./crud/CrudDesigner.tsx'), ns: ['crud-designer', 'crud-generator', ...CRUD_NAMESPACES] },
  'wechat/miniProgram': { load: () => import('./wechat/MiniProgram.tsx'), ns: ['admin-screens-wechat', 'wechat', 'crud-ui'] },
};

/**
 * The generic CRUD screen: it serves every resource of src/resources (screen = resource name, e.g. 'content/news'
 * for '/src/views/backend/content/news/index.vue') that has no hand-written screen in SCREENS.
 */
export const resourceScreen: ScreenDef<ScreenProps> = { load: () => import('../crud/CrudScreen.tsx'), ns: CRUD_NAMESPACES };

/** Every screen the admin can show: resource screens first, so a hand-written one overrides its resource. */
export const ADMIN_SCREENS: ScreenRegistry<ScreenProps> = {
  ...Object.fromEntries(resources.map((r) => [r.name, resourceScreen])),
  ...SCREENS,
};

/** A screen by name: a hand-written or resource screen, else the generic one of a generated resource. */
export function adminScreen(screen: string): ScreenDef<ScreenProps> | undefined {
  if (Object.hasOwn(ADMIN_SCREENS, screen)) return ADMIN_SCREENS[screen];
  return isGeneratedResource(screen) ? resourceScreen : undefined;
}
