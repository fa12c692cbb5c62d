import type { Services } from '../../server/services/index.ts';
import type { ApiRoute } from '../types.ts';

/**
 * GET /api/index/tour: the cloud tour's sections and stops with their stories, in the reader's language. The
 * /canal page renders the map from the same data but sends none of it in its HTML: the map's island fetches
 * it when it starts, so a first visit on a slow phone paints without carrying every city's story twice.
 */
export function tourRoutes(services: Services): ApiRoute[] {
  return [
    {
      methods: ['GET'],
      path: '/api/index/tour',
      auth: 'none',
      handler: ({ ctx }) => services.content.tour(ctx.state.lang),
    },
  ];
}
