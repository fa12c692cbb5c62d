import { island } from '../../islandDef.ts';

/**
 * The member login page's island, in a module of its own: the page's loader hydrates only this one, so a
 * first visit carries neither the other islands' addresses nor their catalogues'. The click captcha brings
 * its own catalogue when it opens, the forms theirs (account, validate) with the first problem they show.
 */
export const userLogin = island(() => import('../LoginIsland.tsx'), import.meta.glob('../../../locales/*/{user,request}.json', { import: 'default' }));
