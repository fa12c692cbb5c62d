import type { ScreenRegistry } from '../app/screens.ts';
import type { ScreenProps } from './context.ts';

/**
 * Member-centre screens by screen name, each loaded when first opened. A user_rule's component names one by
 * its view path: '/src/views/frontend/user/account/overview.vue' opens 'account/overview' (src/shared/views.ts).
 */
export const SCREENS: ScreenRegistry<ScreenProps> = {
  'account/overview': { load: () => import('./screens/Overview.tsx') },
  'account/profile': { load: () => import('./screens/Profile.tsx'), ns: ['captcha', 'upload'] },
  'account/changePassword': { load: () => import('./screens/ChangePassword.tsx') },
  'account/integral': { load: () => import('./screens/Integral.tsx') },
  'account/balance': { load: () => import('./screens/Balance.tsx'), ns: ['pay'] },
  'account/message': { load: () => import('./screens/Messages.tsx') },
  'account/trailApplication': { load: () => import('./screens/TrailApplications.tsx'), ns: ['trail'] },
  'account/activity': { load: () => import('./screens/Activities.tsx'), ns: ['activity'] },
};
