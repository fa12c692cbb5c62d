import type { LoginSide, TokenService } from '../../server/services/tokens.ts';
import type { ApiRoute } from '../types.ts';

/**
 * POST logout of one side (reference 2.6): ends the login of the posted refresh token and the access token
 * presented, each only if it is of this side; answers alike whether or not anyone was logged in.
 */
export function logoutRoute(tokens: TokenService, side: LoginSide, path: string): ApiRoute {
  return {
    methods: ['POST'],
    path,
    auth: 'none',
    async handler({ input, tokens: presented }) {
      await tokens.signOut(side, typeof input.refreshToken === 'string' ? input.refreshToken : '', presented[side]);
      return null;
    },
  };
}
