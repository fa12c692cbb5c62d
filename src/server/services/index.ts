import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Context } from 'koa';
import type { AppConfig } from '../config.ts';
import { Settings } from './settings.ts';
import { loadSecret } from './secrets.ts';
import { TokenService } from './tokens.ts';
import { AuthService } from './auth.ts';
import { CaptchaService } from './captcha.ts';

/** Everything handlers and page data hooks need, built once per process. */
export interface Services {
  config: AppConfig;
  knex: Knex;
  log: Logger;
  settings: Settings;
  tokens: TokenService;
  auth: AuthService;
  captcha: CaptchaService;
  /** Origin used for absolute links of this request: PUBLIC_URL, else the request's own. */
  origin(ctx: Context): string;
}

export async function createServices(config: AppConfig, knex: Knex, log: Logger): Promise<Services> {
  const tokens = new TokenService(knex, await loadSecret(knex, 'token_key'), {
    admin: config.adminTokenKeepTime,
    user: config.userTokenKeepTime,
  });
  return {
    config,
    knex,
    log,
    settings: new Settings(knex),
    tokens,
    auth: new AuthService(knex, tokens),
    captcha: new CaptchaService(knex, await loadSecret(knex, 'captcha_key')),
    origin: (ctx) => config.publicUrl || `${ctx.protocol}://${ctx.host}`,
  };
}
