import type { ComponentType } from 'react';

/** How the browser gets an island: its code, and the catalogue namespaces it needs before hydrating. */
export interface IslandDef {
  load: () => Promise<ComponentType<Record<string, unknown>>>;
  ns: readonly string[];
  /** For members only: a visitor with no stored member login goes to the island's `loginHref` prop instead. */
  membersOnly?: boolean;
}

function island<P>(load: () => Promise<{ default: ComponentType<P> }>, ns: readonly string[], options: Pick<IslandDef, 'membersOnly'> = {}): IslandDef {
  // Props arrive as parsed JSON from the server-rendered markup; each island's own type describes them.
  return { load: async () => (await load()).default as unknown as ComponentType<Record<string, unknown>>, ns, ...options };
}

/** Every island the pages may render. A name here is the `data-island` attribute in the HTML. */
export const islands = {
  AdminApp: island(() => import('./admin/AdminApp.tsx'), ['admin', 'common', 'request', 'validate', 'account']),
  AdminLogin: island(() => import('./admin/AdminLogin.tsx'), ['admin', 'common', 'account', 'validate', 'captcha', 'request']),
  BackCountdown: island(() => import('./BackCountdown.tsx'), ['common']),
  CanalMap: island(() => import('./CanalMap.tsx'), ['content', 'common']),
  ClickCaptcha: island(() => import('./ClickCaptcha.tsx'), ['captcha', 'request']),
  TrailApply: island(() => import('./TrailApply.tsx'), ['trail', 'content', 'upload', 'request'], { membersOnly: true }),
  Uploader: island(() => import('./Uploader.tsx'), ['upload', 'request']),
  UserLogin: island(() => import('./user/LoginIsland.tsx'), ['user', 'common', 'account', 'validate', 'captcha', 'request']),
  UserApp: island(() => import('./user/UserApp.tsx'), ['user', 'common', 'account', 'validate', 'request']),
} satisfies Record<string, IslandDef>;

export type IslandName = keyof typeof islands;
