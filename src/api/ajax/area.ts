import type { Services } from '../../server/services/index.ts';
import { areaOptions } from '../../server/services/area.ts';
import type { ApiRoute } from '../types.ts';

/**
 * The cascading province / city / district picker (member-and-common-api 6.4): public under /api/ajax,
 * and for any logged-in admin under /admin/ajax.
 */
export function areaRoutes(services: Services): ApiRoute[] {
  return [
    { methods: ['GET'], path: '/api/ajax/area', auth: 'none', handler: ({ input }) => areaOptions(services.knex, input) },
    { methods: ['GET'], path: '/admin/ajax/area', auth: 'admin', handler: ({ input }) => areaOptions(services.knex, input) },
  ];
}
