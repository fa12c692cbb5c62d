import type { Services } from '../../server/services/index.ts';
import type { ApiRoute } from '../types.ts';

/** GET /api/index/index: what the site header and the member centre need on first load (reference section 7). */
export function indexRoutes(services: Services): ApiRoute[] {
  return [
    {
      methods: ['GET', 'POST'],
      path: '/api/index/index',
      auth: 'none',
      async handler({ ctx }) {
        const { settings } = services;
        const origin = services.config.publicUrl || `//${ctx.host}`;
        return {
          site: await settings.site(ctx.state.lang, origin),
          openMemberCenter: await settings.flag('open_member_center'),
          userInfo: [],
          rules: [],
          menus: [],
        };
      },
    },
  ];
}
