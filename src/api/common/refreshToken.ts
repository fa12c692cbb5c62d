import { ApiError } from '../../server/middleware/envelope.ts';
import type { Services } from '../../server/services/index.ts';
import type { ApiRoute } from '../types.ts';

/**
 * POST /api/common/refreshToken (reference 2.5 with its fixes): only `*-refresh` tokens are accepted, and
 * the expired access token sent along must belong to the same account. The refresh token is not rotated.
 */
export function refreshTokenRoutes(services: Services): ApiRoute[] {
  const { tokens, auth, knex } = services;
  return [
    {
      methods: ['POST'],
      path: '/api/common/refreshToken',
      auth: 'none',
      rateLimit: { max: 30, windowSec: 60 },
      async handler({ input, tokens: presented }) {
        const refreshToken = typeof input.refreshToken === 'string' ? input.refreshToken.trim() : '';
        const row = await tokens.find(refreshToken);
        if (!row || (row.type !== 'user-refresh' && row.type !== 'admin-refresh') || tokens.isExpired(row)) {
          throw new ApiError('account:loginExpired');
        }
        const side = row.type === 'admin-refresh' ? 'admin' : 'user';
        const oldToken = side === 'admin' ? presented.admin : presented.user;
        const old = await tokens.find(oldToken);
        if (!old || old.type !== side || old.user_id !== row.user_id) throw new ApiError('account:invalidToken');
        const account = await knex(side).where('id', row.user_id).first<{ status: string } | undefined>('status');
        if (!account || !auth.isEnabled(side, account.status)) throw new ApiError('account:loginExpired');
        await tokens.revoke(oldToken);
        return { type: row.type, token: await tokens.issue(side, row.user_id) };
      },
    },
  ];
}
