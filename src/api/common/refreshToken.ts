import type { Services } from '../../server/services/index.ts';
import type { ApiRoute } from '../types.ts';
import { Refusal } from '../../server/errors.ts';

/**
 * POST /api/common/refreshToken (reference 2.5 with its fixes): only `*-refresh` tokens are accepted, the
 * expired access token sent along must belong to the same account, and the refresh token rotates: the
 * answer carries a new one (`refresh_token`), the old one is spent, and a spent one presented again ends
 * the whole login everywhere (someone else holds a copy).
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
          throw new Refusal('account:loginExpired');
        }
        // Checked first: whoever replays a spent token holds a copy, whatever access token comes with it.
        if (tokens.isSpent(row)) {
          if (row.family) await tokens.revokeFamily(row.family);
          throw new Refusal('account:loginExpired');
        }
        const side = row.type === 'admin-refresh' ? 'admin' : 'user';
        const oldToken = side === 'admin' ? presented.admin : presented.user;
        const old = await tokens.find(oldToken);
        if (!old || old.type !== side || old.user_id !== row.user_id) throw new Refusal('account:invalidToken');
        const account = await knex(side).where('id', row.user_id).first<{ status: string } | undefined>('status');
        if (!account || !auth.isEnabled(side, account.status)) throw new Refusal('account:loginExpired');
        const rotated = await tokens.rotate(refreshToken);
        if (!rotated.ok) throw new Refusal('account:loginExpired');
        await tokens.revoke(oldToken);
        return { type: row.type, token: rotated.tokens.token, refresh_token: rotated.tokens.refresh_token };
      },
    },
  ];
}
