import { z } from 'zod';
import { lazySchema } from '../../shared/schemas/lazySchema.ts';
import { MAX_SEARCH_LIMIT, MAX_SEARCH_PAGE, SEARCH_PAGE_SIZE, SEARCH_RATE_LIMIT } from '../../shared/search.ts';
import type { Services } from '../../server/services/index.ts';
import { parseInput } from '../../server/validate.ts';
import type { ApiRoute } from '../types.ts';

/** A whole number in [1, max], or the catalogue key saying so (a page of -3 or a limit of 99,999 is refused, not guessed at). */
const bounded = (max: number, fallback: number, message: string) =>
  z.coerce.number({ message }).int({ message }).min(1, { message }).max(max, { message }).optional().default(fallback);

const searchSchema = lazySchema(() =>
  z.object({
    q: z.string({ message: 'search:badQuery' }).optional().default(''),
    page: bounded(MAX_SEARCH_PAGE, 1, 'search:badPage'),
    limit: bounded(MAX_SEARCH_LIMIT, SEARCH_PAGE_SIZE, 'search:badLimit'),
  }),
);

/** GET /api/search: the site search for any caller, in the caller's language (think-lang, ?lang=). */
export function searchRoutes(services: Services): ApiRoute[] {
  return [
    {
      methods: ['GET'],
      path: '/api/search',
      auth: 'none',
      rateLimit: SEARCH_RATE_LIMIT,
      async handler({ ctx, input }) {
        const { q, page, limit } = parseInput(searchSchema(), input);
        return services.search.search(ctx.state.lang, q, page, limit);
      },
    },
  ];
}
