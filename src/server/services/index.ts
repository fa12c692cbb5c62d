import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Context } from 'koa';
import type { AppConfig } from '../config.ts';
import { Settings } from './settings.ts';

/** Everything handlers and page data hooks need, built once per process. */
export interface Services {
  config: AppConfig;
  knex: Knex;
  log: Logger;
  settings: Settings;
  /** Origin used for absolute links of this request: PUBLIC_URL, else the request's own. */
  origin(ctx: Context): string;
}

export function createServices(config: AppConfig, knex: Knex, log: Logger): Services {
  return {
    config,
    knex,
    log,
    settings: new Settings(knex),
    origin: (ctx) => config.publicUrl || `${ctx.protocol}://${ctx.host}`,
  };
}
