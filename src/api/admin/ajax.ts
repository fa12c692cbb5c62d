import type { Services } from '../../server/services/index.ts';
import type { ApiRoute } from '../types.ts';
import { Refusal, Success } from '../../server/errors.ts';

/** Cache types of reference 4 `clearCache`: 'tp' (the framework cache) and 'all' both mean every server cache. */
const CACHE_TYPES = ['tp', 'all'];

/** Admin helpers open to any logged-in admin (reference 4; area lives with the public twin in ajax/area.ts). */
export function adminAjaxRoutes(services: Services): ApiRoute[] {
  const { caches } = services;
  return [
    {
      methods: ['POST'],
      path: '/admin/ajax/clearCache',
      auth: 'admin',
      logTitle: 'Clear cache',
      async handler({ input }) {
        if (!CACHE_TYPES.includes(String(input.type ?? ''))) throw new Refusal('crud:parameterError');
        await caches.clearAll();
        return new Success(null, 'admin-routine:cacheCleared');
      },
    },
  ];
}
