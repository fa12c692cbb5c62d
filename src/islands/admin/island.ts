import { island } from '../islandDef.ts';

/**
 * The back office's islands, in a module of their own: the admin pages' loader hydrates only these, so the
 * admin's first view carries neither the other islands' addresses nor their catalogues'.
 */
export const adminApp = island(() => import('./AdminApp.tsx'), import.meta.glob('../../locales/*/{admin,common,request,validate,account}.json', { import: 'default' }));
export const adminLogin = island(() => import('./AdminLogin.tsx'), import.meta.glob('../../locales/*/{admin,common,account,validate,captcha,request}.json', { import: 'default' }));
