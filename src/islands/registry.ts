import type { IslandDef } from './islandDef.ts';
import { island } from './islandDef.ts';
import { adminApp, adminLogin } from './admin/island.ts';
import { userLogin } from './user/login/island.ts';

/** Every island the pages may render. A name here is the `data-island` attribute in the HTML. */
export const islands = {
  ActivitySignup: island(() => import('./ActivitySignup.tsx'), import.meta.glob('../locales/*/{activity,request}.json', { import: 'default' })),
  AdminApp: adminApp,
  AdminLogin: adminLogin,
  BackCountdown: island(() => import('./BackCountdown.tsx'), import.meta.glob('../locales/*/common.json', { import: 'default' })),
  CanalMap: island(() => import('./CanalMap.tsx'), import.meta.glob('../locales/*/{content,common}.json', { import: 'default' })),
  ClickCaptcha: island(() => import('./ClickCaptcha.tsx'), import.meta.glob('../locales/*/{captcha,request}.json', { import: 'default' })),
  TrailApply: island(() => import('./TrailApply.tsx'), import.meta.glob('../locales/*/{trail,content,upload,request}.json', { import: 'default' }), { membersOnly: true }),
  Uploader: island(() => import('./Uploader.tsx'), import.meta.glob('../locales/*/{upload,request}.json', { import: 'default' })),
  UserLogin: userLogin,
  UserApp: island(() => import('./user/UserApp.tsx'), import.meta.glob('../locales/*/{user,common,account,validate,request}.json', { import: 'default' })),
} satisfies Record<string, IslandDef>;

export type IslandName = keyof typeof islands;
